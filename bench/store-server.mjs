// Starts the built store (`build/server/main.js`, production mode) as its own process and waits until it answers.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { serverProcess } from "./server-process.mjs";

export const BENCH_ADMIN = { email: "bench-admin@randa.example", password: "bench-admin-password" };

/** `npm run serve` (what `npm start` runs) as node's arguments and environment, so the bench runs what a shop runs. */
export function serveCommand() {
  const script = JSON.parse(readFileSync("package.json", "utf8")).scripts.serve;
  const words = (script.match(/(?:[^\s"']+|"[^"]*"|'[^']*')+/g) ?? []).map((w) => w.replace(/^(["'])(.*)\1$/, "$2"));
  const env = {};
  while (/^[A-Za-z_][A-Za-z0-9_]*=/.test(words[0] ?? "")) {
    const [name, ...value] = words.shift().split("=");
    env[name] = value.join("=");
  }
  if (words.shift() !== "node") throw new Error(`package.json's serve script is not a node command: ${script}`);
  return { script, env, args: words };
}

const SERVE = serveCommand();
/** Node's flags of `npm run serve`. */
export const SERVE_FLAGS = SERVE.args.filter((word) => word.startsWith("--"));
/** The environment `npm run serve` sets (malloc's settings). */
const SERVE_ENV = SERVE.env;

/**
 * `databaseUrl` empty: the embedded database in `dataDir`, by default a fresh temporary folder; the folder goes when
 * the store stops. `args`: Node's flags, npm start's by default.
 */
export async function startStore({ port, databaseUrl = "", args = SERVE_FLAGS, dataDir = benchDataDir() }) {
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [...args, "build/server/main.js"], {
    env: {
      ...process.env,
      ...SERVE_ENV,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      BASE_URL: baseUrl,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      AUTH_SECRET: randomBytes(32).toString("hex"),
      ADMIN_EMAIL: BENCH_ADMIN.email,
      ADMIN_PASSWORD: BENCH_ADMIN.password,
      // The production log: a JSON line per request, as a live shop writes it (its cost is part of what is
      // measured), sent to /dev/null below rather than the terminal.
      LOG_LEVEL: "info",
      LOG_FORMAT: "json",
      // The load signs buyers in one after another from one address.
      SIGN_IN_LIMIT_PER_MINUTE: "100000",
      // The load places orders as fast as the store takes them, from one address.
      ORDER_LIMIT_PER_MINUTE: "100000000",
      // Every bench buyer leaves its orders unpaid.
      MAX_OPEN_ORDERS: "100000000",
      // The checkout's buyers fill their carts from one address before its load.
      CART_LIMIT_PER_MINUTE: "100000000",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const store = await serverProcess(child, { name: "the store", baseUrl, readyPath: "/api/health", waitMs: 60_000 });
  return {
    ...store,
    // Its data folder goes with it: an embedded store after a load is some 70 MB.
    async stop() {
      await store.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A new temporary folder for a store's data. */
export function benchDataDir() {
  return mkdtempSync(path.join(tmpdir(), "randa-bench-"));
}
