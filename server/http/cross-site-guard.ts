import type { MiddlewareHandler } from "hono";
import { csrf } from "hono/csrf";
import { M, message } from "@shared/messages";

/**
 * Refuses form-style writes sent from other sites' pages (Hono's csrf: Origin and Sec-Fetch-Site).
 * Only requests that ride on a cookie need it: a bearer token is never sent by a browser on its own,
 * and an API call with no cookie carries no one's authority. Sign-in forms are always checked.
 */
export function crossSiteGuard(trustedOrigins: string[]): MiddlewareHandler {
  const check = csrf({ origin: trustedOrigins });
  return async (c, next) => {
    const path = c.req.path;
    const apiWithoutCookie = path.startsWith("/api/") && !path.startsWith("/api/auth/") && !c.req.header("cookie");
    // Payment providers' calls and the gateway's return post come from other sites by design; none of them
    // acts on a session: each is proven by the provider itself (a signature, a client secret, validation).
    const providerCall = /^\/api\/payments\/[a-z]+\/(webhook|ipn|return|confirm)$/.test(path);
    if (c.req.header("authorization") || apiWithoutCookie || providerCall) return next();
    let passed = false;
    try {
      return await check(c, async () => {
        passed = true;
        await next();
      });
    } catch (err) {
      if (passed) throw err;
      return c.json(message(M.request.cross_site), 403);
    }
  };
}
