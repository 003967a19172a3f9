import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { session, user } from "@server/db/auth-schema";
import { PASSWORD_CHANGES_PER_ACCOUNT } from "@server/auth/password-change";
import { english, M } from "@shared/messages";
import { bnMessages } from "@shared/words/bn-messages";
import { jsonInit, sessionCookie, signUp, type TestAccount } from "../support/accounts";
import { usePageApp } from "../support/page-app";
import { useTestApp, type TestContext } from "../support/test-app";

const NEW_PASSWORD = "fresh-shavings-7";

/** A session of the account of its own, as another browser or API client signs in. */
async function signIn(t: TestContext, email: string, password: string) {
  const res = await t.request("/api/auth/sign-in/email", jsonInit("POST", { email, password }));
  expect(res.status).toBe(200);
  return { cookie: sessionCookie(res), token: res.headers.get("set-auth-token")! };
}

/** A call only a signed-in account may make: its own profile. */
const profileAs = (t: TestContext, email: string, headers: Record<string, string>) =>
  t.request(`/api/profile/${encodeURIComponent(email)}`, { headers });

const signInStatus = async (t: TestContext, email: string, password: string) =>
  (await t.request("/api/auth/sign-in/email", jsonInit("POST", { email, password }))).status;

const sessionsOf = async (t: TestContext, email: string) => {
  const [owner] = await t.database.db.select().from(user).where(eq(user.email, email));
  return (await t.database.db.select().from(session).where(eq(session.userId, owner!.id))).length;
};

/** The messages under the fields and the form, as a browser without JavaScript shows them. */
function shownErrors(html: string): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const m of html.matchAll(/<p id="([\w-]+)-error"[^>]*>([^<]*)<\/p>/g)) errors[m[1]!] = m[2]!;
  const form = /<p role="alert"[^>]*>([^<]*)<\/p>/.exec(html);
  if (form) errors.form = form[1]!;
  return errors;
}

describe("changing a password", () => {
  const t = usePageApp();

  describe("through the API (POST /api/auth/change-password)", () => {
    // Whatever the client asks for: the store ends the other sessions anyway.
    const asked: [string, Record<string, boolean>][] = [
      ["revokeOtherSessions: false", { revokeOtherSessions: false }],
      ["nothing about the other sessions", {}],
      ["revokeOtherSessions: true", { revokeOtherSessions: true }],
    ];
    const callers = ["cookie", "bearer"] as const;

    for (const [what, extra] of asked) {
      for (const caller of callers) {
        it(`ends every other session, cookie and bearer, and keeps the caller's (${caller}, ${what})`, async () => {
          const account = await signUp(t);
          const otherBrowser = await signIn(t, account.email, account.password);
          const otherClient = await signIn(t, account.email, account.password);
          const mine = await signIn(t, account.email, account.password);
          const as: Record<string, string> =
            caller === "cookie" ? { Cookie: mine.cookie } : { Authorization: `Bearer ${mine.token}` };
          expect((await profileAs(t, account.email, { Cookie: otherBrowser.cookie })).status).toBe(200);

          const res = await t.request(
            "/api/auth/change-password",
            jsonInit("POST", { currentPassword: account.password, newPassword: NEW_PASSWORD, ...extra }, as),
          );
          expect(res.status, await res.clone().text()).toBe(200);
          const answer = (await res.json()) as { token: string | null };

          // The other sessions, and the ones that came with sign-up, answer 401 on a protected call.
          const ended: Record<string, string>[] = [
            { Cookie: otherBrowser.cookie },
            { Authorization: `Bearer ${otherClient.token}` },
            { Cookie: account.cookie },
            { Authorization: `Bearer ${account.token}` },
          ];
          for (const other of ended) expect((await profileAs(t, account.email, other)).status).toBe(401);
          // The caller stays signed in: its session is renewed and handed back as a cookie and as a token (`token`
          // in the body, and signed in Set-Auth-Token as sign-in hands it out).
          expect(answer.token).toBeTruthy();
          const signedToken = res.headers.get("set-auth-token")!;
          expect(signedToken.split(".")[0]).toBe(answer.token);
          const renewed = sessionCookie(res);
          expect(renewed).not.toBe(mine.cookie);
          const kept: Record<string, string>[] = [
            { Cookie: renewed },
            { Authorization: `Bearer ${answer.token}` },
            { Authorization: `Bearer ${signedToken}` },
          ];
          for (const still of kept) expect((await profileAs(t, account.email, still)).status).toBe(200);
          // Its old token ended with the others: a token that was seen before the change opens nothing after it.
          expect((await profileAs(t, account.email, as)).status).toBe(401);
          expect(await sessionsOf(t, account.email)).toBe(1);

          expect(await signInStatus(t, account.email, NEW_PASSWORD)).toBe(200);
          expect(await signInStatus(t, account.email, account.password)).toBe(401);
        });
      }
    }

    it("refuses a wrong current password and changes nothing", async () => {
      const account = await signUp(t);
      const other = await signIn(t, account.email, account.password);
      const res = await t.request(
        "/api/auth/change-password",
        jsonInit("POST", { currentPassword: "not-my-password", newPassword: NEW_PASSWORD }, { Cookie: account.cookie }),
      );
      expect(res.status).toBe(400);
      expect(((await res.json()) as { code: string }).code).toBe("INVALID_PASSWORD");
      expect((await profileAs(t, account.email, { Cookie: other.cookie })).status).toBe(200);
      expect((await profileAs(t, account.email, { Cookie: account.cookie })).status).toBe(200);
      expect(await signInStatus(t, account.email, account.password)).toBe(200);
      expect(await signInStatus(t, account.email, NEW_PASSWORD)).toBe(401);
    });

    it("refuses a caller who is not signed in", async () => {
      const res = await t.request(
        "/api/auth/change-password",
        jsonInit("POST", { currentPassword: "sawdust-42", newPassword: NEW_PASSWORD }),
      );
      expect(res.status).toBe(401);
    });

    it(`lets one account try ${PASSWORD_CHANGES_PER_ACCOUNT.max} times an hour, then refuses even the right password`, async () => {
      const account = await signUp(t);
      const change = (currentPassword: string, who: TestAccount = account) =>
        t.request(
          "/api/auth/change-password",
          jsonInit("POST", { currentPassword, newPassword: NEW_PASSWORD }, { Authorization: `Bearer ${who.token}` }),
        );
      for (let i = 0; i < PASSWORD_CHANGES_PER_ACCOUNT.max; i++)
        expect((await change("a-wrong-guess")).status).toBe(400);
      const refused = await change(account.password);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(
        PASSWORD_CHANGES_PER_ACCOUNT.windowSeconds - 60,
      );
      expect(((await refused.json()) as { code: string }).code).toBe(M.request.too_many_minutes);
      expect(await signInStatus(t, account.email, account.password)).toBe(200);
      // Another account is not held back by this one's tries.
      const another = await signUp(t);
      expect((await change(another.password, another)).status).toBe(200);
    });
  });

  describe("in My Profile, without JavaScript", () => {
    /** Change password's form as a browser without JavaScript posts it, with `as`'s cookies (none: signed out). */
    const change = (as: TestAccount | undefined, fields: Record<string, string>) =>
      t.postForm("/dashboard/profile", { intent: "password", ...fields }, as);

    it("changes the password, ends the other sessions and keeps this browser signed in", async () => {
      const account = await signUp(t);
      const other = await signIn(t, account.email, account.password);
      const res = await change(account, { currentPassword: account.password, newPassword: NEW_PASSWORD });
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe("/dashboard/profile?password=changed");
      const renewed = sessionCookie(res);

      const page = await t.request("/dashboard/profile?password=changed", { headers: { Cookie: renewed } });
      expect(page.status).toBe(200);
      expect(await page.text()).toContain(english(M.auth.password_updated));
      expect((await profileAs(t, account.email, { Cookie: other.cookie })).status).toBe(401);
      expect((await profileAs(t, account.email, { Cookie: account.cookie })).status).toBe(401);
      expect(await signInStatus(t, account.email, NEW_PASSWORD)).toBe(200);
      expect(await signInStatus(t, account.email, account.password)).toBe(401);
    });

    it("says a wrong current password beside its field, in English and in Bangla, and changes nothing", async () => {
      const account = await signUp(t);
      const wrong = { currentPassword: "not-my-password", newPassword: NEW_PASSWORD };
      const res = await change(account, wrong);
      expect(res.status).toBe(400);
      const html = await res.text();
      expect(shownErrors(html)).toEqual({ currentPassword: english(M.auth.current_password_wrong) });
      // No password is written back into the page.
      expect(html).not.toContain("not-my-password");
      expect(html).not.toContain(NEW_PASSWORD);
      const bangla = await change({ ...account, cookie: `${account.cookie}; randa.lang=bn` }, wrong);
      expect(shownErrors(await bangla.text())).toEqual({ currentPassword: bnMessages.auth.current_password_wrong });
      expect((await profileAs(t, account.email, { Cookie: account.cookie })).status).toBe(200);
      expect(await signInStatus(t, account.email, account.password)).toBe(200);
    });

    it("checks the fields with the sign-up rules before asking anything", async () => {
      const account = await signUp(t);
      const empty = await change(account, { currentPassword: "", newPassword: "" });
      expect(empty.status).toBe(400);
      expect(shownErrors(await empty.text())).toEqual({
        currentPassword: english(M.auth.password_required),
        newPassword: english(M.auth.password_required),
      });
      const short = await change(account, { currentPassword: account.password, newPassword: "abc" });
      expect(short.status).toBe(400);
      expect(shownErrors(await short.text())).toEqual({ newPassword: english(M.auth.password_too_short) });
      expect(await signInStatus(t, account.email, account.password)).toBe(200);
    });

    it("sends a visitor who is not signed in to sign in first", async () => {
      const res = await change(undefined, { currentPassword: "sawdust-42", newPassword: NEW_PASSWORD });
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe("/login?redirectTo=%2Fdashboard%2Fprofile");
    });

    it("still saves the profile when the form is the profile's", async () => {
      const account = await signUp(t);
      const res = await t.request("/dashboard/profile", {
        method: "POST",
        redirect: "manual",
        body: new URLSearchParams({ education: "BSc in Forestry", number: "01712345678", location: "Gazipur" }),
        headers: { Origin: "http://127.0.0.1:3000", Cookie: account.cookie },
      });
      expect(res.status).toBe(200);
      const saved = await profileAs(t, account.email, { Cookie: account.cookie });
      expect(await saved.json()).toMatchObject({ education: "BSc in Forestry" });
    });
  });
});

describe("changing a password, per address", () => {
  const t = useTestApp({ SIGN_IN_LIMIT_PER_MINUTE: "2" });

  it("counts under the sign-in limit per address, whichever accounts call", async () => {
    const accounts = [await signUp(t), await signUp(t)];
    const change = (who: TestAccount) =>
      t.request(
        "/api/auth/change-password",
        jsonInit("POST", { currentPassword: "a-wrong-guess", newPassword: NEW_PASSWORD }, { Cookie: who.cookie }),
      );
    expect((await change(accounts[0]!)).status).toBe(400);
    expect((await change(accounts[1]!)).status).toBe(400);
    const refused = await change(accounts[0]!);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBeTruthy();
  });
});
