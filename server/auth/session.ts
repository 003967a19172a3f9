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
 * The signed-in user behind a session cookie or a bearer token: read from the database by Better Auth, or as this
 * process read it moments ago while nothing about sessions or accounts has changed since (kept-sessions.ts).
 */
export async function getCurrentSession(
  auth: Auth,
  headers: Headers,
  kept: KeptSessions,
): Promise<CurrentSession | null> {
  const current = await kept.get(sessionKey(headers), async () => {
    const result = await auth.api.getSession({ headers });
    if (!result) return null;
    const { user, session } = result;
    return {
      session: {
        user: { id: user.id, name: user.name, email: user.email, role: user.role === "admin" ? "admin" : "user" },
        token: session.token,
      },
      expiresAt: new Date(session.expiresAt),
    };
  });
  if (current) noteSignedIn(current.user.id);
  return current;
}
