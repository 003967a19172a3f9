import { checkOrderInvariants, withStockSamples, type StormAnswer } from "../support/order-storm";
import { beforeAll, describe, expect, it } from "vitest";
import { asBearer, jsonInit, signUp, type TestAccount } from "../support/accounts";
import { useTestApp } from "../support/test-app";
import { insertStocked } from "../support/stock-ledger";

// The issue: at least 200 simultaneous orders on one product end with successes = ⌊stock / quantity⌋, stock never
// below zero, and an order row for every success. One server here, on PGlite or (with DATABASE_URL) PostgreSQL;
// tests/integration/postgres/two-servers.test.ts does the same with two server processes sharing one database.

const REQUESTS = 240;
const BUYERS = 20;

type Answer = StormAnswer;

describe("simultaneous orders on one product", () => {
  const t = useTestApp();
  const buyers: TestAccount[] = [];

  beforeAll(async () => {
    buyers.push(...(await Promise.all(Array.from({ length: BUYERS }, () => signUp(t)))));
  });

  async function makeProduct(availability: number, minimumQuantity: number) {
    const [row] = await insertStocked(t.database.db, {
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

  /** Fires every order at once (request i as buyer i mod BUYERS) while sampling the stock until all have answered. */
  async function storm(productId: string, quantities: number[]) {
    return withStockSamples(t.database.db, productId, () =>
      Promise.all(
        quantities.map(async (quantity, i): Promise<Answer> => {
          const res = await t.request(
            "/api/order",
            jsonInit("POST", { productId, quantity }, asBearer(buyers[i % buyers.length]!)),
          );
          return { quantity, status: res.status, body: (await res.json()) as Answer["body"] };
        }),
      ),
    );
  }

  const checkInvariants = (productId: string, initial: number, answers: Answer[], samples: number[]) =>
    checkOrderInvariants(t.database.db, productId, initial, answers, samples);

  it(`${REQUESTS} orders of the same quantity: exactly ⌊stock / quantity⌋ go through`, async () => {
    const initial = 1000;
    const quantity = 30;
    // A minimum of 10: 30 is on its steps of 20.
    const { id } = await makeProduct(initial, 10);

    const { answers, samples } = await storm(
      id,
      Array.from({ length: REQUESTS }, () => quantity),
    );

    const { won, final } = await checkInvariants(id, initial, answers, samples);
    expect(won).toHaveLength(Math.floor(initial / quantity)); // 33
    expect(final).toBe(initial % quantity); // 10
  });

  it(`${REQUESTS} orders of mixed quantities never oversell`, async () => {
    const initial = 2500;
    const sizes = [20, 40, 60];
    const { id } = await makeProduct(initial, 20);

    const { answers, samples } = await storm(
      id,
      Array.from({ length: REQUESTS }, (_, i) => sizes[i % sizes.length]!),
    );

    const { won, final } = await checkInvariants(id, initial, answers, samples);
    // 240 requests ask for 9600 pieces: some go through, the rest are refused, and what is left is less than the
    // smallest refused quantity (checked above), so at most 59.
    expect(won.length).toBeGreaterThan(0);
    expect(won.length).toBeLessThan(REQUESTS);
    expect(final).toBeLessThan(Math.max(...sizes));
  });
});
