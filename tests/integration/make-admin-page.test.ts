import { beforeAll, describe, expect, it } from "vitest";
import { findUserByEmail } from "@server/accounts/sql/user-rows";
import { asCookie, signUp, signUpAdmin, type TestAccount } from "../support/accounts";
import { readAnswer } from "../support/action-answer";
import { usePageApp } from "../support/page-app";
import { anAdmin } from "../support/page-scenes";

/** Make Admin's Remove Admin: offered for every admin but yourself, posted as a form (no JavaScript needed). */
describe("Make Admin: removing another admin's role", () => {
  const t = usePageApp();
  let me: TestAccount;
  let customer: TestAccount;
  let otherAdmin: string;

  beforeAll(async () => {
    me = await signUpAdmin(t);
    customer = await signUp(t);
    otherAdmin = (await anAdmin(t)).email;
  });

  async function rowsOf(headers: Record<string, string>) {
    const res = await t.request("/dashboard/admin", { headers });
    expect(res.status).toBe(200);
    const html = await res.text();
    const rows = [...html.matchAll(/<tr[\s>][\s\S]*?<\/tr>/g)].map((m) => m[0]);
    return (email: string) => rows.find((r) => r.includes(`>${email}<`)) ?? "";
  }

  it("offers Remove Admin beside Already Admin for another admin, never on your own row nor a customer's", async () => {
    const row = await rowsOf(asCookie(me));
    expect(row(otherAdmin)).toContain("Already Admin");
    expect(row(otherAdmin)).toContain("Remove Admin");
    expect(row(otherAdmin)).toContain('name="intent" value="demote"');
    expect(row(me.email)).toContain("Already Admin");
    expect(row(me.email)).not.toContain("Remove Admin");
    expect(row(customer.email)).toContain("Make Admin");
    expect(row(customer.email)).not.toContain("Remove Admin");
    // The spec's Delete User column is as it was: a button for customers, none for admins.
    expect(row(customer.email)).toContain("Delete User");
    expect(row(otherAdmin)).not.toContain("Delete User");
  });

  it("says it in Bangla on a Bangla page", async () => {
    const row = await rowsOf({ ...asCookie(me), Cookie: `${me.cookie}; randa.lang=bn` });
    expect(row(otherAdmin)).toContain("অ্যাডমিন থেকে সরান");
  });

  it("removes the role with a success toast, and the row offers Make Admin again", async () => {
    const target = (await anAdmin(t)).email;
    const answer = await readAnswer(await t.postForm("/dashboard/admin", { intent: "demote", email: target }, me));
    expect(answer.done).toBe(true);
    expect(answer.toast).toEqual({ kind: "success", message: "Admin role removed" });
    expect((await findUserByEmail(t.database.db, target))?.role).toBe("user");
    const row = await rowsOf(asCookie(me));
    expect(row(target)).toContain("Make Admin");
    expect(row(target)).not.toContain("Already Admin");
  });

  it("refuses your own role with a 409 and says why", async () => {
    const answer = await readAnswer(await t.postForm("/dashboard/admin", { intent: "demote", email: me.email }, me));
    expect(answer.status).toBe(409);
    expect(answer.toast).toEqual({ kind: "error", message: "You cannot remove your own admin role here." });
    expect((await findUserByEmail(t.database.db, me.email))?.role).toBe("admin");
  });
});
