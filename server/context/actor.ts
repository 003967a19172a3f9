import { M } from "@shared/messages";
import type { SessionUser } from "../auth/session";
import { forbidden, unauthorized } from "../errors";

/** Who asks: the signed-in user, or null for a visitor who is not signed in. */
export type Actor = SessionUser | null;

export function signedIn(actor: Actor): SessionUser {
  if (!actor) throw unauthorized(M.auth.sign_in_required);
  return actor;
}

export function adminOnly(actor: Actor): SessionUser {
  const user = signedIn(actor);
  if (user.role !== "admin") throw forbidden(M.auth.admins_only);
  return user;
}

export function sameEmail(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/** The account named (by its e-mail) must be the actor's own, unless the actor is an admin. */
export function selfOrAdmin(actor: Actor, email: string | null): SessionUser {
  const user = signedIn(actor);
  if (user.role !== "admin" && (email === null || !sameEmail(user.email, email))) throw forbidden(M.auth.not_yours);
  return user;
}
