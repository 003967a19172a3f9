import { readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { createServer, type ViteDevServer } from "vite";
import { DataDirInUse, lockDataDir, type DataDirLock } from "@server/db/data-dir-lock";

/** Where React Router's Vite plugin writes the route types (`typesDirectory` in @react-router/dev). */
const ROUTE_TYPES = path.resolve(".react-router/types");
/** Files its type generation writes on every start, after it has emptied the folder. */
const GENERATED = ["+future.ts", "+server-build.d.ts", "+routes.ts"].map((name) => path.join(ROUTE_TYPES, name));
const LOCK_DIR = path.join(tmpdir(), "randa-page-tests-start");

/**
 * The worker's Vite dev server in middleware mode, with the route modules transformed, as `npm run dev` loads them.
 * Started by the first page test file a worker runs and kept for the next ones (in Vitest's shared project a
 * worker runs file after file): a start costs 8 s of CPU, transforming every route module and the store's modules
 * under them, which 39 page test files paid each. What the pages use of a file's store comes from its app's load
 * context (`createApp({ services })`), never from these modules, so files sharing them share no data. The server
 * ends with the worker.
 *
 * Starting one, React Router's plugin regenerates the route types: it empties `.react-router/types` and writes it
 * again, in the background. Two test workers starting at once would empty the folder under each other's writes
 * (an ENOENT rejection no test can catch), so workers start their servers one at a time, each waiting until its
 * own generation has written the folder again.
 */
export function pageVite(): Promise<ViteDevServer> {
  // A start that failed is tried again by the worker's next page file rather than failing it too.
  started ??= startPageVite().catch((error: unknown) => {
    started = undefined;
    throw error;
  });
  return started;
}

let started: Promise<ViteDevServer> | undefined;

async function startPageVite(): Promise<ViteDevServer> {
  return withStartLock(async () => {
    await rm(ROUTE_TYPES, { recursive: true, force: true });
    const vite = await createServer({
      server: { middlewareMode: true, hmr: false, watch: null },
      appType: "custom",
      logLevel: "error",
      // Only the server's modules are asked for: nothing to pre-bundle for a browser, nor a cache to share.
      optimizeDeps: { noDiscovery: true },
      // One folder per worker: Vite still writes its (empty) optimized-deps metadata there when the config changes,
      // and two workers starting at once would rename their copies onto one folder (ENOTEMPTY).
      cacheDir: path.join(tmpdir(), `randa-page-tests-vite-${process.env.VITEST_POOL_ID ?? process.pid}`),
    });
    // Transforms every route module now (several seconds), in the hook's time rather than the first test's.
    await vite.ssrLoadModule("virtual:react-router/server-build");
    await routeTypesWritten();
    return vite;
  });
}

/**
 * Waits for the files the plugin's type generation writes, all in one batch after emptying the folder: its three
 * own files, then one per route module that `+routes.ts` names. They were removed before the server started, so
 * each file found is this start's.
 */
async function routeTypesWritten(): Promise<void> {
  const deadline = Date.now() + 20_000;
  const waitFor = async (files: string[]) => {
    while (!(await Promise.all(files.map(exists))).every(Boolean)) {
      if (Date.now() > deadline) throw new Error(`React Router's type generation did not write ${files.join(", ")}`);
      await sleep(25);
    }
  };
  await waitFor(GENERATED);
  const routes = await readFile(path.join(ROUTE_TYPES, "+routes.ts"), "utf8");
  const routeFiles = routes.slice(routes.indexOf("type RouteFiles = {"));
  const modules = [...routeFiles.matchAll(/^ {2}"([^"]+)": \{$/gm)].map((match) => match[1]!);
  if (modules.length === 0) throw new Error("React Router's +routes.ts names no route module");
  await waitFor(
    modules.map((module) => {
      const { dir, name } = path.parse(module);
      return path.join(ROUTE_TYPES, "app", dir, "+types", `${name}.ts`);
    }),
  );
}

const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  );

/**
 * One holder at a time across the test workers, with the store's own lock of a directory (its holder's pid, taken
 * over once that process is gone): a worker that finds it held waits.
 */
async function withStartLock<T>(work: () => Promise<T>): Promise<T> {
  let lock: DataDirLock;
  for (;;) {
    try {
      lock = lockDataDir(LOCK_DIR);
      break;
    } catch (error) {
      if (!(error instanceof DataDirInUse)) throw error;
      await sleep(50);
    }
  }
  try {
    return await work();
  } finally {
    lock.release();
  }
}
