import { readdirSync } from "node:fs";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { requestLimit } from "@server/db/schema";
import { blockSeconds, SIGN_IN_BACKOFF, signInKey, signInSucceeded, startSignIn } from "@server/limits/sign-in-backoff";
import { translate } from "~/i18n/use-message";
import { jsonInit, signUp, type TestAccount } from "../support/accounts";
import { readAnswer } from "../support/action-answer";
import { formPost, usePageApp } from "../support/page-app";
import type { TestContext } from "../support/test-app";

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

  describe("the account back-off, on the store's clock", () => {
    const db = () => t.database.db;
    const start = new Date(Date.UTC(2026, 10, 23, 12, 0, 0));
    const after = (seconds: number) => new Date(start.getTime() + seconds * 1000);

    it("blocks for a minute after five failures, doubling with each further failure up to an hour", () => {
      const blocks = Array.from({ length: 13 }, (_, i) => blockSeconds(i + 1));
      expect(blocks).toEqual([0, 0, 0, 0, 60, 120, 240, 480, 960, 1920, 3600, 3600, 3600]);
      expect(blockSeconds(10_000)).toBe(SIGN_IN_BACKOFF.maxBlockSeconds);
    });

    it("refuses the account while it is blocked, and lets one attempt through when the block ends", async () => {
      const email = "clock@example.test";
      for (const s of [0, 1, 2, 3, 4]) expect((await startSignIn(db(), email, undefined, after(s))).allowed).toBe(true);
      expect(await startSignIn(db(), email, undefined, after(34))).toEqual({ allowed: false, retryAfterSeconds: 30 });
      // the refused attempt changed nothing: the block still ends a minute after the fifth failure
      expect(await startSignIn(db(), email, undefined, after(63))).toEqual({ allowed: false, retryAfterSeconds: 1 });
      expect((await startSignIn(db(), email, undefined, after(64))).allowed).toBe(true);
      expect(await startSignIn(db(), email, undefined, after(65))).toEqual({ allowed: false, retryAfterSeconds: 119 });
      expect((await startSignIn(db(), email, undefined, after(184))).allowed).toBe(true);
      expect(await startSignIn(db(), email, undefined, after(185))).toEqual({ allowed: false, retryAfterSeconds: 239 });
    });

    it("is cleared by a success, and forgets failures a day old", async () => {
      const email = "Forgetful@Example.test";
      for (const s of [0, 1, 2, 3]) await startSignIn(db(), email, undefined, after(s));
      await signInSucceeded(db(), "forgetful@example.test");
      for (const s of [10, 11, 12, 13])
        expect((await startSignIn(db(), email, undefined, after(s))).allowed).toBe(true);
      // four failures, then a day's quiet: the fifth attempt counts as the first
      const dayLater = 13 + 24 * 60 * 60;
      for (let i = 0; i < 4; i++) {
        expect((await startSignIn(db(), email, undefined, after(dayLater + i))).allowed).toBe(true);
      }
      const [row] = await db()
        .select()
        .from(requestLimit)
        .where(eq(requestLimit.key, signInKey(email)));
      expect(row).toMatchObject({ hits: 4, blockedUntil: null });
    });

    it("lets only five of a burst of simultaneous attempts through, from however many addresses", async () => {
      const verdicts = await Promise.all(
        Array.from({ length: 20 }, () => startSignIn(db(), "burst@example.test", undefined, after(0))),
      );
      expect(verdicts.filter((v) => v.allowed)).toHaveLength(5);
      expect(verdicts.filter((v) => !v.allowed).every((v) => v.retryAfterSeconds === 60)).toBe(true);
    });

    it("keys the counter by a hash of the e-mail address, whatever text is sent", () => {
      expect(signInKey("A@Example.test ")).toBe(signInKey("a@example.test"));
      expect(signInKey("a@example.test")).not.toContain("example");
      expect(signInKey("\u0000".repeat(100_000))).toMatch(/^sign-in:account:[\w-]{43}$/);
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
