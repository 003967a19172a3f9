import { parseCookies } from "better-call";
import type { Database } from "../db/client";
import type { CurrentSession } from "./session";

/** Announced by the database on every committed change to a session or an account (migration 0023). */
export const SESSIONS_CHANNEL = "sessions_changed";

/** How long a session read is taken on trust at most: Better Auth still extends a session it reads once a day. */
const KEPT_MS = 60_000;
const MAX_ENTRIES = 10_000;

interface Kept {
  generation: number;
  until: number;
  session: CurrentSession;
}

/** A session as read from the database, with when it runs out. */
export interface SessionRead {
  session: CurrentSession;
  expiresAt: Date;
}

/**
 * Sessions this process has read, by the credential that was read (the bearer header and the session cookie, as
 * sent), so that a signed-in buyer's next request does not read the session and its account again. Only a session
 * found is kept, for a minute at most and never past its end. All are forgotten when the database announces a
 * change to any session or account (a sign-out, a role, a deleted account: from any copy of the store or the
 * operator's shell) and, without waiting for that announcement, when this process changes one itself. Nothing is
 * kept while the announcements are not being heard.
 */
export class KeptSessions {
  readonly #kept = new Map<string, Kept>();
  #generation = 0;
  #live = false;

  constructor(private readonly now: () => number = Date.now) {}

  /** Every session kept is read again: one changed. */
  forget(): void {
    this.#generation++;
    this.#kept.clear();
  }

  setLive(live: boolean): void {
    this.#live = live;
    this.forget();
  }

  get size(): number {
    return this.#kept.size;
  }

  /** Moves each time every session is forgotten. */
  get generation(): number {
    return this.#generation;
  }

  /** The session behind `key` (`sessionKey`), read with `read` unless kept; null for no credential or no session. */
  async get(key: string | null, read: () => Promise<SessionRead | null>): Promise<CurrentSession | null> {
    if (key === null) return null;
    const now = this.now();
    const kept = this.#kept.get(key);
    if (kept && kept.generation === this.#generation && kept.until > now) return kept.session;
    const generation = this.#generation;
    const found = await read();
    if (!found) {
      this.#kept.delete(key);
      return null;
    }
    // A change announced while the read was on its way may have come after it: such a read is not kept.
    if (this.#live && generation === this.#generation) {
      this.#kept.delete(key);
      this.#kept.set(key, {
        generation,
        until: Math.min(now + KEPT_MS, found.expiresAt.getTime()),
        session: found.session,
      });
      if (this.#kept.size > MAX_ENTRIES) this.#kept.delete(this.#kept.keys().next().value!);
    }
    return found.session;
  }
}

/**
 * What the session reader reads of a request, as one key: the `Authorization` header and every cookie whose name
 * holds `session_token` (in any case, as server/auth/session-carrier.ts finds them), exactly as sent. Null when the
 * request carries neither: it is signed in as nobody, without a read.
 */
export function sessionKey(headers: Headers): string | null {
  const authorization = headers.get("authorization");
  const cookie = headers.get("cookie");
  const cookies = cookie
    ? [...parseCookies(cookie)].filter(([name]) => name.toLowerCase().includes("session_token"))
    : [];
  if (authorization === null && cookies.length === 0) return null;
  return JSON.stringify([authorization, cookies]);
}

/** The sessions of one database, forgotten on its announcements. */
export function watchSessions(database: Database): KeptSessions {
  const kept = new KeptSessions();
  database.listen(SESSIONS_CHANNEL, { notify: () => kept.forget(), state: (live) => kept.setLive(live) });
  return kept;
}
