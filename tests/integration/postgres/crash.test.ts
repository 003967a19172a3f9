import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  apiServers,
  exitOf,
  signUpOn,
  STARTUP_MS,
  waitHealthy,
  type ApiServer,
  type ApiServers,
} from "../../support/api-servers";
import { checkAfterCrash } from "../../support/crash-checks";
import { ordersWithKill, retryLost, type Attempt, type Buyer, type Role } from "../../support/order-crash";
import { expectStockNeverRose, withStockSamples } from "../../support/order-storm";
import { createTestDatabase, type TestDatabase } from "../../support/test-database";
import { insertStocked } from "../../support/stock-ledger";

// Two server processes on one PostgreSQL database take 300 simultaneous orders; one of them is killed with SIGKILL
// mid-way and started again on its port. Every order that got a 2xx exists exactly once, the stock is the initial
// stock less what the existing orders took, and nothing is negative. Collected only when DATABASE_URL is set.

const REQUESTS = 300;
const BUYERS = 12;
const MOST_PIECES = 81;
/** Server A gets half of the requests and is killed once it has answered a third of them. */
const KILL_AFTER = 50;
const CRASH_MS = 120_000;

describe("a server process killed with SIGKILL in the middle of 300 orders", () => {
  let database: TestDatabase;
  let dataDir: string;
  let processes: ApiServers | undefined;
  const servers = {} as Record<Role, ApiServer>;
  const buyers: Buyer[] = [];

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), "randa-crash-"));
    database = await createTestDatabase();
    if (!database.url) throw new Error("this test needs DATABASE_URL (PostgreSQL)");
    processes = apiServers(database.url, dataDir);
    [servers.A, servers.B] = await Promise.all([processes.start(), processes.start()]);
    await Promise.all([waitHealthy(servers.A), waitHealthy(servers.B)]);

    const signUps = Array.from({ length: BUYERS }, async (_, i) => {
      const email = `crash-buyer${i}-${Date.now()}@example.test`;
      return { email, token: await signUpOn(servers.B, { name: `Buyer ${i}`, email }) };
    });
    buyers.push(...(await Promise.all(signUps)));
  }, 2 * STARTUP_MS);

  afterAll(async () => {
    await processes?.stopAll();
    await database?.destroy();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }, 30_000);

  async function makeProduct(availability: number) {
    const [row] = await insertStocked(database.db, {
      name: "Crash-Tested Chisel",
      image: "/images/products/mortise-chisel.svg",
      pricePoisha: 12_345,
      minimumQuantity: 1,
      availability,
      // The crash is about stock alone: without a limit of its own, half of a low stock would refuse the last
      // orders, and one buyer's open orders together (decision 0026) would refuse the buyers' later ones.
      maxPerOrder: availability,
    });
    return row!;
  }

  /**
   * Request i: buyer i mod BUYERS, 1 to MOST_PIECES pieces on the steps of 20 (1, 21, 41, 61, 81), to server A when
   * i is even; each with its own key.
   */
  function plan(): Attempt[] {
    return Array.from({ length: REQUESTS }, (_, i) => ({
      key: `crash-${i}-${randomUUID()}`,
      buyer: buyers[i % BUYERS]!,
      quantity: 1 + 20 * ((i * 7) % 5),
      to: i % 2 ? "B" : "A",
    }));
  }

  /** All orders at once with A killed mid-way, then A started again on its port and every lost order retried. */
  async function crash(initial: number) {
    const { id } = await makeProduct(initial);
    const attempts = plan();
    const { answers: storm, samples } = await withStockSamples(database.db, id, () =>
      ordersWithKill(servers, id, attempts, KILL_AFTER),
    );
    const { outcomes, kill } = storm;
    expect(await exitOf(servers.A)).toBe("SIGKILL");
    expectStockNeverRose(samples, initial);

    // Mid-way: A had answered some of its requests and was still working on others, which their clients lost.
    expect(kill).toEqual({ answered: KILL_AFTER, lost: 0, unanswered: expect.any(Number) });
    expect(kill!.unanswered).toBeGreaterThan(0);
    const lost = attempts.filter((_, i) => outcomes[i]!.kind === "lost");
    expect(lost.length).toBeGreaterThan(0);
    expect(lost.filter((a) => a.to !== "A")).toEqual([]);

    servers.A = await processes!.start(servers.A.port);
    await waitHealthy(servers.A);
    const retries = await retryLost(servers, id, attempts, outcomes);
    expect([...retries.values()].flat().filter((o) => o.kind === "lost")).toEqual([]);

    return checkAfterCrash(database.db, servers, { productId: id, initial, attempts, outcomes, retries });
  }

  it(
    "with stock for every order: each key ends with exactly one order, retries included",
    async () => {
      const { rows, answers } = await crash(100_000);
      expect(rows).toHaveLength(REQUESTS);
      expect(answers.filter((list) => !list.some((a) => a.status === 200))).toEqual([]);
    },
    CRASH_MS,
  );

  // The 300 orders ask for 12,300 pieces. The first round sells about 8000; the retries race for the rest.
  it(
    "with less stock than demand: sells out without overselling, retries taking the last pieces",
    async () => {
      const { rows, final, answers } = await crash(9800);
      expect(rows.length).toBeGreaterThan(0);
      expect(answers.flat().filter((a) => a.status === 409).length).toBeGreaterThan(0);
      expect(final).toBeLessThan(MOST_PIECES);
    },
    CRASH_MS,
  );
});
