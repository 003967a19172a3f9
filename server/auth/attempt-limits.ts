import { APIError, createAuthMiddleware, getIP, isAPIError } from "better-auth/api";
import type { Db } from "../db/client";
import { tooMany } from "../errors";
import {
  emailKey,
  SIGN_IN_RULES,
  signInSucceeded,
  startSignIn,
  type SignInAttempt,
  type SignInRules,
} from "../limits/sign-in-backoff";
import { countRequest, type LimitRule } from "../limits/request-limit";
import {
  DEVICE_COOKIE,
  DEVICE_COOKIE_MAX_AGE_SECONDS,
  deviceAccount,
  readDeviceEntries,
  remember,
  writeDeviceEntries,
  type DeviceEntry,
} from "./device-cookie";

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

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/** What the before hook decided about a sign-in, for its after hook: one dispatch's context object per call. */
const decided = new WeakMap<object, { attempt: SignInAttempt; trusted: boolean }>();

function deviceCookie(ctx: HookContext) {
  return ctx.context.createAuthCookie(DEVICE_COOKIE, { maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS });
}

/** The browser's device cookie entries: none unless its signature holds under the store's secret. */
async function deviceEntries(ctx: HookContext): Promise<DeviceEntry[]> {
  return readDeviceEntries(await ctx.getSignedCookie(deviceCookie(ctx).name, ctx.context.secret));
}

/** The sign-in as the limits count it: the account, the caller's address and its device cookie's nonce for it. */
async function attemptOf(ctx: HookContext, email: string): Promise<SignInAttempt> {
  const account = deviceAccount(ctx.context.secret, email);
  const entry = (await deviceEntries(ctx)).find((e) => e.account === account);
  const source = ctx.request ?? ctx.headers;
  const address = source ? getIP(source, ctx.context.options) : null;
  return { email, address, device: entry?.nonce ?? null };
}

/** Remembers this browser for the account it just signed in to (or signed up for), with a new nonce. */
async function rememberDevice(ctx: HookContext, email: string): Promise<void> {
  const cookie = deviceCookie(ctx);
  const entries = remember(await deviceEntries(ctx), deviceAccount(ctx.context.secret, email));
  await ctx.setSignedCookie(cookie.name, writeDeviceEntries(entries), ctx.context.secret, cookie.attributes);
}

/**
 * The limits Better Auth's own per-address rules (rateLimit.customRules) do not cover, as its hooks: they run for
 * every caller of its endpoints, the API's /api/auth and the pages' forms alike (the forms pass the browser's
 * cookies in and its Set-Cookie out).
 * - Sign-in (server/limits/sign-in-backoff.ts): with the account's device cookie, counted against that cookie
 *   alone; without it, per account and address, and per account once several addresses have failed. While
 *   blocked even the right password is refused. A success clears what it was counted against and (re)issues the
 *   device cookie, as a sign-up does.
 * - Password reset: per target e-mail address (`PASSWORD_RESET_PER_EMAIL`), whether or not it has an account.
 */
export function attemptLimitHooks(db: Db, rules: SignInRules = SIGN_IN_RULES) {
  return {
    before: createAuthMiddleware(async (ctx) => {
      const email = emailOf(ctx.body);
      if (email === null) return;
      if (ctx.path === "/sign-in/email") {
        const attempt = await attemptOf(ctx, email);
        const verdict = await startSignIn(db, attempt, rules);
        if (!verdict.allowed) throw refuse(verdict.retryAfterSeconds);
        decided.set(ctx.context, { attempt, trusted: verdict.trusted });
      } else if (ctx.path === "/request-password-reset") {
        const key = emailKey("password-reset:email", email);
        const verdict = await countRequest(db, key, PASSWORD_RESET_PER_EMAIL);
        if (!verdict.allowed) throw refuse(verdict.retryAfterSeconds);
      }
    }),
    after: createAuthMiddleware(async (ctx) => {
      if (ctx.path !== "/sign-in/email" && ctx.path !== "/sign-up/email") return;
      const email = emailOf(ctx.body);
      const returned = ctx.context.returned;
      if (email === null || returned === undefined || isAPIError(returned)) return;
      // Only a call that opened a session proves the password: a sign-up Better Auth answers without one (its
      // generic answer for an address already taken, if ever configured so) must earn no device cookie.
      const token = (returned as { token?: unknown } | null)?.token;
      if (typeof token !== "string" || token === "") return;
      const signIn = decided.get(ctx.context);
      if (signIn) await signInSucceeded(db, signIn.attempt, signIn.trusted);
      await rememberDevice(ctx, email);
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
