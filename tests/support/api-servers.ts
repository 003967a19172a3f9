import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import { jsonInit } from "./accounts";
import { freePort } from "./free-port";
import { TEST_SETTINGS } from "./test-app";

// The store's API as separate processes (tests/support/api-server-main.ts) on one PostgreSQL database, for tests
// that need several servers or one that dies and comes back.

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const ENTRY = "tests/support/api-server-main.ts";
export const STARTUP_MS = 60_000;
export const REQUEST_MS = 30_000;

export interface ApiServer {
  child: ChildProcess;
  port: number;
  base: string;
  output: string[];
}

export interface ApiServers {
  /**
   * Starts a server on `port`, or on a free port (trying another should someone take it first); `env` adds to or
   * overrides its environment (ORDER_EXPIRY_INTERVAL_SECONDS, say).
   */
  start(port?: number, env?: Record<string, string>): Promise<ApiServer>;
  /** Ends every server started here that is still running. */
  stopAll(): Promise<void>;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Servers sharing one database and data folder; each is recorded before it is ready, so stopAll reaches it. */
export function apiServers(databaseUrl: string, dataDir: string): ApiServers {
  const started: ApiServer[] = [];
  const env = { databaseUrl, dataDir };
  return {
    async start(port, extra = {}) {
      if (port !== undefined) return spawnServer(env, port, started, extra);
      for (let attempt = 1; ; attempt++) {
        try {
          return await spawnServer(env, await freePort(), started, extra);
        } catch (err) {
          if (attempt >= 3 || !String(err).includes("EADDRINUSE")) throw err;
        }
      }
    },
    async stopAll() {
      await Promise.all(started.map(stopServer));
    },
  };
}

/** Spawns the API server and resolves once it prints its ready line. */
async function spawnServer(
  { databaseUrl, dataDir }: { databaseUrl: string; dataDir: string },
  port: number,
  started: ApiServer[],
  extra: Record<string, string>,
): Promise<ApiServer> {
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
      ...TEST_SETTINGS,
      DATA_DIR: dataDir,
      DEMO_DATA: "false",
      ADMIN_EMAIL: "",
      ADMIN_PASSWORD: "",
      GOOGLE_CLIENT_ID: "",
      GOOGLE_CLIENT_SECRET: "",
      SMTP_URL: "",
      ...extra,
    },
  });
  const server: ApiServer = { child, port, base, output: [] };
  started.push(server);
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
export async function waitHealthy({ base }: ApiServer) {
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

const hasExited = ({ child }: ApiServer) => child.exitCode !== null || child.signalCode !== null;

/** SIGTERM, then SIGKILL if it has not gone within five seconds. */
async function stopServer(server: ApiServer) {
  if (hasExited(server)) return;
  const exited = new Promise((resolve) => server.child.once("exit", resolve));
  server.child.kill("SIGTERM");
  const gone = await Promise.race([exited.then(() => true), sleep(5_000).then(() => false)]);
  if (!gone) {
    server.child.kill("SIGKILL");
    await Promise.race([exited, sleep(5_000)]);
  }
}

/** Resolves with the signal or exit code once the process has gone. */
export function exitOf(server: ApiServer): Promise<string> {
  if (hasExited(server)) return Promise.resolve(String(server.child.signalCode ?? server.child.exitCode));
  return new Promise((resolve) => server.child.once("exit", (code, signal) => resolve(String(signal ?? code))));
}

/** Signs up a customer through `server`; the bearer token for its session, which lives in the shared database. */
export async function signUpOn({ base }: ApiServer, who: { name: string; email: string }): Promise<string> {
  const account = { ...who, password: "sawdust-42" };
  const res = await fetch(`${base}/api/auth/sign-up/email`, {
    ...jsonInit("POST", account, { Origin: base }),
    signal: AbortSignal.timeout(REQUEST_MS),
  });
  if (res.status !== 200) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  const token = res.headers.get("set-auth-token");
  if (!token) throw new Error("sign-up gave no bearer token");
  return token;
}
