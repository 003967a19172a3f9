import type { AppLoadContext } from "react-router";
import { M, message } from "@shared/messages";
import { callAuth, formError, formErrorFrom, redirectWithCookies } from "./auth-call.server";

/** Google Sign In / Sign Up: off to Google's page (with Better Auth's state cookie), back at `callbackURL`. */
export async function startGoogleSignIn<Fields extends string>(
  request: Request,
  context: AppLoadContext,
  callbackURL: string,
) {
  if (!context.services.googleEnabled) return formError<Fields>(message(M.auth.google_not_configured), 400);
  const res = await callAuth(request, context, "/sign-in/social", {
    provider: "google",
    callbackURL,
    newUserCallbackURL: callbackURL,
    errorCallbackURL: "/login?error=google",
  });
  if (!res.ok) return formErrorFrom<Fields>(res);
  const { url } = (await res.json()) as { url: string };
  return redirectWithCookies(url, res);
}
