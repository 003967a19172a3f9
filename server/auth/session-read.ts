import { createHmac, timingSafeEqual } from "node:crypto";
import { parseCookies } from "better-call";
import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { preparedStatement } from "../db/prepared";
import { session, user } from "../db/auth-schema";
import type { SessionRead } from "./kept-sessions";

/** What the reader needs of Better Auth: its settings, and its own read for every case the reader leaves to it. */
export interface SessionReaderAuth {
  $context: Promise<{
    secret: string;
    authCookies: { sessionToken: { name: string } };
    sessionConfig: { expiresIn: number; updateAge: number };
  }>;
  api: {
    getSession(input: { headers: Headers }): Promise<{
      user: { id: string; name: string; email: string; role?: string | null };
      session: { token: string; expiresAt: Date | string };
    } | null>;
  };
}

/**
 * The session behind a request's session cookie or bearer token, as Better Auth's getSession finds it, in one
 * prepared statement: the cookie's signature is checked here as Better Auth checks it (an HMAC of the token under the
 * auth secret), and the session is read with its user. Better Auth's own read walks its whole endpoint (its
 * context, its plugins' hooks, two selects): 1.5–2.6 ms of the store's CPU a read, against about 0.25 (0055).
 *
 * Every case that read would write or decide otherwise is left to it: a session run out (it deletes it) or due to be
 * extended (once a day), a bearer token that is not a signed one, any other Authorization header.
 * tests/integration/session-read.test.ts holds the two reads to the same answer for every credential it tries.
 */
export function sessionReader(db: Db, auth: SessionReaderAuth) {
  let settings: Promise<Settings> | undefined;
  return async (headers: Headers): Promise<SessionRead | null> => {
    settings ??= auth.$context.then((context) => ({
      secret: context.secret,
      cookieName: context.authCookies.sessionToken.name,
      expiresInMs: context.sessionConfig.expiresIn * 1000,
      updateAgeMs: context.sessionConfig.updateAge * 1000,
    }));
    const known = await settings;
    const token = tokenOf(headers, known);
    if (token === null) return null;
    if (token !== UNSURE) {
      const found = await readSessionWithUser(db, token);
      if (!found) return null;
      const ends = found.expiresAt.getTime();
      const now = Date.now();
      if (ends >= now && ends - known.expiresInMs + known.updateAgeMs > now) return found;
    }
    return betterAuthRead(auth, headers);
  };
}

interface Settings {
  secret: string;
  cookieName: string;
  expiresInMs: number;
  updateAgeMs: number;
}

const UNSURE = Symbol("left to Better Auth");

/**
 * The session token a request signs in with: a signed bearer token (Better Auth's bearer plugin puts it in place of
 * the session cookie), else the session cookie; null for none or a cookie whose signature fails, which Better Auth
 * reads as nobody too.
 */
function tokenOf(headers: Headers, { secret, cookieName }: Settings): string | null | typeof UNSURE {
  const authorization = headers.get("authorization");
  if (authorization) {
    // The bearer plugin: "Bearer <token>.<signature>", URL-encoded or not. Anything else it reads otherwise.
    if (authorization.slice(0, 7).toLowerCase() !== "bearer ") return UNSURE;
    const value = authorization.slice(7).trim();
    const decoded = value.includes("%") ? tryDecode(value) : value;
    if (decoded.split(".").length !== 2) return UNSURE;
    return signedToken(decoded, secret) ?? UNSURE;
  }
  const cookie = headers.get("cookie");
  const value = cookie ? parseCookies(cookie).get(cookieName) : undefined;
  return value ? signedToken(value, secret) : null;
}

/** The token of `<token>.<signature>` when the signature is the token's (better-call's getSignedCookie), else null. */
function signedToken(value: string, secret: string): string | null {
  const dot = value.lastIndexOf(".");
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const signature = Buffer.from(value.slice(dot + 1));
  if (signature.length !== 44 || !value.endsWith("=")) return null;
  const expected = Buffer.from(createHmac("sha256", secret).update(token).digest("base64"));
  return timingSafeEqual(signature, expected) ? token : null;
}

function tryDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

async function betterAuthRead(auth: SessionReaderAuth, headers: Headers): Promise<SessionRead | null> {
  const result = await auth.api.getSession({ headers });
  if (!result) return null;
  return sessionRead(result.user, result.session.token, new Date(result.session.expiresAt));
}

/** The session as the store keeps it: the user's fields it reads, any role but admin read as a customer's. */
function sessionRead(
  who: { id: string; name: string; email: string; role?: string | null },
  token: string,
  expiresAt: Date,
): SessionRead {
  const role = who.role === "admin" ? "admin" : "user";
  return { session: { user: { id: who.id, name: who.name, email: who.email, role }, token }, expiresAt };
}

/** A session by its token, with its user's fields the store reads. */
const SESSION_WITH_USER = preparedStatement<{
  token: string;
  expiresAt: string | Date;
  id: string;
  name: string;
  email: string;
  role: string;
}>(
  "randa_session_with_user",
  () => sql`
    select s.token, s.expires_at as "expiresAt", u.id, u.name, u.email, u.role
    from ${session} s
    join ${user} u on u.id = s.user_id
    where s.token = ${sql.placeholder("token")}::text`,
);

async function readSessionWithUser(db: Db, token: string): Promise<SessionRead | null> {
  const [row] = await SESSION_WITH_USER(db, { token });
  return row ? sessionRead(row, row.token, session.expiresAt.mapFromDriverValue(row.expiresAt) as Date) : null;
}
