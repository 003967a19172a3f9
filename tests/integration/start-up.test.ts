import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DEMO_ADMIN, ensureDemoAdmin } from "@server/auth/first-admin";
import { loadConfig } from "@server/config";
import { openDatabase } from "@server/db/client";
import { findUserByEmail } from "@server/accounts/sql/user-rows";
import { createServices } from "@server/services";
import { describeMode, prepareStore, StartRefused } from "@server/startup";
import { jsonInit, signUp, signUpAdmin } from "../support/accounts";
import { createTestDatabase } from "../support/test-database";
import { useTestApp, type TestContext } from "../support/test-app";
import { asStoreProcessHashes } from "../support/password-hashing";

const SECRET = "test-secret-that-is-long-enough-0123456789";
const LIVE = { DEMO_DATA: "false", AUTH_SECRET: SECRET };

function signIn(t: TestContext, email: string, password: string) {
  return t.request("/api/auth/sign-in/email", jsonInit("POST", { email, password }));
}

async function prepare(t: TestContext, env: Record<string, string>) {
  const lines: string[] = [];
  await prepareStore(t.services, loadConfig({ AUTH_SECRET: SECRET, ...env }), (line) => lines.push(line));
  return lines;
}

describe("start-up in the demo", () => {
  const t = useTestApp();

  it("makes the demo admin, and keeps a password its owner changed", async () => {
    expect(await prepare(t, {})).toContain(
      "Made the demo admin admin@randa.example (password in the README; the demo store only).",
    );
    expect((await findUserByEmail(t.database.db, DEMO_ADMIN.email))!.role).toBe("admin");
    expect((await signIn(t, DEMO_ADMIN.email, DEMO_ADMIN.password)).status).toBe(200);
    expect(await prepare(t, {})).not.toContain(expect.stringMatching(/demo admin/));
  });

  it("names the mode on the start-up line", () => {
    expect(describeMode(loadConfig({}))).toBe(
      "demo store (embedded database, demo data, loopback address); test cards, no real payments",
    );
    expect(describeMode(loadConfig({ DEMO_DATA: "false", HOST: "0.0.0.0", BASE_URL: "https://randa.example" }))).toBe(
      "live store (HOST 0.0.0.0 is not a loopback address; BASE_URL is https; DEMO_DATA is false); no card payments",
    );
  });
});

describe("start-up of a live store", () => {
  const t = useTestApp();

  it("never makes the demo admin", async () => {
    await prepare(t, LIVE);
    expect(await findUserByEmail(t.database.db, DEMO_ADMIN.email)).toBeUndefined();
  });

  it("gives ADMIN_EMAIL's account the operator's password, ends the sessions of whoever registered it first, and says so", async () => {
    const squatter = await signUp(t, { email: "owner@randa.example", password: "squatter-pass" });
    const lines = await prepare(t, { ...LIVE, ADMIN_EMAIL: "Owner@Randa.Example", ADMIN_PASSWORD: "operator-pass-1" });
    expect(lines).toEqual([
      "owner@randa.example already existed: set its password from ADMIN_PASSWORD and ended its sessions.",
      "owner@randa.example is now an admin (ADMIN_EMAIL).",
    ]);
    expect((await findUserByEmail(t.database.db, "owner@randa.example"))!.role).toBe("admin");
    expect((await signIn(t, "owner@randa.example", "squatter-pass")).status).toBe(401);
    expect((await signIn(t, "owner@randa.example", "operator-pass-1")).status).toBe(200);
    const session = await t.request("/api/auth/get-session", { headers: { Cookie: squatter.cookie } });
    expect(await session.json()).toBeNull();
  });

  it("leaves the operator's sessions alone on a restart with the same password", async () => {
    const env = { ...LIVE, ADMIN_EMAIL: "keeper@randa.example", ADMIN_PASSWORD: "keeper-pass-1" };
    expect(await prepare(t, env)).toEqual(["Made the admin account keeper@randa.example from ADMIN_EMAIL."]);
    const signedIn = await signIn(t, "keeper@randa.example", "keeper-pass-1");
    const cookie = signedIn.headers.getSetCookie()[0]!.split(";")[0]!;
    expect(await prepare(t, env)).toEqual([]);
    const session = await t.request("/api/auth/get-session", { headers: { Cookie: cookie } });
    expect(await session.json()).toMatchObject({ user: { email: "keeper@randa.example" } });
  });

  it("refuses to open while the published demo password opens an admin account, naming the command to change it", async () => {
    await signUpAdmin(t, { email: "careless@randa.example" });
    await ensureDemoAdmin(t.services, () => {});
    const refusal = await prepare(t, LIVE).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(StartRefused);
    expect((refusal as Error).message).toBe(
      "Refusing to start a live store: the published demo password still opens the admin account admin@randa.example. Change it with: npm run admin -- password admin@randa.example",
    );
  });
});

/** Runs the real server entry on a database and resolves with its exit code and what it printed. */
function startStore(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    env: {
      ...process.env,
      // Vitest sets BASE_URL to "/" in its own environment.
      BASE_URL: "",
      PORT: "0",
      HOST: "127.0.0.1",
      AUTH_SECRET: SECRET,
      ADMIN_EMAIL: "",
      ADMIN_PASSWORD: "",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const killer = setTimeout(() => child.kill("SIGKILL"), 60_000);
  return new Promise((resolve) =>
    child.on("exit", (code) => {
      clearTimeout(killer);
      resolve({ code, output });
    }),
  );
}

describe("the server process", () => {
  it("refuses to start a live store whose admin still has the published password", { timeout: 90_000 }, async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "randa-start-"));
    // The store's database as a demo left it: the demo admin with its published password.
    const test = process.env.DATABASE_URL ? await createTestDatabase() : null;
    const database = test ?? (await openDatabase({ dataDir }));
    try {
      const services = createServices(database, loadConfig({ DATA_DIR: dataDir, AUTH_SECRET: SECRET }));
      await asStoreProcessHashes(() => ensureDemoAdmin(services, () => {}));
      if (!test) await database.close();
      const { code, output } = await startStore({
        DATA_DIR: dataDir,
        DEMO_DATA: "false",
        DATABASE_URL: test?.url ?? "",
      });
      expect(code).toBe(1);
      expect(output).toContain(
        "Refusing to start a live store: the published demo password still opens the admin account admin@randa.example. Change it with: npm run admin -- password admin@randa.example",
      );
      expect(output).not.toContain("Randa is serving");
    } finally {
      await test?.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
