import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthMiddleware } from "better-auth/api";
import type { Db } from "../db/client";
import { tooMany } from "../errors";
import { countRequest, type LimitRule } from "../limits/request-limit";

/**
 * Password changes one account may try in an hour, right or wrong: whoever holds a stolen session cannot go on
 * guessing its password. Per address, Better Auth's rule for /change-password counts (auth.ts).
 */
export const PASSWORD_CHANGES_PER_ACCOUNT: LimitRule = { max: 5, windowSeconds: 60 * 60 };

/** The account a request is signed in as, read as every call reads it (a session cookie or a bearer token). */
export type AccountOf = (headers: Headers) => Promise<string | null>;

/**
 * POST /api/auth/change-password, whoever calls it (the API, My Profile's form): counted per account, and it ends
 * every other session of the account whatever the client sent as `revokeOtherSessions`. Better Auth then renews
 * the caller's own session in the same transaction: the answer sets the new cookie and carries the new token
 * (`token`, `Set-Auth-Token`), and the caller's old token ends with the others.
 */
export function passwordChange(db: Db, accountOf: AccountOf) {
  return {
    id: "randa-password-change",
    hooks: {
      before: [
        {
          matcher: (ctx) => ctx.path === "/change-password",
          handler: createAuthMiddleware(async (ctx) => {
            const headers = ctx.headers ?? ctx.request?.headers;
            const accountId = headers ? await accountOf(headers) : null;
            if (accountId) {
              const key = `password-change:account:${accountId}`;
              const verdict = await countRequest(db, key, PASSWORD_CHANGES_PER_ACCOUNT);
              if (!verdict.allowed) {
                const refusal = tooMany(verdict.retryAfterSeconds);
                const retryAfter = { "Retry-After": String(refusal.retryAfterSeconds) };
                throw new APIError("TOO_MANY_REQUESTS", refusal.detail, retryAfter);
              }
            }
            const body = typeof ctx.body === "object" && ctx.body !== null ? (ctx.body as object) : {};
            return { context: { body: { ...body, revokeOtherSessions: true } } };
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}
