import { data, redirect, type AppLoadContext } from "react-router";
import { getCurrentSession, type SessionUser } from "@server/auth/session";
import { callAuth, redirectWithCookies } from "./auth-call.server";

export type { SessionUser };

export async function getUser(request: Request, context: AppLoadContext): Promise<SessionUser | null> {
  return (await getCurrentSession(context.services.auth, request.headers))?.user ?? null;
}

/** Only paths on this site may be returned to after sign-in (no open redirects). */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof to !== "string" || !to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) return fallback;
  return to;
}

/** The login guard: a signed-out visitor is sent to /login and comes back here after signing in. */
export async function requireUser(request: Request, context: AppLoadContext): Promise<SessionUser> {
  const user = await getUser(request, context);
  if (user) return user;
  const url = new URL(request.url);
  const back = url.pathname.replace(/\.data$/, "") + url.search;
  throw redirect(`/login?redirectTo=${encodeURIComponent(back)}`);
}

/** The admin guard: signed-in customers get a real 403, not the page. */
export async function requireAdmin(request: Request, context: AppLoadContext): Promise<SessionUser> {
  const user = await requireUser(request, context);
  if (user.role !== "admin") throw data("This page is for the store's admins.", { status: 403 });
  return user;
}

/**
 * Spec §4, My Orders: when the orders cannot be read because the session is gone (401), the user is signed out
 * (the cookie cleared) and sent to the home page, not to the login form.
 */
export async function requireUserOrSignOut(request: Request, context: AppLoadContext): Promise<SessionUser> {
  const user = await getUser(request, context);
  if (user) return user;
  throw redirectWithCookies("/", await callAuth(request, context, "/sign-out", {}), { reloadDocument: true });
}
