import { createServer } from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { getRequestListener } from "@hono/node-server";
import type { ServerBuild } from "react-router";
import { setTimeout as delay } from "node:timers/promises";
import { createApp } from "./app";
import { ConfigError, loadConfig } from "./config";
import { inFlightRequests } from "./http/in-flight";
import { openDatabase } from "./db/client";
import { createServices } from "./services";
import { createLogger } from "./log/logger";
import { pruneRequestLimits } from "./limits/request-limit";
import { scheduleOrderExpiry } from "./jobs/order-expiry";
import { describeMode, prepareStore, StartRefused } from "./startup";

const dev = process.argv.includes("--dev");
const SHUTDOWN_GRACE_MS = 5000;

/** A configuration mistake, or a live store unsafe to open, stops start-up with one line, not a stack trace. */
function stopOn(err: unknown): never {
  if (err instanceof ConfigError || err instanceof StartRefused) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}

function orExit<T>(make: () => T): T {
  try {
    return make();
  } catch (err) {
    stopOn(err);
  }
}

const config = orExit(() => loadConfig());
const database = await openDatabase(config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: config.DATA_DIR });
const log = createLogger({ level: config.LOG_LEVEL, format: config.LOG_FORMAT ?? (dev ? "pretty" : "json") });
const services = orExit(() => createServices(database, config, log));
await prepareStore(services, config).catch(async (err: unknown) => {
  await database.close();
  stopOn(err);
});
// Spent rate-limit counters go once an hour; any copy of the server may do it, and doing it twice is harmless.
const pruning = setInterval(
  () => {
    pruneRequestLimits(services.db).catch((err: unknown) => console.error("Pruning rate-limit counters failed:", err));
  },
  60 * 60 * 1000,
);
pruning.unref();
const expiry = scheduleOrderExpiry(services, config.ORDER_EXPIRY_INTERVAL_SECONDS);

let listener: Parameters<typeof createServer>[1];
const requests = inFlightRequests();
let closeVite = async () => {};
if (dev) {
  const { createServer: createViteServer } = await import("vite");
  const vite = await createViteServer({ server: { middlewareMode: true }, appType: "custom" });
  closeVite = () => vite.close();
  const app = createApp({
    services,
    ssr: {
      build: () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
      mode: "development",
    },
  });
  const honoListener = getRequestListener(requests.track(app.fetch));
  listener = (req, res) => vite.middlewares(req, res, () => honoListener(req, res));
} else {
  const buildDir = path.resolve("build");
  const build = (await import(pathToFileURL(path.join(buildDir, "server/index.js")).href)) as ServerBuild;
  const app = createApp({ services, ssr: { build, mode: "production" }, clientDir: path.join(buildDir, "client") });
  listener = getRequestListener(requests.track(app.fetch));
}

const server = createServer(listener);
server.listen(config.PORT, config.HOST, () => {
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : config.PORT;
  const where = database.kind === "pglite" ? `embedded PostgreSQL in ${path.resolve(config.DATA_DIR)}` : "PostgreSQL";
  console.log(
    `Randa is serving http://${config.HOST}:${port} (${dev ? "development" : "production"}, ${where}): ${describeMode(config)}`,
  );
});

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  clearInterval(pruning);
  console.log(`${signal}: closing.`);
  const expiryStopped = expiry.stop();
  // Requests under way are answered before the database closes; idle keep-alive connections end at once.
  const drained = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  const tooLong = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS);
  await Promise.race([Promise.all([drained, requests.idle()]), delay(SHUTDOWN_GRACE_MS)]);
  clearTimeout(tooLong);
  await expiryStopped;
  await closeVite();
  await database.close();
  // The log writes asynchronously: its last lines go out before the process ends.
  await new Promise<void>((resolve) => log.flush(() => resolve()));
  process.exit(0);
}
process.on("SIGINT", () => void stop("SIGINT"));
process.on("SIGTERM", () => void stop("SIGTERM"));
