import { createHmac } from "node:crypto";
import { readdirSync } from "node:fs";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { CLIENT_IP_HEADER, createAuth } from "@server/auth/auth";
import { requestLimit } from "@server/db/schema";
import {
  blockSeconds,
  SIGN_IN_BACKOFF,
  signInAddressesKey,
  signInAddressKey,
  signInDeviceKey,
  signInKey,
  signInSucceeded,
  startSignIn,
  type SignInAttempt,
} from "@server/limits/sign-in-backoff";
import { translate } from "~/i18n/use-message";
import { jsonInit, sessionCookie, signUp, type TestAccount } from "../support/accounts";
import { readAnswer } from "../support/action-answer";
import { formPost, usePageApp } from "../support/page-app";
import { TEST_SETTINGS, type TestContext } from "../support/test-app";

describe("sign-in limits per account and per address", () => {
  const t = usePageApp({ TRUST_PROXY: "1", SIGN_IN_LIMIT_PER_MINUTE: "5" });

  // Every call comes through one trusted proxy that says where it came from; each test uses addresses of its own,
  // so that no test spends another's per-address budget.
  let lastAddress = 0;
  const anAddress = () => `198.51.100.${++lastAddress}`;
  const via = (address: string, init: RequestInit = {}): RequestInit => ({
    ...init,
    headers: { ...(init.headers as Record<string, string>), "X-Forwarded-For": address },
  });
  /** The test context as seen from one address (for the account helpers). */
  const at = (address: string): TestContext => ({ ...t, request: (p, init) => t.request(p, via(address, init)) });
  const newAccount = () => signUp(at(anAddress()));

  const signIn = (email: string, password: string, address = anAddress(), extra: Record<string, string> = {}) =>
    t.request("/api/auth/sign-in/email", via(address, jsonInit("POST", { email, password }, extra)));

  const hasSession = (res: Response) => res.headers.getSetCookie().some((c) => c.includes("session_token="));

  async function failTimes(account: TestAccount, times: number) {
    const statuses = [];
    for (let i = 0; i < times; i++) statuses.push((await signIn(account.email, "wrong-password")).status);
    return statuses;
  }

  describe("the back-off, on the store's clock", () => {
    const db = () => t.database.db;
    const start = new Date(Date.UTC(2026, 10, 23, 12, 0, 0));
    const after = (seconds: number) => new Date(start.getTime() + seconds * 1000);
    /** An attempt on `email` from `address`, with a device cookie entry's nonce when given. */
    const attempt = (email: string, address = "203.0.113.1", device: string | null = null): SignInAttempt => ({
      email,
      address,
      device,
    });
    const tryAt = (a: SignInAttempt, s: number) => startSignIn(db(), a, undefined, after(s));
    const rowOf = async (key: string) => (await db().select().from(requestLimit).where(eq(requestLimit.key, key)))[0];

    it("blocks for a minute after five failures, doubling with each further failure up to an hour", () => {
      const blocks = Array.from({ length: 13 }, (_, i) => blockSeconds(i + 1));
      expect(blocks).toEqual([0, 0, 0, 0, 60, 120, 240, 480, 960, 1920, 3600, 3600, 3600]);
      expect(blockSeconds(10_000)).toBe(SIGN_IN_BACKOFF.maxBlockSeconds);
    });

    it("refuses the account from an address while it is blocked there, and lets one attempt through when the block ends", async () => {
      const from = attempt("clock@example.test");
      for (const s of [0, 1, 2, 3, 4]) expect((await tryAt(from, s)).allowed).toBe(true);
      expect(await tryAt(from, 34)).toEqual({ allowed: false, retryAfterSeconds: 30, trusted: false });
      // the refused attempt changed nothing: the block still ends a minute after the fifth failure
      expect(await tryAt(from, 63)).toEqual({ allowed: false, retryAfterSeconds: 1, trusted: false });
      expect((await tryAt(from, 64)).allowed).toBe(true);
      expect(await tryAt(from, 65)).toEqual({ allowed: false, retryAfterSeconds: 119, trusted: false });
      expect((await tryAt(from, 184)).allowed).toBe(true);
      expect(await tryAt(from, 185)).toEqual({ allowed: false, retryAfterSeconds: 239, trusted: false });
    });

    it("is cleared by a success, and forgets failures a day old", async () => {
      const from = attempt("Forgetful@Example.test");
      for (const s of [0, 1, 2, 3]) await tryAt(from, s);
      await signInSucceeded(db(), attempt("forgetful@example.test"), false);
      for (const s of [10, 11, 12, 13]) expect((await tryAt(from, s)).allowed).toBe(true);
      // four failures, then a day's quiet: the fifth attempt counts as the first
      const dayLater = 13 + 24 * 60 * 60;
      for (let i = 0; i < 4; i++) expect((await tryAt(from, dayLater + i)).allowed).toBe(true);
      expect(await rowOf(signInAddressKey(from.email, from.address))).toMatchObject({ hits: 4, blockedUntil: null });
      expect(await rowOf(signInKey(from.email))).toMatchObject({ hits: 4, blockedUntil: null });
    });

    // Changed on purpose (issue 27, item 8): failures from one address used to block the account everywhere.
    it("lets failures from one or two addresses block only those addresses; the third address blocks the account", async () => {
      const email = "targeted@example.test";
      const stranger = attempt(email, "198.51.100.200");
      for (let s = 0; s < 5; s++) expect((await tryAt(stranger, s)).allowed).toBe(true);
      expect((await tryAt(stranger, 10)).allowed).toBe(false);
      // a second address fails too: the account is still open from anywhere else
      expect((await tryAt(attempt(email, "198.51.100.201"), 11)).allowed).toBe(true);
      expect((await tryAt(attempt(email, "2001:db8:1:2::7"), 12)).allowed).toBe(true);
      // that seventh failure came from a third address and started the account's block (four minutes, as the
      // seventh failure in a row): from now on every address without the device cookie waits
      expect(await tryAt(attempt(email, "2001:db8:1:2::8"), 13)).toEqual({
        allowed: false,
        retryAfterSeconds: 240 - 1,
        trusted: false,
      });
      expect(await tryAt(attempt(email, "192.0.2.99"), 14)).toEqual({
        allowed: false,
        retryAfterSeconds: 240 - 2,
        trusted: false,
      });
      expect(await rowOf(signInAddressesKey(email))).toMatchObject({ hits: 3 });
    });

    it("counts a device cookie's attempts against the cookie alone, and locks the cookie out after five failures", async () => {
      const email = "device-owner@example.test";
      // strangers at five addresses have the account blocked
      for (let i = 0; i < 5; i++) await tryAt(attempt(email, `198.51.100.${210 + i}`), i);
      expect((await tryAt(attempt(email, "192.0.2.1"), 5)).allowed).toBe(false);
      const account = await rowOf(signInKey(email));

      const owner = attempt(email, "192.0.2.1", "NonceOfTheOwnersBrowse");
      for (let s = 6; s < 11; s++)
        expect(await tryAt(owner, s)).toEqual({ allowed: true, retryAfterSeconds: 0, trusted: true });
      // the owner's five mistakes did not touch the account's counters
      expect(await rowOf(signInKey(email))).toEqual(account);
      expect(await rowOf(signInDeviceKey(owner.device!))).toMatchObject({ hits: 5 });
      // locked out: the sixth is untrusted, and the account is blocked for untrusted sign-ins
      expect(await tryAt(owner, 12)).toMatchObject({ allowed: false, trusted: false });
      // an hour later the cookie is trusted again, and its next failure locks it out for two hours: meanwhile
      // (the strangers' block over) its attempts are counted as any other address's
      expect(await tryAt(owner, 10 + 3600)).toEqual({ allowed: true, retryAfterSeconds: 0, trusted: true });
      expect(await tryAt(owner, 11 + 3600)).toEqual({ allowed: true, retryAfterSeconds: 0, trusted: false });
      expect(await rowOf(signInKey(email))).toMatchObject({ hits: 6 });
      expect(await tryAt(owner, 12 + 3600)).toMatchObject({ allowed: false, trusted: false });
    });

    it("clears a device's failures with its success, and leaves the strangers' block standing", async () => {
      const email = "trusted-success@example.test";
      for (let i = 0; i < 5; i++) await tryAt(attempt(email, `198.51.100.${220 + i}`), i);
      const owner = attempt(email, "192.0.2.2", "AnotherOwnersNonce0000");
      for (const s of [6, 7, 8]) await tryAt(owner, s);
      await signInSucceeded(db(), owner, true);
      expect(await rowOf(signInDeviceKey(owner.device!))).toBeUndefined();
      expect((await tryAt(attempt(email, "198.51.100.229"), 9)).allowed).toBe(false);
    });

    it("lets only five of a burst of simultaneous attempts through, from however many addresses", async () => {
      const verdicts = await Promise.all(
        Array.from({ length: 20 }, (_, i) => tryAt(attempt("burst@example.test", `198.51.100.${100 + i}`), 0)),
      );
      expect(verdicts.filter((v) => v.allowed)).toHaveLength(5);
      expect(verdicts.filter((v) => !v.allowed).every((v) => v.retryAfterSeconds === 60)).toBe(true);
      // from one address, likewise five
      const fromOne = await Promise.all(Array.from({ length: 20 }, () => tryAt(attempt("burst-one@example.test"), 0)));
      expect(fromOne.filter((v) => v.allowed)).toHaveLength(5);
      // and a device cookie's five, however many copies of it try at once
      const device = attempt("burst-device@example.test", "192.0.2.3", "BurstingDeviceNonce000");
      const fromDevice = await Promise.all(Array.from({ length: 20 }, () => tryAt(device, 0)));
      expect(fromDevice.filter((v) => v.trusted)).toHaveLength(5);
    });

    it("keys the counters by hashes, whatever text is sent: the table holds no e-mail and no address", () => {
      expect(signInKey("A@Example.test ")).toBe(signInKey("a@example.test"));
      expect(signInKey("a@example.test")).not.toContain("example");
      expect(signInKey("\u0000".repeat(100_000))).toMatch(/^sign-in:account:[\w-]{43}$/);
      const key = signInAddressKey("a@example.test", "198.51.100.7");
      expect(key).toMatch(/^sign-in:address:[\w-]{43}$/);
      expect(signInAddressKey("A@Example.test", "::ffff:198.51.100.7")).toBe(key);
      expect(signInAddressKey("a@example.test", "198.51.100.8")).not.toBe(key);
      // IPv6 by its /64
      expect(signInAddressKey("a@example.test", "2001:db8:0:1::1")).toBe(
        signInAddressKey("a@example.test", "2001:db8:0:1::ffff"),
      );
    });
  });

  describe("signing in to one account from many addresses", () => {
    it("refuses the account for a minute after five failures from five addresses, even with the right password", async () => {
      const account = await newAccount();
      expect(await failTimes(account, 5)).toEqual([401, 401, 401, 401, 401]);

      const blocked = await signIn(account.email, account.password);
      expect(blocked.status).toBe(429);
      const retryAfter = Number(blocked.headers.get("retry-after"));
      expect(retryAfter).toBeGreaterThanOrEqual(55);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(await blocked.json()).toEqual({
        code: "request.too_many",
        params: { seconds: retryAfter },
        message: `Too many requests. Please try again in ${retryAfter} seconds.`,
      });
      expect(hasSession(blocked)).toBe(false);

      // the e-mail as typed differently is the same account
      expect((await signIn(account.email.toUpperCase(), account.password)).status).toBe(429);
      // another account is not touched
      const other = await newAccount();
      expect((await signIn(other.email, other.password)).status).toBe(200);
    });

    it("doubles the block with the next failure once a block has passed", async () => {
      const account = await newAccount();
      await failTimes(account, 5);
      const endBlock = () =>
        t.database.db
          .update(requestLimit)
          .set({ blockedUntil: sql`now() - interval '1 second'` })
          .where(eq(requestLimit.key, signInKey(account.email)));
      await endBlock();
      expect((await signIn(account.email, "wrong-password")).status).toBe(401);
      const twoMinutes = await signIn(account.email, account.password);
      expect(twoMinutes.status).toBe(429);
      expect(Number(twoMinutes.headers.get("retry-after"))).toBeGreaterThan(110);
      expect(Number(twoMinutes.headers.get("retry-after"))).toBeLessThanOrEqual(120);

      // the right password once the block is over: signed in, and the count starts again
      await endBlock();
      const signedIn = await signIn(account.email, account.password);
      expect(signedIn.status).toBe(200);
      expect(hasSession(signedIn)).toBe(true);
      expect(await failTimes(account, 4)).toEqual([401, 401, 401, 401]);
      expect((await signIn(account.email, account.password)).status).toBe(200);
    });

    it("counts failures in a row: a success in between starts again", async () => {
      const account = await newAccount();
      expect(await failTimes(account, 4)).toEqual([401, 401, 401, 401]);
      expect((await signIn(account.email, account.password)).status).toBe(200);
      expect(await failTimes(account, 4)).toEqual([401, 401, 401, 401]);
      expect((await signIn(account.email, account.password)).status).toBe(200);
    });
  });

  describe("the device cookie: a browser that signed in before is not delayed by failures elsewhere", () => {
    const deviceSet = (res: Response) => res.headers.getSetCookie().find((c) => c.startsWith("randa.device="));
    /** The device cookie a response set, as the browser sends it back. */
    const deviceOf = (res: Response) => {
      const set = deviceSet(res);
      if (!set) throw new Error(`no device cookie in ${JSON.stringify(res.headers.getSetCookie())}`);
      return set.split(";")[0]!;
    };
    const withDevice = (cookie: string) => ({ Cookie: cookie });

    /** Strangers at five addresses fail: the account is blocked for every sign-in without its device cookie. */
    async function blockedByStrangers(account: TestAccount) {
      expect(await failTimes(account, 5)).toEqual([401, 401, 401, 401, 401]);
      expect((await signIn(account.email, account.password)).status).toBe(429);
    }

    it("is set by a sign-in and a sign-up: httpOnly, SameSite=Lax, for a year, naming no account", async () => {
      const email = `device-${Date.now()}@example.test`;
      const signedUp = await t.request(
        "/api/auth/sign-up/email",
        via(anAddress(), jsonInit("POST", { name: "Device", email, password: "sawdust-42" })),
      );
      expect(signedUp.status).toBe(200);
      expect(deviceSet(signedUp)).toBeDefined();
      // signing up with an address already taken proves nothing, and earns no cookie for its account
      const again = await t.request(
        "/api/auth/sign-up/email",
        via(anAddress(), jsonInit("POST", { name: "Not Them", email, password: "guessing-42" })),
      );
      expect(again.status).toBe(422);
      expect(deviceSet(again)).toBeUndefined();
      const set = deviceSet(await signIn(email, "sawdust-42"))!;
      expect(set).toMatch(/; HttpOnly/);
      expect(set).toMatch(/; SameSite=Lax/);
      expect(set).toMatch(/; Path=\//);
      expect(set).toMatch(/; Max-Age=31536000/);
      expect(set).not.toMatch(/; Secure/);
      const value = decodeURIComponent(set.slice("randa.device=".length, set.indexOf(";")));
      expect(value).not.toContain(email);
      expect(value).not.toMatch(/example/i);
    });

    it("lets the owner sign in at once while strangers from many addresses have the account blocked", async () => {
      const account = await newAccount();
      const device = deviceOf(await signIn(account.email, account.password));
      await blockedByStrangers(account);

      const owner = await signIn(account.email, account.password, anAddress(), withDevice(device));
      expect(owner.status).toBe(200);
      expect(hasSession(owner)).toBe(true);
      // refreshed: a new nonce, still for this account
      const refreshed = deviceOf(owner);
      expect(refreshed).not.toBe(device);
      // the owner's success cleared nothing of the strangers': without the cookie, still blocked
      expect((await signIn(account.email, account.password)).status).toBe(429);
      expect((await signIn(account.email, account.password, anAddress(), withDevice(refreshed))).status).toBe(200);
    });

    it("does the same through the Login page: read from the browser's cookies, and set on the browser", async () => {
      const account = await newAccount();
      const login = (cookie?: string) => {
        const init = formPost({ email: account.email, password: account.password, redirectTo: "/shop" });
        const headers = { ...(init.headers as Record<string, string>), ...(cookie ? { Cookie: cookie } : {}) };
        return t.request("/login", via(anAddress(), { ...init, headers }));
      };
      const first = await login();
      expect(first.status).toBe(302);
      const device = deviceOf(first);
      await blockedByStrangers(account);

      const stranger = await readAnswer(await login());
      expect(stranger.status).toBe(429);
      expect(stranger.formErrors.form).toMatch(/^Too many attempts\./);
      const owner = await login(device);
      expect(owner.status).toBe(302);
      expect(owner.headers.get("location")).toBe("/shop");
      expect(hasSession(owner)).toBe(true);
      expect(deviceOf(owner)).not.toBe(device);
    });

    it("is not trusted for another account, nor forged", async () => {
      const owner = await newAccount();
      const other = await newAccount();
      const ownDevice = deviceOf(await signIn(owner.email, owner.password));
      const otherDevice = deviceOf(await signIn(other.email, other.password));
      await blockedByStrangers(owner);

      const [name, value] = [ownDevice.slice(0, ownDevice.indexOf("=")), decodeURIComponent(ownDevice.split("=")[1]!)];
      const signed = value.slice(0, value.lastIndexOf("."));
      const otherSigned = decodeURIComponent(otherDevice.split("=")[1]!);
      const otherSignature = otherSigned.slice(otherSigned.lastIndexOf(".") + 1);
      const hmac = (secret: string, text: string) => createHmac("sha256", secret).update(text).digest("base64");
      const cookie = (text: string) => `${name}=${encodeURIComponent(text)}`;
      const forgeries = {
        "another account's cookie": otherDevice,
        "the owner's entry under another cookie's signature": cookie(`${signed}.${otherSignature}`),
        "the owner's entry signed with another secret": cookie(
          `${signed}.${hmac("not-the-store-secret-0123456789", signed)}`,
        ),
        "the owner's entry, unsigned": cookie(signed),
        "the owner's account with a nonce of the forger's": cookie(
          `${signed.slice(0, -22)}AAAAAAAAAAAAAAAAAAAAAA.${value.slice(value.lastIndexOf(".") + 1)}`,
        ),
      };
      for (const [what, forged] of Object.entries(forgeries)) {
        const res = await signIn(owner.email, owner.password, anAddress(), withDevice(forged));
        expect(res.status, what).toBe(429);
        expect(hasSession(res), what).toBe(false);
      }
      // the genuine cookie still opens it: the forgeries failed for being forged
      expect((await signIn(owner.email, owner.password, anAddress(), withDevice(ownDevice))).status).toBe(200);
    });

    it("locks a device cookie out after its own five failures: then it waits like a stranger", async () => {
      const account = await newAccount();
      const device = deviceOf(await signIn(account.email, account.password));
      await blockedByStrangers(account);
      const withIt = (password: string) => signIn(account.email, password, anAddress(), withDevice(device));
      const statuses = [];
      for (let i = 0; i < 5; i++) statuses.push((await withIt("wrong-password")).status);
      expect(statuses).toEqual([401, 401, 401, 401, 401]);
      const lockedOut = await withIt(account.password);
      expect(lockedOut.status).toBe(429);
      expect(hasSession(lockedOut)).toBe(false);
    });

    it("counts the owner's own mistakes against the cookie only, and outlives sign-out on a computer shared by two accounts", async () => {
      const first = await newAccount();
      const second = await newAccount();
      const one = deviceOf(await signIn(first.email, first.password));
      const signedIn = await signIn(second.email, second.password, anAddress(), withDevice(one));
      const both = deviceOf(signedIn);
      const signedOut = await t.request(
        "/api/auth/sign-out",
        jsonInit("POST", {}, { Cookie: `${both}; ${sessionCookie(signedIn)}` }),
      );
      expect(signedOut.status).toBe(200);
      expect(signedOut.headers.getSetCookie().some((c) => c.includes("session_token=;"))).toBe(true);
      expect(deviceSet(signedOut)).toBeUndefined();

      // four mistakes with the cookie count against it, not against the account: strangers then start from zero
      for (let i = 0; i < 4; i++) {
        expect((await signIn(first.email, "wrong-password", anAddress(), withDevice(both))).status).toBe(401);
      }
      await blockedByStrangers(first);
      await blockedByStrangers(second);
      for (const account of [first, second]) {
        const res = await signIn(account.email, account.password, anAddress(), withDevice(both));
        expect(res.status, account.email).toBe(200);
      }
    });

    it("is Secure, under the __Secure- prefix, on an https store", async () => {
      const origin = "https://shop.example";
      const auth = createAuth({
        db: t.database.db,
        sessions: t.services.sessions,
        baseURL: origin,
        secret: TEST_SETTINGS.AUTH_SECRET,
        trustedOrigins: [origin],
        mailer: t.services.mailer,
        signInLimitPerMinute: 1000,
      });
      const account = await newAccount();
      const res = await auth.handler(
        new Request(`${origin}/api/auth/sign-in/email`, {
          method: "POST",
          headers: { "Content-Type": "application/json", Origin: origin, [CLIENT_IP_HEADER]: anAddress() },
          body: JSON.stringify({ email: account.email, password: account.password }),
        }),
      );
      expect(res.status).toBe(200);
      const set = res.headers.getSetCookie().find((c) => c.startsWith("__Secure-randa.device="));
      expect(set).toMatch(/; Secure/);
      expect(set).toMatch(/; HttpOnly/);
    });
  });

  describe("limits per address, answered with Retry-After and {message, code}", () => {
    it("refuses a sixth sign-in from one address in a minute, whichever accounts it tries", async () => {
      const address = anAddress();
      const accounts = await Promise.all(Array.from({ length: 6 }, newAccount));
      const statuses = [];
      for (const account of accounts.slice(0, 5)) statuses.push((await signIn(account.email, "wrong", address)).status);
      expect(statuses).toEqual([401, 401, 401, 401, 401]);
      const refused = await signIn(accounts[5]!.email, accounts[5]!.password, address);
      expect(refused.status).toBe(429);
      const retryAfter = Number(refused.headers.get("retry-after"));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(refused.headers.get("x-retry-after")).toBeNull();
      expect(await refused.json()).toMatchObject({ code: "request.too_many", params: { seconds: retryAfter } });
      // the same account from another address is fine: the limit was the address's
      expect((await signIn(accounts[5]!.email, accounts[5]!.password)).status).toBe(200);
    });

    it("takes the address from the store alone: a client's own x-randa-client-ip is replaced", async () => {
      const address = anAddress();
      const statuses = [];
      for (let i = 0; i < 6; i++) {
        const res = await signIn(`nobody${i}@example.test`, "wrong", address, { "x-randa-client-ip": `192.0.2.${i}` });
        statuses.push(res.status);
      }
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    });

    it("refuses a sixth sign-up from one address in a minute", async () => {
      const address = anAddress();
      const statuses = [];
      for (let i = 0; i < 6; i++) {
        const res = await t.request(
          "/api/auth/sign-up/email",
          via(
            address,
            jsonInit("POST", { name: "Mass", email: `mass${i}-${Date.now()}@example.test`, password: "sawdust-42" }),
          ),
        );
        statuses.push(res.status);
        if (res.status === 429) {
          expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
          expect(await res.json()).toMatchObject({ code: "request.too_many" });
        }
      }
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    });

    it("sends one e-mail address at most three reset links an hour, whoever asks", async () => {
      const account = await newAccount();
      const statuses = [];
      for (let i = 0; i < 4; i++) {
        const res = await t.request(
          "/api/auth/request-password-reset",
          via(anAddress(), jsonInit("POST", { email: account.email, redirectTo: "/reset-password" })),
        );
        statuses.push(res.status);
        if (res.status === 429) {
          expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(3500);
          expect(await res.json()).toMatchObject({ code: expect.stringMatching(/^request\.too_many/) });
        }
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
      expect(readdirSync(t.outboxDir).filter((f) => f.endsWith(`-${account.email}.json`))).toHaveLength(3);
      // an address without an account is limited alike, so the answer tells nobody which addresses have one
      const unknown = "no-such-customer@example.test";
      for (let i = 0; i < 3; i++) {
        const res = await t.request(
          "/api/auth/request-password-reset",
          via(anAddress(), jsonInit("POST", { email: unknown, redirectTo: "/reset-password" })),
        );
        expect(res.status).toBe(200);
      }
      const fourth = await t.request(
        "/api/auth/request-password-reset",
        via(anAddress(), jsonInit("POST", { email: unknown, redirectTo: "/reset-password" })),
      );
      expect(fourth.status).toBe(429);
    });
  });

  describe("the pages say why and for how long", () => {
    const post = (path: string, fields: Record<string, string>, address = anAddress()) =>
      t.request(path, via(address, formPost(fields)));

    it("the login page, for a blocked account: in seconds, then in minutes for a long block", async () => {
      const account = await newAccount();
      for (let i = 0; i < 5; i++) {
        const wrong = await readAnswer(await post("/login", { email: account.email, password: "wrong-password" }));
        expect(wrong.formErrors.form).toBe("Invalid email or password");
      }
      const res = await post("/login", { email: account.email, password: account.password });
      expect(res.status).toBe(429);
      expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
      const answer = await readAnswer(res);
      expect(answer.formErrors.form).toMatch(/^Too many attempts\. Please try again in (5\d|60) seconds\.$/);
      expect(answer.location).toBeNull();

      await t.database.db
        .update(requestLimit)
        .set({ blockedUntil: sql`now() + interval '10 minutes'` })
        .where(eq(requestLimit.key, signInKey(account.email)));
      const longer = await readAnswer(await post("/login", { email: account.email, password: account.password }));
      expect(longer.formErrors.form).toBe("Too many attempts. Please try again in 10 minutes.");
    });

    it("the register page, for a sixth sign-up from one address", async () => {
      const address = anAddress();
      const answers = [];
      for (let i = 0; i < 6; i++) {
        const fields = { name: "Mass", email: `page-mass${i}-${Date.now()}@example.test`, password: "sawdust-42" };
        answers.push(await readAnswer(await post("/register", fields, address)));
      }
      expect(answers.slice(0, 5).every((a) => a.status === 302)).toBe(true);
      expect(answers[5]!.status).toBe(429);
      expect(answers[5]!.formErrors.form).toMatch(/^Too many attempts\. Please try again in \d+ seconds\.$/);
    });

    it("the forgot-password page, for a fourth link to one address", async () => {
      const account = await newAccount();
      for (let i = 0; i < 3; i++) expect((await post("/forgot-password", { email: account.email })).status).toBe(200);
      const res = await post("/forgot-password", { email: account.email });
      expect(res.status).toBe(429);
      expect(res.headers.get("retry-after")).not.toBeNull();
      // The page ships no JavaScript: the message is read under the field, as the customer reads it.
      const { formErrors } = await readAnswer(res);
      expect(formErrors.email).toMatch(/^Too many attempts\. Please try again in (59|60) minutes\.$/);
    });

    it("in Bangla too, with Bengali digits", () => {
      const said = { code: "auth.too_many_attempts", params: { seconds: 45 }, message: "" } as const;
      expect(translate(said, "bn")).toContain("৪৫ সেকেন্ড");
      const minutes = { code: "auth.too_many_attempts_minutes", params: { minutes: 12 }, message: "" } as const;
      expect(translate(minutes, "bn")).toContain("১২ মিনিট");
    });
  });
});
