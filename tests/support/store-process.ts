import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { freePort } from "./free-port";

// The whole store, server/main.ts, as its own process (what `npm run serve` runs), for tests of what an operator
// does to a running store. It serves pages from build/, which the test makes when it is missing.

export const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const STARTUP_MS = 60_000;

export interface StoreProcess {
  child: ChildProcess;
  base: string;
  output(): string;
  /** SIGTERM, and the exit code once the store has closed. */
  stop(): Promise<number | null>;
}

/** server/main.ts imports build/server/index.js; a fresh clone has none (CI builds it for the browser tests later). */
export function ensureBuild() {
  if (existsSync(path.join(ROOT, "build/server/index.js"))) return;
  execFileSync("npx", ["react-router", "build"], { cwd: ROOT, stdio: "pipe" });
}

/** Starts the store with `env` (and nothing of the test run's own environment) and waits for its start-up line. */
export async function startStore(env: Record<string, string>): Promise<StoreProcess> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, PORT: String(port), HOST: "127.0.0.1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => fail(`no start-up line within ${STARTUP_MS} ms`), STARTUP_MS);
    const watch = setInterval(() => {
      if (!output.includes(`Randa is serving ${base}`)) return;
      clearTimeout(timer);
      clearInterval(watch);
      resolve();
    }, 50);
    function fail(why: string) {
      clearTimeout(timer);
      clearInterval(watch);
      child.kill("SIGKILL");
      reject(new Error(`store on ${base}: ${why}\n${output}`));
    }
    void exited.then((code) => fail(`exited (${code}) before it was serving`));
  });
  return {
    child,
    base,
    output: () => output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      return exited;
    },
  };
}
