import { noteSignedIn } from "../log/request-context";
import type { Role } from "../db/auth-schema";
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

/** The signed-in user behind a session cookie or a bearer token, read fresh from the database. */
export async function getCurrentSession(auth: Auth, headers: Headers): Promise<CurrentSession | null> {
  const result = await auth.api.getSession({ headers });
  if (!result) return null;
  const { user, session } = result;
  noteSignedIn(user.id);
  return {
    user: { id: user.id, name: user.name, email: user.email, role: user.role === "admin" ? "admin" : "user" },
    token: session.token,
  };
}
