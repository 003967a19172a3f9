import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { jsonInit, signUp } from "../support/accounts";
import { useTestApp } from "../support/test-app";

describe("password reset by e-mail", () => {
  const t = useTestApp();

  const mailsTo = (email: string) => {
    let files: string[] = [];
    try {
      files = readdirSync(t.outboxDir);
    } catch {
      return [];
    }
    return files
      .map((f) => JSON.parse(readFileSync(path.join(t.outboxDir, f), "utf8")) as { to: string; text: string })
      .filter((m) => m.to === email);
  };

  it("mails a one-hour link that sets a new password once, and ends old sessions", async () => {
    const account = await signUp(t);
    const ask = await t.request(
      "/api/auth/request-password-reset",
      jsonInit("POST", { email: account.email, redirectTo: "/reset-password" }),
    );
    expect(ask.status).toBe(200);
    const [mail] = mailsTo(account.email);
    expect(mail).toBeDefined();
    const link = new URL(mail!.text.match(/https?:\/\/\S+/)![0]);
    expect(link.origin).toBe("http://127.0.0.1:3000");
    const token = link.pathname.split("/").at(-1)!;

    const reset = await t.request(
      "/api/auth/reset-password",
      jsonInit("POST", { newPassword: "brand-new-pass", token }),
    );
    expect(reset.status).toBe(200);
    const reuse = await t.request(
      "/api/auth/reset-password",
      jsonInit("POST", { newPassword: "again-new-pass", token }),
    );
    expect(reuse.status).toBe(400);

    const old = await t.request(
      "/api/auth/sign-in/email",
      jsonInit("POST", { email: account.email, password: account.password }),
    );
    expect(old.status).toBe(401);
    const fresh = await t.request(
      "/api/auth/sign-in/email",
      jsonInit("POST", { email: account.email, password: "brand-new-pass" }),
    );
    expect(fresh.status).toBe(200);
    const oldSession = await t.request(`/api/admin/${account.email}`, { headers: { Cookie: account.cookie } });
    expect(oldSession.status).toBe(401);
  });

  it("answers the same for an unknown email and sends nothing", async () => {
    const res = await t.request(
      "/api/auth/request-password-reset",
      jsonInit("POST", { email: "nobody@example.test", redirectTo: "/reset-password" }),
    );
    expect(res.status).toBe(200);
    expect(mailsTo("nobody@example.test")).toEqual([]);
  });
});
