import { callAuth, redirectWithCookies } from "./auth-call.server";
import type { DoorArgs } from "./page-door.server";

/**
 * Spec §4, My Orders: when the orders cannot be read because the session is gone (401), the user is signed out
 * (the cookie cleared) and sent to the home page with a full page load, not to the login form.
 */
export async function signOutAndGoHome({ request, context }: DoorArgs): Promise<Response> {
  return redirectWithCookies("/", await callAuth(request, context, "/sign-out", {}), { reloadDocument: true });
}
