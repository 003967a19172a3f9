import type { Role } from "../db/auth-schema";
import { DomainError } from "../errors";
import type { Auth } from "./auth";

export interface SessionUser {
  id: string;
  name: string;
  email: string;
  role: Role;
}

export interface CurrentSession {
  user: SessionUser;
  /** The session's token; API clients send it as `Authorization: Bearer <token>`. */
  token: string;
}

export const SIGN_IN_REQUIRED = "Please sign in first.";
export const ADMINS_ONLY = "Only an admin can do that.";
export const NOT_YOURS = "You can only do that for your own account.";

/** The signed-in user behind a session cookie or a bearer token, read fresh from the database. */
export async function getCurrentSession(auth: Auth, headers: Headers): Promise<CurrentSession | null> {
  const result = await auth.api.getSession({ headers });
  if (!result) return null;
  const { user, session } = result;
  return {
    user: { id: user.id, name: user.name, email: user.email, role: user.role === "admin" ? "admin" : "user" },
    token: session.token,
  };
}

export async function requireSession(auth: Auth, headers: Headers): Promise<CurrentSession> {
  const current = await getCurrentSession(auth, headers);
  if (!current) throw new DomainError("unauthorized", SIGN_IN_REQUIRED);
  return current;
}

export function assertAdmin(user: SessionUser): void {
  if (user.role !== "admin") throw new DomainError("forbidden", ADMINS_ONLY);
}

export function sameEmail(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/** The account named in the path must be the caller's own, unless the caller is an admin. */
export function assertSelfOrAdmin(user: SessionUser, email: string): void {
  if (user.role !== "admin" && !sameEmail(user.email, email)) throw new DomainError("forbidden", NOT_YOURS);
}
