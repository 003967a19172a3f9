import { describe, expect, it } from "vitest";
import { jsonInit, signUp } from "../support/accounts";
import { useTestApp } from "../support/test-app";

/**
 * Better Auth's own limit per address (SIGN_IN_LIMIT_PER_MINUTE), before any password is checked. The account's
 * back-off and the device cookie are tests/integration/sign-in-backoff.test.ts's.
 */
describe("sign-in rate limit per address", () => {
  const t = useTestApp({ SIGN_IN_LIMIT_PER_MINUTE: "3", TRUST_PROXY: "1" });

  const from = (address: string, headers: Record<string, string> = {}) => ({
    "X-Forwarded-For": address,
    ...headers,
  });

  it("answers 429 after the allowed attempts in a minute, even with the right password", async () => {
    const account = await signUp(t);
    const attempt = (password: string) =>
      t.request("/api/auth/sign-in/email", jsonInit("POST", { email: account.email, password }));
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await attempt("wrong-password")).status);
    expect(statuses).toEqual([401, 401, 401]);
    const blocked = await attempt(account.password);
    expect(blocked.status).toBe(429);
    expect(blocked.headers.getSetCookie().some((c) => c.startsWith("randa.session_token="))).toBe(false);
  });

  // The device cookie spares its browser the failures made elsewhere; this limit counts only the address's own
  // attempts (the owner's among them), so a stolen cookie tries no faster than anyone.
  it("is not lifted by the account's device cookie", async () => {
    const account = await signUp(t);
    const attempt = (password: string, headers: Record<string, string> = {}) =>
      t.request(
        "/api/auth/sign-in/email",
        jsonInit("POST", { email: account.email, password }, from("198.51.100.77", headers)),
      );
    const first = await attempt(account.password);
    expect(first.status).toBe(200);
    const device = first.headers
      .getSetCookie()
      .find((c) => c.startsWith("randa.device="))!
      .split(";")[0]!;
    const statuses = [];
    for (let i = 0; i < 2; i++) statuses.push((await attempt("wrong-password", { Cookie: device })).status);
    expect(statuses).toEqual([401, 401]);
    expect((await attempt(account.password, { Cookie: device })).status).toBe(429);
    // the cookie's browser at another address is not held back
    const elsewhere = await t.request(
      "/api/auth/sign-in/email",
      jsonInit("POST", { email: account.email, password: account.password }, from("198.51.100.78", { Cookie: device })),
    );
    expect(elsewhere.status).toBe(200);
  });
});
