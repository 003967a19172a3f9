// The store's API alone (no pages), as its own process, for tests that need several servers on one database:
//   DATABASE_URL=postgres://… PORT=4020 AUTH_SECRET=… BASE_URL=http://127.0.0.1:4020 \
//   node --import tsx tests/support/api-server-main.ts
// Prints "api-server listening at http://127.0.0.1:PORT" once it answers; closes on SIGTERM or SIGINT, and when
// the parent that spawned it with an IPC channel goes away. Like every copy of the store, it expires unpaid orders
// every ORDER_EXPIRY_INTERVAL_SECONDS and says so on a line of its own.
import { createServer } from "node:http";
import { getRequestListener } from "@hono/node-server";
import { createApp } from "@server/app";
import { loadConfig } from "@server/config";
import { openDatabase } from "@server/db/client";
import { scheduleOrderExpiry } from "@server/jobs/order-expiry";
import { createServices } from "@server/services";

const config = loadConfig();
if (!config.DATABASE_URL) {
  console.error("api-server: DATABASE_URL must be set");
  process.exit(2);
}

const database = await openDatabase({ url: config.DATABASE_URL });
const services = createServices(database, config);
const app = createApp({ services });
// Every copy expires unpaid orders whose hold ran out, as server/main.ts does (ORDER_EXPIRY_INTERVAL_SECONDS).
const expiry = scheduleOrderExpiry(services, config.ORDER_EXPIRY_INTERVAL_SECONDS);
const server = createServer(getRequestListener(app.fetch));

await new Promise<void>((resolve, reject) => {
  server.once("error", reject);
  server.listen(config.PORT, "127.0.0.1", () => resolve());
});
const address = server.address();
const port = typeof address === "object" && address ? address.port : config.PORT;
console.log(`api-server listening at http://127.0.0.1:${port}`);

let closing = false;
async function shutdown(why: string) {
  if (closing) return;
  closing = true;
  try {
    server.close();
    server.closeAllConnections();
    await expiry.stop();
    await database.close();
    process.exit(0);
  } catch (error) {
    console.error(`api-server: failed to close on ${why}:`, error);
    process.exit(1);
  }
}
process.once("SIGTERM", () => void shutdown("SIGTERM"));
process.once("SIGINT", () => void shutdown("SIGINT"));
process.once("disconnect", () => void shutdown("disconnect"));
