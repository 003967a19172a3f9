import { noteSignedIn } from "../log/request-context";
import type { Role } from "../db/auth-schema";
import type { Auth } from "./auth";
import { sessionKey, type KeptSessions } from "./kept-sessions";

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

/**
 * The signed-in user behind a session cookie or a bearer token: read from the database (session-read.ts), or as this
 * process read it moments ago while nothing about sessions or accounts has changed since (kept-sessions.ts).
 */
export async function getCurrentSession(
  auth: Auth,
  headers: Headers,
  kept: KeptSessions,
): Promise<CurrentSession | null> {
  const current = await kept.get(sessionKey(headers), () => auth.readSession(headers));
  if (current) noteSignedIn(current.user.id);
  return current;
}
