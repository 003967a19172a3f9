import type { KeptSessions } from "./kept-sessions";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { bearer } from "better-auth/plugins/bearer";
import { genericOAuth } from "better-auth/plugins/generic-oauth";
import type { Db } from "../db/client";
import { account, rateLimit, session, user, verification } from "../db/auth-schema";
import type { Mailer } from "../mail";
import { accountFieldRules } from "./account-fields";
import { authLogger, withMaskedFailures } from "./auth-log";
import { attemptLimitHooks, withStandard429 } from "./attempt-limits";
import { passwordChange } from "./password-change";
import { passwordHashing } from "./password-hashing";
import { sessionReader } from "./session-read";

export interface AuthOptions {
  db: Db;
  /** Forgotten after every change Better Auth makes (a sign-out, a password changed or reset, a name). */
  sessions: KeptSessions;
  baseURL: string;
  secret: string;
  trustedOrigins: string[];
  mailer: Mailer;
  signInLimitPerMinute: number;
  google?: { clientId: string; clientSecret: string; issuer: string };
}

/**
 * The header both doors set to the client's address (server/http/client-ip.ts) for Better Auth's limits per
 * address; whatever a client sends under this name is replaced.
 */
export const CLIENT_IP_HEADER = "x-randa-client-ip";

export function createAuth(options: AuthOptions) {
  const { google } = options;
  const auth = betterAuth({
    appName: "Randa",
    baseURL: options.baseURL,
    basePath: "/api/auth",
    secret: options.secret,
    trustedOrigins: options.trustedOrigins,
    telemetry: { enabled: false },
    // Its errors go to the store's log without the SQL's parameters; what it throws is answered by the store.
    logger: authLogger,
    onAPIError: { throw: true },
    database: drizzleAdapter(options.db, {
      provider: "pg",
      schema: { user, session, account, verification, rateLimit },
      debugLogs: false,
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 6,
      maxPasswordLength: 128,
      // Better Auth's own scrypt, through the one place the operator's commands hash with too.
      password: {
        hash: (password) => passwordHashing().hash(password),
        verify: (data) => passwordHashing().verify(data),
      },
      autoSignIn: true,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      sendResetPassword: async ({ user: who, url }) => {
        await options.mailer.send({
          to: who.email,
          subject: "Reset your Randa password",
          text: `Hello ${who.name || "there"},\n\nSomeone asked to reset the password of your Randa account. If it was you, open this link within an hour:\n\n${url}\n\nIf it was not you, ignore this message; your password stays as it is.\n\nRanda`,
        });
      },
    },
    user: {
      additionalFields: {
        // input: false — sign-up and profile updates can never set a role.
        role: { type: "string", required: false, defaultValue: "user", input: false },
      },
    },
    session: { expiresIn: 60 * 60 * 24 * 7, updateAge: 60 * 60 * 24 },
    hooks: attemptLimitHooks(options.db),
    // Per address (the client's, CLIENT_IP_HEADER), kept in the database so every copy of the server counts alike.
    rateLimit: {
      enabled: true,
      storage: "database",
      window: 60,
      max: 100,
      customRules: {
        "/sign-in/email": { window: 60, max: options.signInLimitPerMinute },
        "/sign-up/email": { window: 60, max: options.signInLimitPerMinute },
        "/change-password": { window: 60, max: options.signInLimitPerMinute },
        "/request-password-reset": { window: 60, max: 3 },
      },
    },
    advanced: {
      cookiePrefix: "randa",
      useSecureCookies: options.baseURL.startsWith("https://"),
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    plugins: [
      bearer(),
      accountFieldRules(),
      passwordChange(options.db, (headers) => accountOf(headers)),
      ...(google
        ? [
            genericOAuth({
              config: [
                {
                  providerId: "google",
                  clientId: google.clientId,
                  clientSecret: google.clientSecret,
                  discoveryUrl: `${google.issuer.replace(/\/$/, "")}/.well-known/openid-configuration`,
                  scopes: ["openid", "email", "profile"],
                  pkce: true,
                },
              ],
            }),
          ]
        : []),
    ],
  });
  /** The account behind a session cookie or a bearer token, read through Better Auth's plugins (password-change.ts). */
  async function accountOf(headers: Headers): Promise<string | null> {
    return (await auth.api.getSession({ headers }))?.user.id ?? null;
  }
  const handler = forgettingSessions(withStandard429(withMaskedFailures(auth.handler)), options.sessions);
  return { ...auth, handler, fetch: handler, readSession: sessionReader(options.db, auth) };
}

export type Auth = ReturnType<typeof createAuth>;

/**
 * Better Auth's handler, after which this process reads every session afresh when the request could have changed
 * one: anything but a GET. The database's announcement does the same for every other copy of the store, a moment
 * later; this process does not wait for it, so a sign-out is in force by its answer.
 */
function forgettingSessions(handler: (request: Request) => Promise<Response>, sessions: KeptSessions) {
  return async (request: Request) => {
    try {
      return await handler(request);
    } finally {
      if (request.method !== "GET") sessions.forget();
    }
  };
}
