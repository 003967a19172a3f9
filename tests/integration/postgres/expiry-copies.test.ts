import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "@server/config";
import { openDatabase } from "@server/db/client";
import { createServices, type Services } from "@server/services";
import { expireOrders } from "@server/orders/expire-orders";
import { apiServers, STARTUP_MS, waitHealthy, type ApiServer, type ApiServers } from "../../support/api-servers";
import { expiryJob } from "../../support/contexts";
import {
  backendsOf,
  checkWholeExpiry,
  expiredByLog,
  expiredCount,
  expireWatched,
  makeDue,
  makeShelf,
  placeUnpaid,
  shelfLock,
  urlNamed,
  waitUntil,
} from "../../support/due-orders";
import { createTestDatabase, type TestDatabase } from "../../support/test-database";

// Server copies expiring the same due orders at the same moment (the issue "Money and stock stay whole"): every
// copy runs the expiry, with no leader; `FOR UPDATE SKIP LOCKED` must give each order to exactly one of them. Each
// order expires exactly once (one `expired` event), its pieces come back once, and the counts the copies report
// add up to the orders that were due. First two copies of the store's services in this process, each with a
// connection pool of its own, several rounds at several batch sizes; then two server processes on their timers.
// Collected only when DATABASE_URL is set.

const DUE = 300;
const PRODUCTS = 6;
const AUTH_SECRET = "test-secret-that-is-long-enough-0123456789";

describe("two copies of the store expiring the same due orders at once", () => {
  let database: TestDatabase;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), "randa-expiry-copies-"));
    database = await createTestDatabase();
    if (!database.url) throw new Error("this test needs DATABASE_URL (PostgreSQL)");
  });

  afterAll(async () => {
    await database?.destroy();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }, 30_000);

  /** A copy of the store's services on a connection pool (and change feed) of its own. */
  async function copy(name: string): Promise<Services> {
    const url = urlNamed(database.url!, name);
    const config = loadConfig({ DATABASE_URL: url, DATA_DIR: dataDir, AUTH_SECRET, BASE_URL: "http://127.0.0.1:3000" });
    return createServices(await openDatabase({ url }), config);
  }

  // Batches of 100 (the default), and smaller ones, so that the copies' transactions interleave more.
  const BATCHES = [100, 100, 100, 25, 7, 1];

  it(`in one process, two copies with two rounds each: ${DUE} due orders, ${BATCHES.length} times, each expired once`, async () => {
    const [a, b] = await Promise.all([copy("randa-copy-a"), copy("randa-copy-b")]);
    const byCopy = { a: 0, b: 0 };
    try {
      for (const batch of BATCHES) {
        const shelf = await makeShelf(database.db, PRODUCTS);
        const ids = await placeUnpaid(database.db, shelf, DUE);
        await makeDue(database.db, ids);
        // Each copy runs a timed round and, say, its start-up catch-up, all four at the same moment.
        const [a1, b1, a2, b2] = await Promise.all(
          [a, b, a, b].map((services) => expireOrders(expiryJob(services), batch)),
        );
        expect(a1! + b1! + a2! + b2!).toBe(DUE);
        byCopy.a += a1! + a2!;
        byCopy.b += b1! + b2!;
        expect(await checkWholeExpiry(database.db, shelf, ids)).toBe(DUE);
        for (const services of [a, b]) expect(await expireOrders(expiryJob(services), batch)).toBe(0);
        expect(await checkWholeExpiry(database.db, shelf, ids)).toBe(DUE);
      }
    } finally {
      await Promise.all([a.database.close(), b.database.close()]);
    }
    console.log(`orders expired by each copy over ${BATCHES.length} rounds of ${DUE}:`, byCopy);
    expect(byCopy.a + byCopy.b).toBe(DUE * BATCHES.length);
    expect(byCopy.a).toBeGreaterThan(0);
    expect(byCopy.b).toBeGreaterThan(0);
  }, 120_000);

  describe("as two server processes on their one-second timers", () => {
    let processes: ApiServers | undefined;
    const servers: ApiServer[] = [];
    const NAMES = ["randa-process-a", "randa-process-b"];
    const ROUNDS = 3;

    beforeAll(async () => {
      processes = apiServers(database.url!, dataDir);
      servers.push(
        ...(await Promise.all(
          NAMES.map((name) =>
            processes!.start(undefined, {
              DATABASE_URL: urlNamed(database.url!, name),
              ORDER_EXPIRY_INTERVAL_SECONDS: "1",
            }),
          ),
        )),
      );
      await Promise.all(servers.map(waitHealthy));
    }, 2 * STARTUP_MS);

    afterAll(async () => {
      await processes?.stopAll();
    }, 30_000);

    it(`${ROUNDS} rounds of ${DUE} orders falling due at once; both copies are held at a locked shelf, then let go together`, async () => {
      for (let round = 0; round < ROUNDS; round++) {
        const shelf = await makeShelf(database.db, PRODUCTS);
        const ids = await placeUnpaid(database.db, shelf, DUE);
        const logFrom = servers.map((s) => s.output.length);
        // The first shelf every batch puts pieces back on is held: both copies' first rounds take their orders
        // and wait there, mid-transaction, so that both are expiring at the same moment when it is let go.
        const hold = await shelfLock(database.url!);
        await hold.hold(shelf.productIds[0]!);
        try {
          await makeDue(database.db, ids);
          await waitUntil("both copies wait at the held shelf", async () => {
            const [a, b] = await Promise.all(NAMES.map((name) => backendsOf(database.db, name)));
            return a!.waiting > 0 && b!.waiting > 0;
          });
          expect(await expiredCount(database.db, ids)).toBe(0);
        } finally {
          await hold.release();
        }
        await expireWatched(database.db, shelf, ids);
        // Each copy says how many it expired: both took some, and together exactly the orders that were due.
        const reported = () => servers.map((s, i) => expiredByLog(s.output, logFrom[i]));
        await waitUntil("the copies reported them", async () => reported()[0]! + reported()[1]! >= DUE);
        expect(reported()[0]! + reported()[1]!).toBe(DUE);
        expect(reported().every((n) => n > 0)).toBe(true);
      }
    }, 120_000);
  });
});
