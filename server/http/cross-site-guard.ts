import type { MiddlewareHandler } from "hono";
import { M, message } from "@shared/messages";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Payment providers' calls and the gateway's return post come from other sites by design; none of them acts on a
 * session: each is proven by the provider itself (a signature, a client secret, the gateway's validation).
 */
const PROVIDER_CALL = /^\/api\/payments\/[a-z]+\/(?:webhook|ipn|return|confirm)$/;

/**
 * Refuses writes that another site's page makes a browser send (403 `{message, code}`), whatever their content
 * type: a request is from another site when its `Origin` is not one of the store's, or, without `Origin`, when
 * `Sec-Fetch-Site` says `cross-site` or `same-site`. A request with neither is not a browser's and passes.
 *
 * Refused when it carries a cookie (the browser adds the session on its own), and also without one when it can
 * start a session: sign-in (`/api/auth/*`) and the pages' actions, so another site cannot sign a visitor in to
 * an account of its choosing. A bearer token is never added by a browser, so a call with one and no cookie is
 * open to other sites' scripts, as is an API call that carries nobody's credentials.
 */
export function crossSiteGuard(trustedOrigins: string[]): MiddlewareHandler {
  const trusted = new Set(trustedOrigins);
  return async (c, next) => {
    const path = c.req.path;
    if (SAFE_METHODS.has(c.req.method) || PROVIDER_CALL.test(path)) return next();
    if (!fromAnotherSite(c.req.raw.headers, trusted)) return next();
    const cookie = Boolean(c.req.header("cookie"));
    const bearer = /^bearer\s/i.test(c.req.header("authorization") ?? "");
    const opensSession = !path.startsWith("/api/") || path.startsWith("/api/auth/");
    if (!cookie && (bearer || !opensSession)) return next();
    return c.json(message(M.request.cross_site), 403);
  };
}

function fromAnotherSite(headers: Headers, trusted: Set<string>): boolean {
  const origin = headers.get("origin");
  if (origin !== null) return !trusted.has(origin);
  const site = headers.get("sec-fetch-site");
  return site === "cross-site" || site === "same-site";
}
