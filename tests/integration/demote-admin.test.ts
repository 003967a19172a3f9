import { eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { user } from "@server/db/auth-schema";
import { demoteAdmin, findUserByEmail } from "@server/accounts/sql/user-rows";
import { AppError } from "@server/errors";
import { demoteFromAdmin } from "@server/accounts/users";
import { accountsChanged, asBearer, asCookie, signUp, signUpAdmin, type TestAccount } from "../support/accounts";
import { as } from "../support/contexts";
import { aCustomer, nobody } from "../support/page-scenes";
import { useTestApp } from "../support/test-app";
import { sessionUserOf } from "../support/use-case-actors";

/** Remove admin: DELETE /api/user/admin/{email} and the use case behind it (and Make Admin's page). */
describe("removing an admin's role", () => {
  const t = useTestApp();
  let admin: TestAccount;
  let customer: TestAccount;

  beforeAll(async () => {
    admin = await signUpAdmin(t);
    customer = await signUp(t);
  });

  const roleOf = async (email: string) => (await findUserByEmail(t.database.db, email))?.role;
  const demote = (email: string, headers: Record<string, string> = asCookie(admin)) =>
    t.request(`/api/user/admin/${encodeURIComponent(email)}`, { method: "DELETE", headers });
  const refusal = async (res: Response) => ({ status: res.status, ...((await res.json()) as object) });
  async function anotherAdmin() {
    const { email } = await aCustomer(t);
    await accountsChanged(t, () => t.database.db.update(user).set({ role: "admin" }).where(eq(user.email, email)));
    return email;
  }

  it("turns another admin into a customer: modifiedCount 1, and their account stays", async () => {
    const other = await anotherAdmin();
    const res = await demote(other);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ modifiedCount: 1 });
    expect(await roleOf(other)).toBe("user");
  });

  it("keeps the demoted admin signed in, as a customer from their next request", async () => {
    const demoted = await signUpAdmin(t);
    expect((await t.request("/api/user", { headers: asBearer(demoted) })).status).toBe(200);
    expect((await demote(demoted.email)).status).toBe(200);
    expect((await t.request("/api/user", { headers: asBearer(demoted) })).status).toBe(403);
    const check = await t.request(`/api/admin/${demoted.email}`, { headers: asBearer(demoted) });
    expect(check.status).toBe(200);
    expect(await check.json()).toEqual({ admin: false });
  });

  it("lets only an admin remove one: a stranger gets 401, a customer 403, and nobody is demoted", async () => {
    const other = await anotherAdmin();
    expect((await demote(other, {})).status).toBe(401);
    expect(await refusal(await demote(other, asBearer(customer)))).toMatchObject({
      status: 403,
      code: "auth.admins_only",
    });
    expect(await roleOf(other)).toBe("admin");
  });

  it("answers 404 for an unknown email", async () => {
    expect(await refusal(await demote(nobody().email))).toMatchObject({ status: 404, code: "user.not_found" });
  });

  it("answers 409 for an account that is not an admin", async () => {
    expect(await refusal(await demote(customer.email))).toEqual({
      status: 409,
      code: "user.not_admin",
      message: "This user is not an admin.",
    });
    expect(await roleOf(customer.email)).toBe("user");
  });

  it("never removes the caller's own role (409), whatever the case of the address", async () => {
    for (const email of [admin.email, admin.email.toUpperCase()]) {
      expect(await refusal(await demote(email))).toEqual({
        status: 409,
        code: "user.cannot_demote_self",
        message: "You cannot remove your own admin role here.",
      });
    }
    expect(await roleOf(admin.email)).toBe("admin");
  });

  it("refuses to demote the last admin, even asked by an admin who was demoted after signing in (409)", async () => {
    const [a, b] = await twoAdminsOnly();
    const asA = await sessionUserOf(t, a);
    const asB = await sessionUserOf(t, b);
    await demoteFromAdmin(as(t, asA), b.email);
    const refused = await demoteFromAdmin(as(t, asB), a.email).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ kind: "conflict", code: "user.last_admin" });
    expect(await roleOf(a.email)).toBe("admin");
  });

  it("answers an admin demoted by someone else with 403 while other admins remain", async () => {
    const [a, b] = await twoAdminsOnly();
    const third = await anotherAdmin();
    const asB = await sessionUserOf(t, b);
    await demoteFromAdmin(as(t, await sessionUserOf(t, a)), b.email);
    await expect(demoteFromAdmin(as(t, asB), third)).rejects.toMatchObject({ code: "auth.admins_only" });
    expect(await roleOf(third)).toBe("admin");
  });

  it("leaves one admin when the only two remove each other at the same moment (the last is refused, 409)", async () => {
    for (let round = 0; round < 8; round++) {
      const [a, b] = await twoAdminsOnly();
      // Both callers are admins as their requests begin; both calls reach the database together.
      const [asA, asB] = [await sessionUserOf(t, a), await sessionUserOf(t, b)];
      const verdicts = await Promise.all(
        [demoteFromAdmin(as(t, asA), b.email), demoteFromAdmin(as(t, asB), a.email)].map((call) =>
          call.then(
            () => "done",
            (err: unknown) => (err instanceof AppError ? err.code : String(err)),
          ),
        ),
      );
      expect(verdicts.sort()).toEqual(["done", "user.last_admin"]);
      expect([await roleOf(a.email), await roleOf(b.email)].sort()).toEqual(["admin", "user"]);
    }
  });

  it("through the API too: of two admins removing each other at once, one stays an admin", async () => {
    const [a, b] = await twoAdminsOnly();
    const answers = await Promise.all([demote(b.email, asBearer(a)), demote(a.email, asBearer(b))]);
    const seen = await Promise.all(answers.map(refusal));
    // The second is refused: the last admin (409), or, when its session was read after the first was done, no
    // admin any more (403).
    expect(seen.map((s) => s.status).sort(), JSON.stringify(seen)).toEqual(
      expect.arrayContaining([200, expect.toSatisfy((s: number) => s === 403 || s === 409)]),
    );
    expect(seen.filter((s) => s.status === 200)).toHaveLength(1);
    expect([await roleOf(a.email), await roleOf(b.email)].sort()).toEqual(["admin", "user"]);
  });

  it("lets the operator (no caller) demote any admin but the last", async () => {
    const [a, b] = await twoAdminsOnly();
    await demoteAdmin(t.database.db, a.email, null);
    await expect(demoteAdmin(t.database.db, b.email, null)).rejects.toMatchObject({ code: "user.last_admin" });
    expect(await roleOf(b.email)).toBe("admin");
  });

  /** Two new admins, signed in, and every other admin of the test database made a customer. */
  async function twoAdminsOnly(): Promise<[TestAccount, TestAccount]> {
    const pair = [await signUp(t), await signUp(t)] as const;
    await accountsChanged(t, async () => {
      await t.database.db.update(user).set({ role: "user" }).where(eq(user.role, "admin"));
      await t.database.db
        .update(user)
        .set({ role: "admin" })
        .where(inArray(user.email, [pair[0].email, pair[1].email]));
    });
    return [...pair];
  }
});
