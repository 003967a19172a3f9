import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { freePort } from "./free-port";
import { adminQuery } from "./test-database";

// The store as it runs in production: `node build/server/main.js`, a process of its own, for tests of start-up,
// readiness, shutdown and several copies.

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const MAIN = path.join(ROOT, "build/server/main.js");
export const STORE_SECRET = "test-secret-that-is-long-enough-0123456789";

/** Builds the store once if no build is there (`npm test` builds before the suites; a lone test file may not). */
export function ensureBuilt(): void {
  if (existsSync(MAIN)) return;
  // Vitest sets NODE_ENV=test, which would bundle React's development build: the store is built as `npm start` runs it.
  const built = spawnSync("flock", ["/tmp/randa-build.lock", "npm", "run", "build"], {
    cwd: ROOT,
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (built.status !== 0 || !existsSync(MAIN)) throw new Error("npm run build failed");
}

export interface StoreProcess {
  child: ChildProcess;
  port: number;
  base: string;
  /** Everything it printed, stdout and stderr, in order. */
  output: string[];
  /** Its exit; the data folder made for it (none was given in DATA_DIR) is removed by then. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * Starts `node build/server/main.js` on a free port with `env` (a live-looking store: no demo data unless asked,
 * no published admin), without waiting for it to be ready.
 */
export async function spawnStore(env: Record<string, string>): Promise<StoreProcess> {
  ensureBuilt();
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const base = `http://127.0.0.1:${port}`;
  const madeDir = env.DATA_DIR ? null : mkdtempSync(path.join(tmpdir(), "randa-store-"));
  const child = spawn(process.execPath, [MAIN], {
    cwd: ROOT,
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      BASE_URL: base,
      AUTH_SECRET: STORE_SECRET,
      DATA_DIR: madeDir ?? "",
      DATABASE_URL: "",
      DEMO_DATA: "false",
      ADMIN_EMAIL: "",
      ADMIN_PASSWORD: "",
      LOG_LEVEL: "warn",
      SIGN_IN_LIMIT_PER_MINUTE: "100000",
      ORDER_LIMIT_PER_MINUTE: "1000000",
      MAX_OPEN_ORDERS: "1000000",
      UPLOAD_LIMIT_PER_HOUR: "1000000",
      ...env,
    },
  });
  const output: string[] = [];
  child.stdout!.setEncoding("utf8").on("data", (chunk: string) => output.push(chunk));
  child.stderr!.setEncoding("utf8").on("data", (chunk: string) => output.push(chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => {
      if (madeDir) rmSync(madeDir, { recursive: true, force: true });
      resolve({ code, signal });
    }),
  );
  return { child, port, base, output, exited };
}

/** Waits until GET /api/ready answers 200 (or the process ends, or a minute passes). */
export async function waitReady(store: StoreProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (store.child.exitCode !== null || store.child.signalCode !== null) break;
    const res = await fetch(`${store.base}/api/ready`).catch(() => null);
    if (res?.status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${store.base} never became ready:\n${store.output.join("")}`);
}

/** SIGTERM (or `signal`), and the exit; SIGKILL after 15 s. */
export async function stopStore(store: StoreProcess, signal: NodeJS.Signals = "SIGTERM") {
  if (store.child.exitCode !== null || store.child.signalCode !== null) return store.exited;
  store.child.kill(signal);
  const killer = setTimeout(() => store.child.kill("SIGKILL"), 15_000);
  const result = await store.exited;
  clearTimeout(killer);
  return result;
}

/** A new, empty database on the PostgreSQL server of DATABASE_URL (the store migrates it when it starts). */
export async function emptyPostgresDatabase(serverUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `randa_store_${randomBytes(6).toString("hex")}`;
  await adminQuery(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => adminQuery(serverUrl, `drop database if exists ${name} with (force)`) };
}
