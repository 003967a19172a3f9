import { Hono } from "hono";
import { z } from "zod";
import { LoginSchema, RegisterSchema } from "@shared/schemas/auth";
import { ChangePasswordSchema } from "@shared/schemas/password-change";
import { ForgotPasswordSchema, ResetPasswordSchema } from "@shared/schemas/password-reset";
import { CLIENT_IP_HEADER } from "../auth/auth";
import { clientIp } from "../http/client-ip";
import { RateLimited } from "../openapi/common-answers";
import { apiCall, json, jsonBody, redirect, refused, type Parameter } from "../openapi/route-types";
import { named } from "../openapi/schema-names";
import type { Services } from "../services";
import { CurrentSession, PasswordChanged, SignedIn, SignedOut, SignedUp, SocialRedirect, StatusTrue } from "./wire";

/** Better Auth's own endpoints (sign-up, sign-in, sign-out, OAuth callbacks, password reset) under /api/auth. */
export function authRoutes({ auth }: Services) {
  return new Hono().all("/*", async (c) => {
    const headers = new Headers(c.req.raw.headers);
    headers.set(CLIENT_IP_HEADER, clientIp(c));
    // Read here, within the body limit (http/body-limits.ts): one over it is answered 413 by the API's error
    // handler, and Better Auth is given whole bodies only.
    const body = c.req.raw.body ? await c.req.arrayBuffer() : null;
    const res = await auth.handler(new Request(c.req.raw, { headers, body }));
    // Through the context, so the answer carries the API's security headers (http/security-headers.ts).
    return c.newResponse(res.body, res);
  });
}

/** What a sign-in answer carries besides its body: the session's token, twice. */
const sessionHeaders: Record<string, Parameter> = {
  "set-auth-token": { description: "The session token, for `Authorization: Bearer`.", example: "8JrcOUVb…" },
  "Set-Cookie": { description: "The session cookie, `randa.session_token`.", example: "randa.session_token=…" },
};

/** The bodies Better Auth reads that no form of the store's describes as such. */
const SignOutInput = named("SignOutInput", z.object({}));
const PasswordResetRequestInput = named(
  "PasswordResetRequestInput",
  ForgotPasswordSchema.extend({
    redirectTo: z
      .string()
      .optional()
      .meta({ description: "Where the mailed link leads; the store sends /reset-password." }),
  }),
);
// Better Auth names the new password `newPassword`; the store's form calls it `password`.
const PasswordResetInput = named(
  "PasswordResetInput",
  z.object({
    token: ResetPasswordSchema.shape.token,
    newPassword: ResetPasswordSchema.shape.password,
  }),
);
const PasswordChangeInput = named(
  "PasswordChangeInput",
  ChangePasswordSchema.extend({
    revokeOtherSessions: z
      .boolean()
      .optional()
      .meta({ description: "Read as true whatever is sent: a change always ends the account's other sessions." }),
  }),
);
const SocialSignInInput = named(
  "SocialSignInInput",
  z.object({
    provider: z.literal("google"),
    callbackURL: z.string().meta({ description: "Where the browser lands after signing in." }),
    newUserCallbackURL: z.string().optional(),
    errorCallbackURL: z.string().optional(),
  }),
);

/**
 * Better Auth's endpoints, as the API reference shows them. `authRoutes` answers them all (the whole /api/auth
 * prefix), so none has a handler of its own.
 */
export const authCalls = [
  apiCall({
    method: "post",
    path: "/api/auth/sign-up/email",
    operationId: "signUp",
    tag: "auth",
    summary: "Register",
    description: "Signs the new account in: the session cookie is set and the token is in `set-auth-token`.",
    who: "anyone",
    session: "none",
    body: jsonBody(named("SignUpInput", RegisterSchema)),
    answers: {
      200: json(SignedUp, "Registered and signed in.", sessionHeaders),
      400: refused("A field breaks a rule."),
      403: refused("A request from another site."),
      422: refused("An account with that email exists."),
      429: json(RateLimited, "Too many attempts from this address; wait a minute."),
    },
  }),
  apiCall({
    method: "post",
    path: "/api/auth/sign-in/email",
    operationId: "signIn",
    tag: "auth",
    summary: "Sign in with email and password",
    who: "anyone",
    session: "none",
    body: jsonBody(named("SignInInput", LoginSchema)),
    answers: {
      200: json(SignedIn, "Signed in.", sessionHeaders),
      400: refused("A field breaks a rule."),
      401: refused("Wrong email or password."),
      403: refused("A request from another site."),
      429: json(RateLimited, "Too many attempts from this address; wait a minute."),
    },
  }),
  apiCall({
    method: "post",
    path: "/api/auth/sign-out",
    operationId: "signOut",
    tag: "auth",
    summary: "Sign out",
    description: "Ends the session of the cookie or bearer token sent, and clears the cookie.",
    who: "anyone",
    session: "optional",
    body: jsonBody(SignOutInput, true),
    answers: { 200: json(SignedOut, "Signed out.") },
  }),
  apiCall({
    method: "get",
    path: "/api/auth/get-session",
    operationId: "getSession",
    tag: "auth",
    summary: "The current session",
    who: "anyone",
    session: "optional",
    answers: { 200: json(CurrentSession, "The session and its user, or `null` without one.") },
  }),
  apiCall({
    method: "post",
    path: "/api/auth/request-password-reset",
    operationId: "requestPasswordReset",
    tag: "auth",
    summary: "Mail a password-reset link",
    description: "The same answer whether or not the account exists. The link is valid for an hour.",
    who: "anyone",
    session: "none",
    body: jsonBody(PasswordResetRequestInput),
    answers: {
      200: json(StatusTrue, "Sent, if the account exists."),
      400: refused("Not an email address."),
      429: json(RateLimited, "More than three requests a minute from this address."),
    },
  }),
  apiCall({
    method: "get",
    path: "/api/auth/reset-password/{token}",
    operationId: "openPasswordResetLink",
    tag: "auth",
    summary: "The mailed password-reset link",
    who: "anyone",
    session: "none",
    params: { token: { description: "The token in the mailed link.", example: "aPidyUHPcU1gcdC2o0Lb1vSb" } },
    query: {
      callbackURL: { description: "The store's reset page.", example: "/reset-password", required: false },
    },
    answers: { 302: redirect("To the reset page with `?token=…`, or with `?error=INVALID_TOKEN`.") },
  }),
  apiCall({
    method: "post",
    path: "/api/auth/reset-password",
    operationId: "resetPassword",
    tag: "auth",
    summary: "Choose a new password",
    description: "Ends every session of the account.",
    who: "holder of the mailed token",
    session: "none",
    body: jsonBody(PasswordResetInput),
    answers: {
      200: json(StatusTrue, "Changed."),
      400: refused("An unknown or expired token, or a password that breaks a rule."),
    },
  }),
  apiCall({
    method: "post",
    path: "/api/auth/change-password",
    operationId: "changePassword",
    tag: "auth",
    summary: "Change the password",
    description:
      "Ends every other session of the account (cookies and bearer tokens), whatever `revokeOtherSessions` says, " +
      "and renews the caller's: its old token ends too, and the answer carries the new one (`token`, " +
      "`set-auth-token`, the cookie). Five tries an hour per account, right or wrong.",
    who: "signed in",
    session: "required",
    body: jsonBody(PasswordChangeInput),
    answers: {
      200: json(PasswordChanged, "Changed; the other sessions ended.", sessionHeaders),
      400: refused("A wrong current password (`INVALID_PASSWORD`), or a new one that breaks a rule."),
      401: refused("Not signed in."),
      403: refused("A request from another site."),
      429: json(RateLimited, "Over the account's five tries an hour, or the address's sign-in limit a minute."),
    },
  }),
  apiCall({
    method: "post",
    path: "/api/auth/sign-in/social",
    operationId: "signInWithGoogle",
    tag: "auth",
    summary: "Start signing in with Google",
    description: "Answers Google's page to send the browser to, and sets the cookie that checks its return.",
    who: "anyone",
    session: "none",
    body: jsonBody(SocialSignInInput),
    answers: {
      200: json(SocialRedirect, "Google's sign-in page."),
      400: refused("A field breaks a rule."),
      404: refused("Google sign-in is not configured on this store."),
    },
  }),
  apiCall({
    method: "get",
    path: "/api/auth/callback/{provider}",
    operationId: "oauthCallback",
    tag: "auth",
    summary: "Google's redirect back to the store",
    who: "the browser, sent by Google",
    session: "none",
    params: { provider: { description: "`google`.", example: "google" } },
    query: {
      code: { description: "Google's authorization code.", example: "4/0Ab…", required: false },
      state: { description: "The state the sign-in started with.", example: "k3J…", required: false },
    },
    answers: { 302: redirect("Signed in, to the `callbackURL`; or to the `errorCallbackURL` with `?error=…`.") },
  }),
];
