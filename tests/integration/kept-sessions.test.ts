import { eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { KeptSessions, sessionKey, type SessionRead } from "@server/auth/kept-sessions";
import { session, user } from "@server/db/auth-schema";
import {
  accountsChanged,
  asBearer,
  asCookie,
  jsonInit,
  signUp,
  signUpAdmin,
  type TestAccount,
} from "../support/accounts";
import { useTestApp } from "../support/test-app";

/** The sessions a signed-in request reads: kept by the process, and never one moment past a change. */
describe("sessions kept by the store's process", () => {
  const t = useTestApp();
  let admin: TestAccount;

  beforeAll(async () => {
    admin = await signUpAdmin(t);
  });
  afterEach(() => vi.restoreAllMocks());

  const reads = () => vi.spyOn(t.services.auth, "readSession");
  const listUsers = (who: TestAccount) => t.request("/api/user", { headers: asBearer(who) });

  it("reads a bearer token's session once, then takes it as read, and a cookie's likewise", async () => {
    const buyer = await signUp(t);
    const read = reads();
    for (let i = 0; i < 3; i++)
      expect((await t.request("/api/addresses", { headers: asBearer(buyer) })).status).toBe(200);
    expect(read).toHaveBeenCalledTimes(1);
    for (let i = 0; i < 3; i++)
      expect((await t.request("/api/addresses", { headers: asCookie(buyer) })).status).toBe(200);
    expect(read).toHaveBeenCalledTimes(2);
  });

  it("holds a sign-out from its answer on: the token is refused at once", async () => {
    const buyer = await signUp(t);
    expect((await t.request("/api/addresses", { headers: asBearer(buyer) })).status).toBe(200);
    const out = await t.request("/api/auth/sign-out", jsonInit("POST", {}, asBearer(buyer)));
    expect(out.status).toBe(200);
    expect((await t.request("/api/addresses", { headers: asBearer(buyer) })).status).toBe(401);
  });

  it("holds Make Admin and its removal from the next request on", async () => {
    const other = await signUp(t);
    expect((await listUsers(other)).status).toBe(403);
    const made = await t.request(`/api/user/admin/${encodeURIComponent(other.email)}`, {
      method: "PUT",
      headers: asBearer(admin),
    });
    expect(made.status).toBe(200);
    expect((await listUsers(other)).status).toBe(200);
    const removed = await t.request(`/api/user/admin/${encodeURIComponent(other.email)}`, {
      method: "DELETE",
      headers: asBearer(admin),
    });
    expect(removed.status).toBe(200);
    expect((await listUsers(other)).status).toBe(403);
  });

  it("forgets every session when the database announces a change made elsewhere (another copy, the shell)", async () => {
    const other = await signUp(t);
    expect((await listUsers(other)).status).toBe(403);
    await accountsChanged(t, () =>
      t.database.db.update(user).set({ role: "admin" }).where(eq(user.email, other.email)),
    );
    expect((await listUsers(other)).status).toBe(200);

    const [{ id }] = (await t.database.db.select({ id: user.id }).from(user).where(eq(user.email, other.email))) as [
      { id: string },
    ];
    await accountsChanged(t, () => t.database.db.delete(session).where(eq(session.userId, id)));
    expect((await listUsers(other)).status).toBe(401);
  });

  it("keeps nothing for a request that carries no session, nor for a token that names none", async () => {
    const read = reads();
    expect((await t.request("/api/cart")).status).toBe(200);
    expect(read).not.toHaveBeenCalled();
    for (let i = 0; i < 2; i++) {
      expect((await t.request("/api/user", { headers: { Authorization: "Bearer no-such-token" } })).status).toBe(401);
    }
    expect(read).toHaveBeenCalledTimes(2);
  });
});

describe("KeptSessions", () => {
  const found = (expiresInMs: number): SessionRead => ({
    session: { user: { id: "u1", name: "Karim", email: "k@example.com", role: "user" }, token: "t" },
    expiresAt: new Date(1_000_000 + expiresInMs),
  });

  it("keeps a session a minute at most, and never past its end", async () => {
    let now = 1_000_000;
    const kept = new KeptSessions(() => now);
    kept.setLive(true);
    const read = vi.fn(() => Promise.resolve(found(3_600_000)));
    await kept.get("a", read);
    now += 59_000;
    await kept.get("a", read);
    expect(read).toHaveBeenCalledTimes(1);
    now += 2_000;
    await kept.get("a", read);
    expect(read).toHaveBeenCalledTimes(2);

    const ending = vi.fn(() => Promise.resolve(found(now - 1_000_000 + 5_000)));
    await kept.get("b", ending);
    now += 6_000;
    await kept.get("b", ending);
    expect(ending).toHaveBeenCalledTimes(2);
  });

  it("keeps nothing while the database's announcements are not heard, nor a read a change overtook", async () => {
    const kept = new KeptSessions();
    const read = vi.fn(() => Promise.resolve(found(3_600_000)));
    await kept.get("a", read);
    await kept.get("a", read);
    expect(read).toHaveBeenCalledTimes(2);

    kept.setLive(true);
    const overtaken = vi.fn(async () => {
      kept.forget();
      return found(3_600_000);
    });
    await kept.get("b", overtaken);
    await kept.get("b", overtaken);
    expect(overtaken).toHaveBeenCalledTimes(2);
    expect(kept.size).toBe(0);
  });

  it("keys a request by its bearer header and its session cookies only, as sent", () => {
    const of = (headers: Record<string, string>) => sessionKey(new Headers(headers));
    expect(of({})).toBeNull();
    expect(of({ Cookie: "randa.lang=bn; cart=abc" })).toBeNull();
    expect(of({ Authorization: "Bearer x" })).not.toBeNull();
    const signed = of({ Cookie: "randa.session_token=abc.sig; randa.lang=bn" });
    expect(signed).toBe(of({ Cookie: "randa.lang=en; randa.session_token=abc.sig" }));
    expect(signed).not.toBe(of({ Cookie: "randa.session_token=abd.sig" }));
    expect(of({ Cookie: "__Secure-RANDA.SESSION_TOKEN=abc" })).not.toBeNull();
  });
});
