import { APIError, createAuthMiddleware, isAPIError } from "better-auth/api";
import type { Db } from "../db/client";
import { tooMany } from "../errors";
import { emailKey, SIGN_IN_BACKOFF, signInSucceeded, startSignIn, type BackoffRule } from "../limits/sign-in-backoff";
import { countRequest, type LimitRule } from "../limits/request-limit";

/** Reset links one e-mail address may be sent, whoever asks: nobody can fill a stranger's mailbox with them. */
export const PASSWORD_RESET_PER_EMAIL: LimitRule = { max: 3, windowSeconds: 60 * 60 };

/** Better Auth's refusal that the store answers as `too_many`: 429 with Retry-After (`withStandard429` words it). */
function refuse(seconds: number): APIError {
  const refusal = tooMany(seconds);
  return new APIError("TOO_MANY_REQUESTS", refusal.detail, { "Retry-After": String(refusal.retryAfterSeconds) });
}

const emailOf = (body: unknown): string | null => {
  const email = (body as { email?: unknown } | null | undefined)?.email;
  return typeof email === "string" ? email : null;
};

/**
 * The limits Better Auth's own per-address rules (rateLimit.customRules) do not cover, as its hooks: they run for
 * every caller of its endpoints, the API's /api/auth and the pages' forms alike.
 * - Sign-in: per account, whatever addresses try it (server/limits/sign-in-backoff.ts). While the account is
 *   blocked even the right password is refused; a success clears it.
 * - Password reset: per target e-mail address (`PASSWORD_RESET_PER_EMAIL`), whether or not it has an account.
 */
export function attemptLimitHooks(db: Db, backoff: BackoffRule = SIGN_IN_BACKOFF) {
  return {
    before: createAuthMiddleware(async (ctx) => {
      const email = emailOf(ctx.body);
      if (email === null) return;
      if (ctx.path === "/sign-in/email") {
        const verdict = await startSignIn(db, email, backoff);
        if (!verdict.allowed) throw refuse(verdict.retryAfterSeconds);
      } else if (ctx.path === "/request-password-reset") {
        const key = emailKey("password-reset:email", email);
        const verdict = await countRequest(db, key, PASSWORD_RESET_PER_EMAIL);
        if (!verdict.allowed) throw refuse(verdict.retryAfterSeconds);
      }
    }),
    after: createAuthMiddleware(async (ctx) => {
      if (ctx.path !== "/sign-in/email") return;
      const email = emailOf(ctx.body);
      if (email !== null && ctx.context.returned !== undefined && !isAPIError(ctx.context.returned)) {
        await signInSucceeded(db, email);
      }
    }),
  };
}

/**
 * Every 429 of Better Auth's handler in the store's shape: a standard Retry-After header and `{message, code,
 * params}` (its own per-address limiter answers with X-Retry-After and a bare message).
 */
export function withStandard429(handler: (request: Request) => Promise<Response>) {
  return async (request: Request): Promise<Response> => {
    const res = await handler(request);
    if (res.status !== 429) return res;
    const said = Number(res.headers.get("retry-after") ?? res.headers.get("x-retry-after"));
    const refusal = tooMany(Number.isFinite(said) && said > 0 ? said : 60);
    const headers = new Headers(res.headers);
    headers.delete("x-retry-after");
    headers.delete("content-length");
    headers.set("content-type", "application/json");
    headers.set("retry-after", String(refusal.retryAfterSeconds));
    return new Response(JSON.stringify(refusal.detail), { status: 429, statusText: "Too Many Requests", headers });
  };
}
