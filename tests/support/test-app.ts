import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { createApp } from "@server/app";
import { loadConfig, type Config } from "@server/config";
import { createServices, type Services } from "@server/services";
import { createTestDatabase, type TestDatabase } from "./test-database";

export const TEST_ORIGIN = "http://127.0.0.1:3000";

export interface TestContext {
  database: TestDatabase;
  services: Services;
  app: ReturnType<typeof createApp>;
  /** Where the mailer keeps messages in tests (no SMTP). */
  outboxDir: string;
  /** Calls the app in-process, the way a browser or API client would over HTTP. */
  request(path: string, init?: RequestInit): Promise<Response>;
}

/** What every store under test runs with: a known secret, and limits no suite reaches unless it lowers one. */
export const TEST_SETTINGS = {
  AUTH_SECRET: "test-secret-that-is-long-enough-0123456789",
  SIGN_IN_LIMIT_PER_MINUTE: "1000",
  // A line per request would bury the failures; a test of the log sets its own level.
  LOG_LEVEL: "warn",
  // Suites place hundreds of orders per file and fuzz a thousand calls: a test that wants a limit lowers it.
  ORDER_LIMIT_PER_MINUTE: "1000000",
  MAX_OPEN_ORDERS: "1000000",
  REVIEW_LIMIT_PER_HOUR: "1000000",
  CART_LIMIT_PER_MINUTE: "1000000",
  ADDRESS_LIMIT_PER_HOUR: "1000000",
  STOCK_LIMIT_PER_HOUR: "1000000",
  COURIER_LIMIT_PER_HOUR: "1000000",
  VOTE_LIMIT_PER_HOUR: "1000000",
  IMPORT_LIMIT_PER_HOUR: "1000000",
  UPLOAD_LIMIT_PER_HOUR: "1000000",
  PHONE_CODE_LIMIT_PER_HOUR: "1000000",
  WATCH_LIMIT_PER_HOUR: "1000000",
};

/** The tests' configuration with `env` added: every copy of the app on one test database shares its secret. */
export function testConfig(dataDir: string, env: Record<string, string> = {}): Config {
  return loadConfig({ DATA_DIR: dataDir, BASE_URL: TEST_ORIGIN, ...TEST_SETTINGS, ...env });
}

/**
 * One database, one set of services and one app per test file, made before its tests and removed after them.
 * `env` adds configuration, e.g. a lower sign-in limit; a function is read when the app is made, after the
 * hooks registered before this call (a stand-in server's address, say).
 */
export function useTestApp(env: Record<string, string> | (() => Record<string, string>) = {}): TestContext {
  const ctx = {} as TestContext;
  let dataDir: string | undefined;
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), "randa-test-"));
    ctx.outboxDir = path.join(dataDir, "outbox");
    ctx.database = await createTestDatabase();
    const config = testConfig(dataDir, typeof env === "function" ? env() : env);
    ctx.services = createServices(ctx.database, config);
    ctx.app = createApp({ services: ctx.services });
    ctx.request = async (p, init) => ctx.app.request(p, init);
  });
  afterAll(async () => {
    await ctx.database?.destroy();
    // Its kept e-mails and uploads: a pass makes some 150 of these folders.
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });
  return ctx;
}
