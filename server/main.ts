import { createServer, type RequestListener } from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { getRequestListener } from "@hono/node-server";
import type { ServerBuild } from "react-router";
import { setTimeout as delay } from "node:timers/promises";
import { createApp, keptFirst, keptWholeAnswers } from "./app";
import { openControlSocket } from "./backup/control-socket";
import { ConfigError, loadConfig } from "./config";
import { DataDirInUse } from "./db/data-dir-lock";
import { inFlightRequests } from "./http/in-flight";
import { createReadiness, startingListener } from "./http/readiness";
import { openDatabase } from "./db/client";
import { createServices } from "./services";
import { createLogger } from "./log/logger";
import { reportError } from "./log/report-error";
import { pruneRequestLimits } from "./limits/request-limit";
import { scheduleOrderExpiry } from "./jobs/order-expiry";
import { scheduleCourierPolling } from "./jobs/courier-polling";
import { scheduleMailOutbox } from "./jobs/mail-outbox";
import { scheduleSmsOutbox } from "./jobs/sms-outbox";
import { describeMode, prepareStore, StartRefused } from "./startup";

const dev = process.argv.includes("--dev");
const SHUTDOWN_GRACE_MS = 5000;
const KEEP_ALIVE_MS = 65_000;

/** A configuration mistake, or a live store unsafe to open, stops start-up with one line, not a stack trace. */
function stopOn(err: unknown): never {
  if (err instanceof ConfigError || err instanceof StartRefused || err instanceof DataDirInUse) {
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
const log = createLogger({ level: config.LOG_LEVEL, format: config.LOG_FORMAT ?? (dev ? "pretty" : "json") });
// The port answers from the first moment: 503 "starting" until migrations, demo data and the app are ready.
const readiness = createReadiness();
let listener: RequestListener = startingListener;
const server = createServer((req, res) => listener(req, res));
// Node closes an idle keep-alive connection after 5 s, and a client that sends its next request on it just then gets
// ECONNRESET: Node's own agent, which pools connections without reading the Keep-Alive hint, is one such client.
// 65 s outlasts the idle pools of proxies and load balancers (nginx keeps upstream connections 60 s) and saves a
// slow mobile network a new handshake on the next click.
server.keepAliveTimeout = KEEP_ALIVE_MS;
await new Promise<void>((resolve, reject) => {
  server.once("error", reject);
  server.listen(config.PORT, config.HOST, () => resolve());
});
const database = await openDatabase(
  config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: config.DATA_DIR },
).catch(stopOn);
const services = orExit(() => createServices(database, config, log));
await prepareStore(services, config).catch(async (err: unknown) => {
  await database.close();
  stopOn(err);
});
// Spent rate-limit counters go once an hour; any copy of the server may do it, and doing it twice is harmless.
const pruning = setInterval(
  () => {
    pruneRequestLimits(services.db).catch((err: unknown) => reportError("Pruning rate-limit counters failed", err));
  },
  60 * 60 * 1000,
);
pruning.unref();
const expiry = scheduleOrderExpiry(services, config.ORDER_EXPIRY_INTERVAL_SECONDS);
// Parcels the couriers sent no news of are asked about (server/jobs/courier-polling.ts); every copy works it.
const polling = scheduleCourierPolling(services, config.COURIER_POLL_MINUTES);
// Order e-mails leave through the outbox table (server/jobs/mail-outbox.ts); every copy works it.
const mail = scheduleMailOutbox(services, config.MAIL_POLL_SECONDS);
// Text messages leave through theirs (server/jobs/sms-outbox.ts), on the same beat.
const sms = scheduleSmsOutbox(services, config.MAIL_POLL_SECONDS);
// npm run backup asks the store for its embedded database's snapshot here (server/backup/control-socket.ts).
const control = await openControlSocket(database, config.DATA_DIR, log);

const requests = inFlightRequests();
const kept = keptWholeAnswers(services);
let closeVite = async () => {};
if (dev) {
  const { createServer: createViteServer } = await import("vite");
  const vite = await createViteServer({ server: { middlewareMode: true }, appType: "custom" });
  closeVite = () => vite.close();
  const app = createApp({
    services,
    readiness,
    ssr: {
      build: () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
      mode: "development",
    },
    kept,
  });
  const honoListener = getRequestListener(requests.track(app.fetch));
  listener = keptFirst(services, kept, (req, res) => vite.middlewares(req, res, () => honoListener(req, res)));
} else {
  const buildDir = path.resolve("build");
  const build = (await import(pathToFileURL(path.join(buildDir, "server/index.js")).href)) as ServerBuild;
  const clientDir = path.join(buildDir, "client");
  const app = createApp({ services, readiness, ssr: { build, mode: "production" }, clientDir, kept });
  listener = keptFirst(services, kept, getRequestListener(requests.track(app.fetch)));
}

readiness.ready();
const address = server.address();
const port = typeof address === "object" && address ? address.port : config.PORT;
const where = database.kind === "pglite" ? `embedded PostgreSQL in ${path.resolve(config.DATA_DIR)}` : "PostgreSQL";
console.log(
  `Randa is serving http://${config.HOST}:${port} (${dev ? "development" : "production"}, ${where}): ${describeMode(config)}`,
);

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  clearInterval(pruning);
  // From now on GET /api/ready answers 503; a load balancer that checks it has SHUTDOWN_DELAY_SECONDS to notice
  // before the port closes.
  readiness.drain();
  console.log(`${signal}: draining.`);
  await delay(config.SHUTDOWN_DELAY_SECONDS * 1000);
  const expiryStopped = expiry.stop();
  const mailStopped = mail.stop();
  const smsStopped = sms.stop();
  const pollingStopped = polling.stop();
  // Requests under way are answered before the database closes; idle keep-alive connections end at once.
  const drained = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  const tooLong = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS);
  await Promise.race([Promise.all([drained, requests.idle()]), delay(SHUTDOWN_GRACE_MS)]);
  clearTimeout(tooLong);
  await expiryStopped;
  await mailStopped;
  await smsStopped;
  await pollingStopped;
  await control?.close();
  await closeVite();
  await database.close();
  // The log writes asynchronously: its last lines go out before the process ends.
  await new Promise<void>((resolve) => log.flush(() => resolve()));
  process.exit(0);
}
process.on("SIGINT", () => void stop("SIGINT"));
process.on("SIGTERM", () => void stop("SIGTERM"));
