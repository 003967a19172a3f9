import { randomBytes } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import type { SecureHeadersVariables } from "hono/secure-headers";

/** Hono's secure-headers defaults, with a referrer policy that still lets same-site form posts name their origin. */
const COMMON_HEADERS: [string, string][] = [
  ["Cross-Origin-Resource-Policy", "same-origin"],
  ["Cross-Origin-Opener-Policy", "same-origin"],
  ["Origin-Agent-Cluster", "?1"],
  // Not "no-referrer": under it a browser sends `Origin: null` with a same-site form post, and the check of that
  // post's origin refuses it. "same-origin" still tells other sites nothing.
  ["Referrer-Policy", "same-origin"],
  ["X-Content-Type-Options", "nosniff"],
  ["X-DNS-Prefetch-Control", "off"],
  ["X-Download-Options", "noopen"],
  ["X-Frame-Options", "SAMEORIGIN"],
  ["X-Permitted-Cross-Domain-Policies", "none"],
  ["X-XSS-Protection", "0"],
];

/**
 * For a store whose BASE_URL is https: browsers go on using https for a year. Not includeSubDomains: the store
 * cannot know whether the shop's other subdomains all speak https.
 */
export const STRICT_TRANSPORT_SECURITY = "max-age=31536000";

/** JSON runs nothing. */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

/** A page's policy: directive → sources; "{nonce}" stands for the request's own script nonce. */
export type PagePolicy = Record<string, string[]>;

const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/**
 * Security headers on every answer, set before the handler runs so that the answer is built with them
 * (c.json, c.body, c.newResponse) instead of being copied and changed afterwards, which costs the busiest calls
 * a third of their speed. Every handler therefore answers through the context, never with a bare Response.
 * Pages get a fresh script nonce per request (`secureHeadersNonce`, as Hono's secure-headers names it).
 */
export function securityHeaders(
  pagePolicy: PagePolicy | undefined,
  { hsts = false }: { hsts?: boolean } = {},
): MiddlewareHandler<{
  Variables: SecureHeadersVariables;
}> {
  const policy = pagePolicy
    ? Object.entries(pagePolicy)
        .map(([directive, sources]) => [kebab(directive), ...sources].join(" "))
        .join("; ")
    : undefined;
  return async (c, next) => {
    for (const [name, value] of COMMON_HEADERS) c.header(name, value);
    if (hsts) c.header("Strict-Transport-Security", STRICT_TRANSPORT_SECURITY);
    if (c.req.path.startsWith("/api/")) {
      c.header("Content-Security-Policy", API_CONTENT_SECURITY_POLICY);
    } else if (policy) {
      const nonce = randomBytes(16).toString("base64");
      c.set("secureHeadersNonce", nonce);
      c.header("Content-Security-Policy", policy.replaceAll("{nonce}", `'nonce-${nonce}'`));
    }
    await next();
  };
}
