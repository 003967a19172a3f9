import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiServers, exitOf, waitHealthy, type ApiServer, type ApiServers } from "../../support/api-servers";
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

// Beside crash.test.ts (a copy killed while taking orders): a server copy killed with SIGKILL while it is expiring
// a large batch of due orders. To land the kill inside an expiry transaction, not between two, the test locks the
// first shelf the batch puts pieces back on: the copy has marked its batch expired and waits there, mid-transaction,
// when it is killed. PostgreSQL must roll that batch back whole; another copy then expires everything left. Every
// due order expires exactly once (one `expired` event), stock adds up at every step, and no order is half expired
// (expired with its pieces still taken, or its pieces back while it is unpaid). Collected only when DATABASE_URL
// is set.

const DUE = 1_000;
/** Alone, the copy must still be busy when the test has seen three batches commit: 30 batches. */
const ALONE_DUE = 3_000;
const PRODUCTS = 8;
/** The expiry's batch (server/orders/expire-orders.ts): what commits, commits a whole batch at a time. */
const BATCH = 100;
const CRASH_MS = 120_000;

describe("a server copy killed with SIGKILL in the middle of an expiry batch", () => {
  let database: TestDatabase;
  let dataDir: string;
  let processes: ApiServers | undefined;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), "randa-expiry-crash-"));
    database = await createTestDatabase();
    if (!database.url) throw new Error("this test needs DATABASE_URL (PostgreSQL)");
    processes = apiServers(database.url, dataDir);
  });

  afterAll(async () => {
    await processes?.stopAll();
    await database?.destroy();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }, 30_000);

  /** A server copy whose connections carry `name`, expiring due orders every second. */
  async function startCopy(name: string): Promise<ApiServer> {
    const server = await processes!.start(undefined, {
      DATABASE_URL: urlNamed(database.url!, name),
      ORDER_EXPIRY_INTERVAL_SECONDS: "1",
    });
    await waitHealthy(server);
    return server;
  }

  /** Ends a copy as its operator would, so that it expires nothing of the next test's orders. */
  async function stop(server: ApiServer) {
    server.child.kill("SIGTERM");
    await exitOf(server);
  }

  /**
   * Kills the copy while its backend waits at the held shelf, lets the shelf go, and waits until PostgreSQL has
   * ended that backend (rolling its transaction back).
   */
  async function killMidBatch(victim: ApiServer, name: string, hold: { release(): Promise<void> }) {
    try {
      await waitUntil(`${name} waits at the held shelf`, async () => (await backendsOf(database.db, name)).waiting > 0);
      victim.child.kill("SIGKILL");
      expect(await exitOf(victim)).toBe("SIGKILL");
    } finally {
      await hold.release();
    }
    await waitUntil(
      `${name}'s connections are gone`,
      async () => (await backendsOf(database.db, name)).connected === 0,
    );
  }

  it(
    `alone: killed after some batches of ${ALONE_DUE} due orders, mid-batch; a new copy expires the rest`,
    async () => {
      const DUE = ALONE_DUE;
      const shelf = await makeShelf(database.db, PRODUCTS);
      const ids = await placeUnpaid(database.db, shelf, DUE);
      const victim = await startCopy("randa-victim-alone");
      await makeDue(database.db, ids);

      // Let it commit some batches, then catch it inside the next one.
      const hold = await shelfLock(database.url!);
      await waitUntil("some batches committed", async () => (await expiredCount(database.db, ids)) >= 3 * BATCH);
      await hold.hold(shelf.productIds[0]!);
      await killMidBatch(victim, "randa-victim-alone", hold);

      // What it committed stands, whole batches only; the batch it was in the middle of is gone without a trace.
      const left = await checkWholeExpiry(database.db, shelf, ids);
      expect(left).toBeGreaterThanOrEqual(3 * BATCH);
      expect(left).toBeLessThan(DUE);
      expect(left % BATCH).toBe(0);
      expect(expiredByLog(victim.output)).toBe(0);

      const survivor = await startCopy("randa-survivor-alone");
      await expireWatched(database.db, shelf, ids);
      await waitUntil("the survivor reported", async () => expiredByLog(survivor.output) >= DUE - left);
      expect(expiredByLog(survivor.output)).toBe(DUE - left);
      await stop(survivor);
    },
    CRASH_MS,
  );

  it(
    `with a second copy expiring the same ${DUE} orders at the same moment: one killed mid-batch, the other finishes`,
    async () => {
      const shelf = await makeShelf(database.db, PRODUCTS);
      const ids = await placeUnpaid(database.db, shelf, DUE);
      const [victim, survivor] = await Promise.all([startCopy("randa-victim-pair"), startCopy("randa-survivor-pair")]);
      const logFrom = survivor.output.length;

      // Both copies take a batch and wait at the held shelf; the victim dies holding its batch.
      const hold = await shelfLock(database.url!);
      await hold.hold(shelf.productIds[0]!);
      await makeDue(database.db, ids);
      await waitUntil(
        "the survivor waits too",
        async () => (await backendsOf(database.db, "randa-survivor-pair")).waiting > 0,
      );
      await killMidBatch(victim, "randa-victim-pair", hold);
      await checkWholeExpiry(database.db, shelf, ids);

      await expireWatched(database.db, shelf, ids);
      // The victim committed nothing: the survivor expired every one of them, the victim's batch included.
      await waitUntil("the survivor reported", async () => expiredByLog(survivor.output, logFrom) >= DUE);
      expect(expiredByLog(survivor.output, logFrom)).toBe(DUE);
      expect(expiredByLog(victim.output)).toBe(0);
      await stop(survivor);
    },
    CRASH_MS,
  );
});
