import { verifyPassword } from "better-auth/crypto";
import { describe, expect, it } from "vitest";
import { betterAuthHashing, passwordHashing } from "@server/auth/password-hashing";
import { setPassword } from "@server/auth/set-password";
import { jsonInit, signUp } from "../support/accounts";
import { asStoreProcessHashes, QUICK_HASH_PREFIX, quickHashing, storedPasswordHash } from "../support/password-hashing";
import { useTestApp, type TestContext } from "../support/test-app";

const storedHash = (t: TestContext, email: string) => storedPasswordHash(t.database.db, email);

const signInStatus = async (t: TestContext, email: string, password: string) =>
  (await t.request("/api/auth/sign-in/email", jsonInit("POST", { email, password }))).status;

describe("a store's passwords are hashed by Better Auth's scrypt", () => {
  const t = useTestApp();

  it("sign-up stores a hash Better Auth's own verify accepts, and sign-in checks it", () =>
    asStoreProcessHashes(async () => {
      const a = await signUp(t, { password: "shavings-and-glue" });
      const hash = await storedHash(t, a.email);
      expect(hash.startsWith(QUICK_HASH_PREFIX)).toBe(false);
      expect(await verifyPassword({ hash, password: "shavings-and-glue" })).toBe(true);
      expect(await signInStatus(t, a.email, "shavings-and-glue")).toBe(200);
      expect(await signInStatus(t, a.email, "shavings-and-gluE")).toBe(401);
    }));

  it("the operator's password is hashed the same way", () =>
    asStoreProcessHashes(async () => {
      const a = await signUp(t);
      await setPassword(t.database.db, a.email, "operator-set-42");
      expect(await verifyPassword({ hash: await storedHash(t, a.email), password: "operator-set-42" })).toBe(true);
    }));
});

describe("the tests' own stores hash with a sixteenth of the work", () => {
  const t = useTestApp();

  it("is what this suite's stores use, and still refuses a wrong password", async () => {
    expect(passwordHashing()).toBe(quickHashing);
    const a = await signUp(t, { password: "quick-but-salted" });
    const hash = await storedHash(t, a.email);
    expect(hash.startsWith(QUICK_HASH_PREFIX)).toBe(true);
    expect(await signInStatus(t, a.email, "quick-but-salted")).toBe(200);
    expect(await signInStatus(t, a.email, "quick-but-salteD")).toBe(401);
  });

  it("checks a hash a store process wrote (npm run admin, a built store) as Better Auth does", async () => {
    const hash = await betterAuthHashing.hash("written-elsewhere");
    expect(await quickHashing.verify({ hash, password: "written-elsewhere" })).toBe(true);
    expect(await quickHashing.verify({ hash, password: "written-elsewherE" })).toBe(false);
    expect(await quickHashing.verify({ hash: `${QUICK_HASH_PREFIX}no-key`, password: "written-elsewhere" })).toBe(
      false,
    );
  });
});
