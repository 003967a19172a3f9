import type { Context } from "hono";
import { getCurrentSession, type CurrentSession } from "../auth/session";
import type { Auth } from "../auth/auth";
import type { Actor } from "./actor";

const sessions = new WeakMap<Request, Promise<CurrentSession | null>>();

/** The session behind the request's cookie or bearer token, looked up once per request. */
export function sessionOf(auth: Auth, c: Context): Promise<CurrentSession | null> {
  let session = sessions.get(c.req.raw);
  if (!session) {
    session = getCurrentSession(auth, c.req.raw.headers);
    sessions.set(c.req.raw, session);
  }
  return session;
}

export async function actorOf(auth: Auth, c: Context): Promise<Actor> {
  return (await sessionOf(auth, c))?.user ?? null;
}
