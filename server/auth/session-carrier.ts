import { parseCookies } from "better-call";

/** What Better Auth's session cookie's name ends with, whatever it is prefixed with (`randa.`, `__Secure-randa.`). */
const SESSION_TOKEN = "session_token";

/**
 * Whether a request might be read as signed in, decided as the session reader reads it, without a database lookup:
 * any `Authorization` header (Better Auth's bearer plugin reads one of any case and spelling), or a cookie whose
 * name holds `session_token` in any case, the Cookie header split by the very parser Better Auth's getSession reads
 * the session cookie with (better-call's `parseCookies`, behind `ctx.getSignedCookie`; package.json pins the copy
 * Better Auth uses, and tests/integration/page-cache-sessions.test.ts checks it is the same). So every spelling the
 * reader accepts — whitespace around the name or the value, quotes, the cookie twice, the `__Secure-` prefix — is
 * seen here. Wider than the reader on purpose: another case, a stray prefix or a forged value costs one render,
 * whereas a session missed here would have its page kept and shown to everyone.
 */
export function mayCarrySession(headers: Headers): boolean {
  if (headers.has("authorization")) return true;
  const cookie = headers.get("cookie");
  if (!cookie) return false;
  for (const name of parseCookies(cookie).keys()) {
    if (name.toLowerCase().includes(SESSION_TOKEN)) return true;
  }
  return false;
}
