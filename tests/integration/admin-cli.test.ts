import path from "node:path";
import { verifyPassword } from "better-auth/crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "@server/app";
import { loadConfig } from "@server/config";
import { account, user } from "@server/db/auth-schema";
import { openDatabase, type Database } from "@server/db/client";
import { findUserByEmail } from "@server/accounts/sql/user-rows";
import { createServices } from "@server/services";
import { accountsChanged, asBearer, jsonInit, signUp, signUpAdmin, type TestAccount } from "../support/accounts";
import { TEST_ORIGIN, type TestContext } from "../support/test-app";
import { storedPasswordHash } from "../support/password-hashing";
import { runCommand, type CommandResult } from "../support/run-command";
import { useTempDirs } from "../support/temp-dirs";
import { createTestDatabase, type TestDatabase } from "../support/test-database";

const ROOT = path.resolve(import.meta.dirname, "../..");

/**
 * `npm run admin -- <command> <email>` run as the operator runs it: a child process on the store's database (a
 * data directory of the embedded database, or DATABASE_URL's PostgreSQL). The embedded database has one owner at
 * a time, so the store here is opened around each step and closed while the command runs.
 */
// Each command is a Node process of its own that loads TypeScript and opens the database: seconds, not milliseconds.
describe("npm run admin", { timeout: 90_000 }, () => {
  const dataDir = useTempDirs()("randa-admin-cli-");
  let postgres: TestDatabase | undefined;

  beforeAll(async () => {
    if (process.env.DATABASE_URL) postgres = await createTestDatabase();
  });
  afterAll(async () => {
    await postgres?.destroy();
  });

  const databaseEnv = () => (postgres ? { DATABASE_URL: postgres.url! } : {});

  /** The store, opened for one step of a test and closed after it. */
  async function withStore<T>(step: (t: TestContext) => Promise<T>): Promise<T> {
    const database: Database = await openDatabase(postgres ? { url: postgres.url! } : { dataDir });
    try {
      const config = loadConfig({
        DATA_DIR: dataDir,
        BASE_URL: TEST_ORIGIN,
        AUTH_SECRET: "test-secret-that-is-long-enough-0123456789",
        SIGN_IN_LIMIT_PER_MINUTE: "1000",
        ...databaseEnv(),
      });
      const services = createServices(database, config);
      const app = createApp({ services });
      const t = { database, services, app, outboxDir: path.join(dataDir, "outbox") } as unknown as TestContext;
      t.request = async (p, init) => app.request(p, init);
      return await step(t);
    } finally {
      await database.close();
    }
  }

  function admin(args: string[], stdin = ""): Promise<CommandResult> {
    // The operator's shell: where the store's data is, and nothing of this test run's own configuration.
    const env = { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir, ...databaseEnv() };
    return runCommand(process.execPath, ["--import", "tsx", "scripts/admin.ts", ...args], { cwd: ROOT, env, stdin });
  }

  const signIn = (t: TestContext, email: string, password: string) =>
    t.request("/api/auth/sign-in/email", jsonInit("POST", { email, password }));
  const isSignedIn = async (t: TestContext, a: TestAccount) =>
    (await t.request(`/api/admin/${a.email}`, { headers: asBearer(a) })).status === 200;
  const roleOf = (email: string) => withStore(async (t) => (await findUserByEmail(t.database.db, email))?.role);

  it("names every command in its usage, and refuses an unknown one or a missing e-mail", async () => {
    for (const args of [[], ["promote"], ["reset", "a@example.test"], ["toString", "a@example.test"]]) {
      const { code, err } = await admin(args);
      expect(code, args.join(" ")).toBe(2);
      expect(err).toContain("Usage: npm run admin -- <command> <email>");
      for (const command of ["promote <email>", "demote <email>", "password <email>"]) expect(err).toContain(command);
    }
  });

  it("password: sets the password read from standard input and ends every session of the account", async () => {
    const customer = await withStore(async (t) => {
      const a = await signUp(t, { password: "old-password" });
      const second = await signIn(t, a.email, "old-password");
      expect(second.status).toBe(200);
      expect(await isSignedIn(t, a)).toBe(true);
      return a;
    });

    const { code, out, err } = await admin(["password", customer.email.toUpperCase()], "new-password-42\n");
    expect({ code, err }).toEqual({ code: 0, err: "" });
    expect(out).toContain("is set, and its sessions are ended");
    expect(out).not.toContain("new-password-42");

    await withStore(async (t) => {
      expect(await isSignedIn(t, customer)).toBe(false);
      expect((await signIn(t, customer.email, "old-password")).status).toBe(401);
      expect((await signIn(t, customer.email, "new-password-42")).status).toBe(200);
      // The command, a store process of its own, hashes with Better Auth's scrypt (server/auth/password-hashing.ts).
      const hash = await storedPasswordHash(t.database.db, customer.email);
      expect(await verifyPassword({ hash, password: "new-password-42" })).toBe(true);
    });
  });

  it("password: gives an account that only signed in with Google a password to sign in with", async () => {
    const email = `google-only-${Date.now()}@example.test`;
    await withStore(async (t) => {
      const id = crypto.randomUUID();
      await t.database.db.insert(user).values({ id, name: "Google Only", email });
      await t.database.db
        .insert(account)
        .values({ id: crypto.randomUUID(), userId: id, providerId: "google", accountId: "g-1" });
    });
    expect((await admin(["password", email], "sawdust-and-oil\n")).code).toBe(0);
    await withStore(async (t) => {
      expect((await signIn(t, email, "sawdust-and-oil")).status).toBe(200);
      const logins = await t.database.db.select().from(account).innerJoin(user, eq(account.userId, user.id));
      expect(
        logins
          .filter((l) => l.user.email === email)
          .map((l) => l.account.providerId)
          .sort(),
      ).toEqual(["credential", "google"]);
    });
  });

  it("password: refuses one shorter than 6 characters, and an unknown e-mail, changing nothing", async () => {
    const customer = await withStore((t) => signUp(t, { password: "kept-password" }));
    const short = await admin(["password", customer.email], "short\n");
    expect(short.code).toBe(1);
    expect(short.err).toContain("Password must be six characters or long");
    const unknown = await admin(["password", `nobody-${Date.now()}@example.test`], "long-enough\n");
    expect(unknown.code).toBe(1);
    expect(unknown.err).toContain("No user with that email");
    await withStore(async (t) => {
      expect(await isSignedIn(t, customer)).toBe(true);
      expect((await signIn(t, customer.email, "kept-password")).status).toBe(200);
    });
  });

  it("demote: removes an admin's role while another admin remains, and never the last admin's", async () => {
    const [first, second] = await withStore(async (t) => {
      // Only these two are admins.
      await accountsChanged(t, () => t.database.db.update(user).set({ role: "user" }).where(eq(user.role, "admin")));
      return [await signUpAdmin(t), await signUpAdmin(t)];
    });

    const done = await admin(["demote", first.email]);
    expect(done).toMatchObject({ code: 0, err: "" });
    expect(done.out).toContain(`${first.email} is no longer an admin.`);
    expect(await roleOf(first.email)).toBe("user");

    const last = await admin(["demote", second.email]);
    expect(last.code).toBe(1);
    expect(last.err).toContain("The store must keep at least one admin.");
    expect(await roleOf(second.email)).toBe("admin");

    const notAdmin = await admin(["demote", first.email]);
    expect(notAdmin.code).toBe(1);
    expect(notAdmin.err).toContain("This user is not an admin.");
  });

  it("promote: still makes an account an admin", async () => {
    const customer = await withStore((t) => signUp(t));
    expect((await admin(["promote", customer.email])).out).toContain(`${customer.email} is now an admin.`);
    expect(await roleOf(customer.email)).toBe("admin");
  });
});
