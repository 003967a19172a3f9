import { checkOrderInvariants, withStockSamples } from "../../support/order-storm";
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { product } from "@server/db/schema";
import { jsonInit } from "../../support/accounts";
import { createTestDatabase, type TestDatabase } from "../../support/test-database";

// The second half: two server processes sharing one PostgreSQL database take at least 200 simultaneous
// orders on one product, and still sell exactly ⌊stock / quantity⌋ with a row for every success. Collected only
// when DATABASE_URL is set (vitest.config.ts); tests/integration/concurrency.test.ts covers one server.

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const ENTRY = "tests/support/api-server-main.ts";
const AUTH_SECRET = "test-secret-that-is-long-enough-0123456789";
const REQUESTS = 240;
const BUYERS = 20;
const STARTUP_MS = 60_000;
const REQUEST_MS = 30_000;

interface Server {
  child: ChildProcess;
  base: string;
  output: string[];
}

const servers: Server[] = [];

interface Answer {
  server: number;
  quantity: number;
  status: number;
  body: { insertedId?: string; message?: string };
}

/** A port nobody is listening on right now (the child binds it a moment later; a clash makes it fail fast). */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", resolve);
  });
  const address = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  if (typeof address !== "object" || !address) throw new Error("no port");
  return address.port;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Spawns the API server on a free port; should another process take that port first, tries another. */
async function startServer(databaseUrl: string, dataDir: string): Promise<Server> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await spawnServer(databaseUrl, dataDir);
    } catch (err) {
      if (attempt >= 3 || !String(err).includes("EADDRINUSE")) throw err;
    }
  }
}

/** Spawns the API server and resolves once it prints its ready line. */
async function spawnServer(databaseUrl: string, dataDir: string): Promise<Server> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ["--import", "tsx", ENTRY], {
    cwd: ROOT,
    // An IPC channel, so a child whose test run dies under it closes itself (api-server-main listens for it).
    stdio: ["ignore", "pipe", "pipe", "ipc"],
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: "127.0.0.1",
      BASE_URL: base,
      AUTH_SECRET,
      SIGN_IN_LIMIT_PER_MINUTE: "1000",
      DATA_DIR: dataDir,
      DEMO_DATA: "false",
      ADMIN_EMAIL: "",
      ADMIN_PASSWORD: "",
      GOOGLE_CLIENT_ID: "",
      GOOGLE_CLIENT_SECRET: "",
      SMTP_URL: "",
    },
  });
  const server: Server = { child, base, output: [] };
  servers.push(server);
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => fail(`no ready line within ${STARTUP_MS} ms`), STARTUP_MS);
    function fail(why: string) {
      clearTimeout(timer);
      reject(new Error(`api server on ${base}: ${why}\n${server.output.join("")}`));
    }
    child.stdout!.setEncoding("utf8").on("data", (chunk: string) => {
      server.output.push(chunk);
      if (chunk.includes(`api-server listening at ${base}`)) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.stderr!.setEncoding("utf8").on("data", (chunk: string) => server.output.push(chunk));
    child.once("error", (err) => fail(err.message));
    child.once("exit", (code, signal) => fail(`exited (${signal ?? code}) before it was ready`));
  });
  return server;
}

/** Waits for GET /api/health to answer 200 on PostgreSQL. */
async function waitHealthy({ base }: Server) {
  const deadline = Date.now() + STARTUP_MS;
  let last = "";
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(5_000) });
      const body = (await res.json()) as { database?: string };
      if (res.status === 200 && body.database === "postgres") return;
      last = `${res.status} ${JSON.stringify(body)}`;
    } catch (err) {
      last = String(err);
    }
    await sleep(200);
  }
  throw new Error(`${base}/api/health never answered 200: ${last}`);
}

/** SIGTERM, then SIGKILL if it has not gone within five seconds. */
async function stopServer({ child }: Server) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  const gone = await Promise.race([exited.then(() => true), sleep(5_000).then(() => false)]);
  if (!gone) {
    child.kill("SIGKILL");
    await Promise.race([exited, sleep(5_000)]);
  }
}

describe("two server processes sharing one PostgreSQL database", () => {
  let database: TestDatabase;
  let dataDir: string;
  const tokens: string[] = [];

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), "randa-two-servers-"));
    database = await createTestDatabase();
    if (!database.url) throw new Error("this test needs DATABASE_URL (PostgreSQL)");
    await Promise.all([startServer(database.url, dataDir), startServer(database.url, dataDir)]);
    await Promise.all(servers.map(waitHealthy));

    // Buyers sign up through the first server; their sessions live in the shared database.
    const signUps = Array.from({ length: BUYERS }, async (_, i) => {
      const { base } = servers[0]!;
      const account = { name: `Buyer ${i}`, email: `buyer${i}-${Date.now()}@example.test`, password: "sawdust-42" };
      const res = await fetch(`${base}/api/auth/sign-up/email`, {
        ...jsonInit("POST", account, { Origin: base }),
        signal: AbortSignal.timeout(REQUEST_MS),
      });
      if (res.status !== 200) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
      const token = res.headers.get("set-auth-token");
      if (!token) throw new Error("sign-up gave no bearer token");
      return token;
    });
    tokens.push(...(await Promise.all(signUps)));
  }, 2 * STARTUP_MS);

  afterAll(async () => {
    await Promise.all(servers.map(stopServer));
    await database?.destroy();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }, 30_000);

  async function makeProduct(availability: number, minimumQuantity: number) {
    const [row] = await database.db
      .insert(product)
      .values({
        name: "Contended Chisel",
        image: "/images/products/mortise-chisel.svg",
        pricePoisha: 12_345,
        minimumQuantity,
        availability,
      })
      .returning();
    return row!;
  }

  /** Request i goes to server i mod 2 as buyer i mod BUYERS, all at once, while the stock is sampled. */
  async function storm(productId: string, quantities: number[]) {
    return withStockSamples(database.db, productId, () =>
      Promise.all(
        quantities.map(async (quantity, i): Promise<Answer> => {
          const server = i % servers.length;
          const res = await fetch(`${servers[server]!.base}/api/order`, {
            ...jsonInit("POST", { productId, quantity }, { Authorization: `Bearer ${tokens[i % tokens.length]}` }),
            signal: AbortSignal.timeout(REQUEST_MS),
          });
          return { server, quantity, status: res.status, body: (await res.json()) as Answer["body"] };
        }),
      ),
    );
  }

  const checkInvariants = (productId: string, initial: number, answers: Answer[], samples: number[]) =>
    checkOrderInvariants(database.db, productId, initial, answers, samples);

  it(`${REQUESTS} orders of the same quantity across both servers: exactly ⌊stock / quantity⌋ go through`, async () => {
    const initial = 1000;
    const quantity = 30;
    const { id } = await makeProduct(initial, 20);

    const { answers, samples } = await storm(
      id,
      Array.from({ length: REQUESTS }, () => quantity),
    );

    const { won, final } = await checkInvariants(id, initial, answers, samples);
    expect(won).toHaveLength(Math.floor(initial / quantity));
    expect(final).toBe(initial % quantity);
  });

  it(`${REQUESTS} orders of mixed quantities across both servers never oversell`, async () => {
    const initial = 2500;
    const sizes = [20, 40, 60];
    const { id } = await makeProduct(initial, 20);

    const { answers, samples } = await storm(
      id,
      Array.from({ length: REQUESTS }, (_, i) => sizes[i % sizes.length]!),
    );

    const { won, final } = await checkInvariants(id, initial, answers, samples);
    expect(won.length).toBeGreaterThan(0);
    expect(won.length).toBeLessThan(REQUESTS);
    expect(final).toBeLessThan(Math.max(...sizes));
  });
});
