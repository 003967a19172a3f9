import { checkOrderInvariants, withStockSamples } from "../../support/order-storm";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jsonInit } from "../../support/accounts";
import {
  apiServers,
  REQUEST_MS,
  signUpOn,
  STARTUP_MS,
  waitHealthy,
  type ApiServer,
  type ApiServers,
} from "../../support/api-servers";
import { createTestDatabase, type TestDatabase } from "../../support/test-database";
import { insertStocked } from "../../support/stock-ledger";

// The second half: two server processes sharing one PostgreSQL database take at least 200 simultaneous
// orders on one product, and still sell exactly ⌊stock / quantity⌋ with a row for every success. Collected only
// when DATABASE_URL is set (vitest.config.ts); tests/integration/concurrency.test.ts covers one server.

const REQUESTS = 240;
const BUYERS = 20;

interface Answer {
  server: number;
  quantity: number;
  status: number;
  body: { insertedId?: string; message?: string };
}

describe("two server processes sharing one PostgreSQL database", () => {
  let database: TestDatabase;
  let dataDir: string;
  let processes: ApiServers | undefined;
  const servers: ApiServer[] = [];
  const tokens: string[] = [];

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), "randa-two-servers-"));
    database = await createTestDatabase();
    if (!database.url) throw new Error("this test needs DATABASE_URL (PostgreSQL)");
    processes = apiServers(database.url, dataDir);
    servers.push(...(await Promise.all([processes.start(), processes.start()])));
    await Promise.all(servers.map(waitHealthy));

    // Buyers sign up through the first server; their sessions live in the shared database.
    const signUps = Array.from({ length: BUYERS }, (_, i) =>
      signUpOn(servers[0]!, { name: `Buyer ${i}`, email: `buyer${i}-${Date.now()}@example.test` }),
    );
    tokens.push(...(await Promise.all(signUps)));
  }, 2 * STARTUP_MS);

  afterAll(async () => {
    await processes?.stopAll();
    await database?.destroy();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }, 30_000);

  async function makeProduct(availability: number, minimumQuantity: number) {
    const [row] = await insertStocked(database.db, {
      name: "Contended Chisel",
      image: "/images/products/mortise-chisel.svg",
      pricePoisha: 12_345,
      minimumQuantity,
      availability,
      // The storm is about stock alone: without its own limit, half of a low stock would refuse the last orders.
      // ... nor one buyer's open orders together (decision 0026): the storm's buyers win many orders each.
      maxPerOrder: availability,
    });
    return row!;
  }

  /** Request i goes to server i mod 2 as buyer i mod BUYERS, all at once, while the stock is sampled. */
  async function storm(productId: string, quantities: number[]) {
    return withStockSamples(database.db, productId, () =>
      Promise.all(
        quantities.map(async (quantity, i): Promise<Answer> => {
          const server = i % servers.length;
          const res = await fetch(`${servers[server]!.base}/api/order`, {
            ...jsonInit("POST", { productId, quantity }, { Authorization: `Bearer ${tokens[i % tokens.length]}` }),
            signal: AbortSignal.timeout(REQUEST_MS),
          });
          return { server, quantity, status: res.status, body: (await res.json()) as Answer["body"] };
        }),
      ),
    );
  }

  const checkInvariants = (productId: string, initial: number, answers: Answer[], samples: number[]) =>
    checkOrderInvariants(database.db, productId, initial, answers, samples);

  it(`${REQUESTS} orders of the same quantity across both servers: exactly ⌊stock / quantity⌋ go through`, async () => {
    const initial = 1000;
    const quantity = 30;
    // A minimum of 10: 30 is on its steps of 20.
    const { id } = await makeProduct(initial, 10);

    const { answers, samples } = await storm(
      id,
      Array.from({ length: REQUESTS }, () => quantity),
    );

    const { won, final } = await checkInvariants(id, initial, answers, samples);
    expect(won).toHaveLength(Math.floor(initial / quantity));
    expect(final).toBe(initial % quantity);
  });

  it(`${REQUESTS} orders of mixed quantities across both servers never oversell`, async () => {
    const initial = 2500;
    const sizes = [20, 40, 60];
    const { id } = await makeProduct(initial, 20);

    const { answers, samples } = await storm(
      id,
      Array.from({ length: REQUESTS }, (_, i) => sizes[i % sizes.length]!),
    );

    const { won, final } = await checkInvariants(id, initial, answers, samples);
    expect(won.length).toBeGreaterThan(0);
    expect(won.length).toBeLessThan(REQUESTS);
    expect(final).toBeLessThan(Math.max(...sizes));
  });
});
