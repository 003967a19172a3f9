import { createServer } from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { getRequestListener } from "@hono/node-server";
import type { ServerBuild } from "react-router";
import { createApp } from "./app";
import { ConfigError, loadConfig, type Config } from "./config";
import { openDatabase } from "./db/client";
import { seedDemoData } from "./db/seed";

const dev = process.argv.includes("--dev");

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
}

const config = readConfig();
const database = await openDatabase(config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: config.DATA_DIR });
if (config.DEMO_DATA && (await seedDemoData(database.db))) {
  console.log("Seeded the demo catalog and reviews.");
}

let listener: Parameters<typeof createServer>[1];
let closeVite = async () => {};
if (dev) {
  const { createServer: createViteServer } = await import("vite");
  const vite = await createViteServer({ server: { middlewareMode: true }, appType: "custom" });
  closeVite = () => vite.close();
  const app = createApp({
    database,
    ssr: {
      build: () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
      mode: "development",
    },
  });
  const honoListener = getRequestListener(app.fetch);
  listener = (req, res) => vite.middlewares(req, res, () => honoListener(req, res));
} else {
  const buildDir = path.resolve("build");
  const build = (await import(pathToFileURL(path.join(buildDir, "server/index.js")).href)) as ServerBuild;
  const app = createApp({ database, ssr: { build, mode: "production" }, clientDir: path.join(buildDir, "client") });
  listener = getRequestListener(app.fetch);
}

const server = createServer(listener);
server.listen(config.PORT, config.HOST, () => {
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : config.PORT;
  const where = database.kind === "pglite" ? `embedded PostgreSQL in ${path.resolve(config.DATA_DIR)}` : "PostgreSQL";
  console.log(`Randa is serving http://${config.HOST}:${port} (${dev ? "development" : "production"}, ${where})`);
});

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: closing.`);
  server.close();
  server.closeAllConnections();
  await closeVite();
  await database.close();
  process.exit(0);
}
process.on("SIGINT", () => void stop("SIGINT"));
process.on("SIGTERM", () => void stop("SIGTERM"));
