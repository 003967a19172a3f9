import { describe, expect, it } from "vitest";
import { jsonInit, signUp } from "../support/accounts";
import { useTestApp } from "../support/test-app";

describe("sign-in rate limit", () => {
  const t = useTestApp({ SIGN_IN_LIMIT_PER_MINUTE: "3" });

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
});
