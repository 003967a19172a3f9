import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { DEMO_ADMIN, ensureAdmin } from "@server/auth/first-admin";
import { findUserByEmail } from "@server/domain/users";
import { jsonInit, signUp } from "../support/accounts";
import { useTestApp } from "../support/test-app";

describe("the first admin", () => {
  const t = useTestApp();

  it("creates the configured account as an admin that can sign in", async () => {
    await ensureAdmin(t.services, { email: "Owner@Randa.Example", password: "owner-pass-1" });
    expect((await findUserByEmail(t.database.db, "owner@randa.example"))!.role).toBe("admin");
    const res = await t.request(
      "/api/auth/sign-in/email",
      jsonInit("POST", { email: "owner@randa.example", password: "owner-pass-1" }),
    );
    expect(res.status).toBe(200);
  });

  it("promotes an existing account without touching its password", async () => {
    const account = await signUp(t);
    await ensureAdmin(t.services, { email: account.email, password: "something-else" });
    expect((await findUserByEmail(t.database.db, account.email))!.role).toBe("admin");
    const res = await t.request(
      "/api/auth/sign-in/email",
      jsonInit("POST", { email: account.email, password: account.password }),
    );
    expect(res.status).toBe(200);
  });

  it("has demo credentials that meet the password rules", () => {
    expect(DEMO_ADMIN.password.length).toBeGreaterThanOrEqual(6);
  });
});

describe("npm run admin -- promote", () => {
  it("refuses without an email and explains the usage", () => {
    expect(() => execFileSync("npx", ["tsx", "scripts/admin.ts", "promote"], { stdio: "pipe" })).toThrow(
      /Usage: npm run admin -- promote <email>/,
    );
  });
});
