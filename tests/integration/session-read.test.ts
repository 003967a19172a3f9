import { createHmac } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { SessionRead } from "@server/auth/kept-sessions";
import { session, user } from "@server/db/auth-schema";
import { signUp, signUpAdmin, type TestAccount } from "../support/accounts";
import { useTestApp } from "../support/test-app";

const DAY = 24 * 60 * 60 * 1000;

/** The store's session read answers every credential as Better Auth's getSession does, and mostly without it. */
describe("the session read of a request", () => {
  const t = useTestApp();
  let buyer: Stored;
  let admin: Stored;
  let secret: string;

  interface Stored extends TestAccount {
    token: string;
    bearer: string;
  }

  /** The account with its session's token as stored, and its bearer token (the token signed, URL-encoded). */
  async function stored(who: TestAccount): Promise<Stored> {
    const [row] = await t.services.db
      .select({ token: session.token })
      .from(session)
      .innerJoin(user, eq(user.id, session.userId))
      .where(eq(user.email, who.email));
    return { ...who, token: row!.token, bearer: who.token };
  }

  const signed = (token: string, key = secret) =>
    `${token}.${createHmac("sha256", key).update(token).digest("base64")}`;

  beforeAll(async () => {
    buyer = await stored(await signUp(t));
    admin = await stored(await signUpAdmin(t));
    secret = (await t.services.auth.$context).secret;
  });
  afterEach(() => vi.restoreAllMocks());

  const read = (headers: Record<string, string>) => t.services.auth.readSession(new Headers(headers));

  /** What Better Auth's own getSession finds, in the reader's shape. */
  async function betterAuthFinds(headers: Record<string, string>): Promise<SessionRead | null> {
    const found = await t.services.auth.api.getSession({ headers: new Headers(headers) });
    if (!found) return null;
    const { user: who, session: its } = found;
    return {
      session: { user: { id: who.id, name: who.name, email: who.email, role: who.role as "user" }, token: its.token },
      expiresAt: new Date(its.expiresAt),
    };
  }

  const credentials = (): [string, Record<string, string>][] => [
    ["no credential", {}],
    ["the session cookie", { cookie: buyer.cookie }],
    ["an admin's session cookie", { cookie: admin.cookie }],
    ["the cookie's value not URL-encoded", { cookie: `randa.session_token=${signed(buyer.token)}` }],
    ["the cookie's value quoted, spaced", { cookie: ` randa.session_token = "${signed(buyer.token)}" ` }],
    ["the cookie among others", { cookie: `a=1; randa.session_token=${signed(buyer.token)}; b=2` }],
    ["the cookie twice (the first counts)", { cookie: `${admin.cookie}; ${buyer.cookie}` }],
    ["the cookie's name in other case", { cookie: `Randa.Session_Token=${signed(buyer.token)}` }],
    ["the cookie with a secure prefix", { cookie: `__Secure-randa.session_token=${signed(buyer.token)}` }],
    ["the cookie signed with another key", { cookie: `randa.session_token=${signed(buyer.token, "other")}` }],
    ["the cookie unsigned", { cookie: `randa.session_token=${buyer.token}` }],
    ["the cookie's signature cut", { cookie: `randa.session_token=${signed(buyer.token).slice(0, -2)}=` }],
    ["the cookie empty", { cookie: "randa.session_token=" }],
    ["no such session, signed", { cookie: `randa.session_token=${signed("no-such-token")}` }],
    ["the bearer token", { authorization: `Bearer ${buyer.bearer}` }],
    ["the bearer token decoded", { authorization: `Bearer ${signed(buyer.token)}` }],
    ["the bearer scheme in lower case, spaced", { authorization: `bearer   ${buyer.bearer}  ` }],
    ["the bearer token unsigned", { authorization: `Bearer ${buyer.token}` }],
    ["the bearer token signed with another key", { authorization: `Bearer ${signed(buyer.token, "other")}` }],
    ["a bad bearer token beside the cookie", { authorization: "Bearer x.y", cookie: admin.cookie }],
    ["the bearer token beside another's cookie", { authorization: `Bearer ${buyer.bearer}`, cookie: admin.cookie }],
    ["another scheme beside the cookie", { authorization: `Basic ${btoa("a:b")}`, cookie: admin.cookie }],
    ["an empty bearer token", { authorization: "Bearer " }],
    ["a bearer token of three parts", { authorization: `Bearer ${signed(buyer.token)}.x` }],
  ];

  it("finds what Better Auth's getSession finds, for every credential", async () => {
    for (const [what, headers] of credentials()) {
      expect({ what, found: await read(headers) }).toEqual({ what, found: await betterAuthFinds(headers) });
    }
    expect((await read({ cookie: buyer.cookie }))?.session.user).toMatchObject({ email: buyer.email, role: "user" });
    expect((await read({ cookie: admin.cookie }))?.session.user).toMatchObject({ email: admin.email, role: "admin" });
  });

  it("reads a signed cookie or bearer token in one prepared statement, without Better Auth", async () => {
    const getSession = vi.spyOn(t.services.auth.api, "getSession");
    const prepare = vi.spyOn(t.services.db._.session, "prepareQuery");
    const headersOf: Record<string, string>[] = [{ cookie: buyer.cookie }, { authorization: `Bearer ${buyer.bearer}` }];
    for (const headers of headersOf) {
      expect((await read(headers))?.session.token).toBe(buyer.token);
    }
    expect(await read({ cookie: `randa.session_token=${signed(buyer.token, "other")}` })).toBeNull();
    expect(getSession).not.toHaveBeenCalled();
    expect(prepare.mock.calls.map((call) => call[2])).toEqual(["randa_session_with_user", "randa_session_with_user"]);
  });

  it("leaves what it cannot be sure of to Better Auth", async () => {
    const getSession = vi.spyOn(t.services.auth.api, "getSession");
    expect((await read({ authorization: `Bearer ${buyer.token}` }))?.session.token).toBe(buyer.token);
    expect((await read({ authorization: "Bearer x.y", cookie: admin.cookie }))?.session.token).toBe(admin.token);
    expect(getSession).toHaveBeenCalledTimes(2);
  });

  it("leaves a session due to be extended to Better Auth, which extends it", async () => {
    const who = await stored(await signUp(t));
    const endsSoon = new Date(Date.now() + DAY);
    await t.services.db.update(session).set({ expiresAt: endsSoon }).where(eq(session.token, who.token));
    const found = await read({ cookie: who.cookie });
    expect(found?.session.token).toBe(who.token);
    expect(found!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 6 * DAY);
    const [row] = await t.services.db.select().from(session).where(eq(session.token, who.token));
    expect(row!.expiresAt.getTime()).toBe(found!.expiresAt.getTime());
  });

  it("reads a session run out as nobody, and Better Auth deletes it", async () => {
    const who = await stored(await signUp(t));
    await t.services.db
      .update(session)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(session.token, who.token));
    expect(await read({ authorization: `Bearer ${who.bearer}` })).toBeNull();
    expect(await t.services.db.select().from(session).where(eq(session.token, who.token))).toEqual([]);
  });
});
