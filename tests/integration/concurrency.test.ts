import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { QUANTITY_ABOVE_STOCK } from "~/lib/quantity";
import { order, product } from "@server/db/schema";
import { asBearer, jsonInit, signUp, type TestAccount } from "../support/accounts";
import { useTestApp } from "../support/test-app";

// The issue: at least 200 simultaneous orders on one product end with successes = ⌊stock / quantity⌋, stock never
// below zero, and an order row for every success. One server here, on PGlite or (with DATABASE_URL) PostgreSQL;
// tests/integration/postgres/two-servers.test.ts does the same with two server processes sharing one database.

const REQUESTS = 240;
const BUYERS = 20;

interface Answer {
  quantity: number;
  status: number;
  body: { insertedId?: string; message?: string };
}

describe("simultaneous orders on one product", () => {
  const t = useTestApp();
  const buyers: TestAccount[] = [];

  beforeAll(async () => {
    buyers.push(...(await Promise.all(Array.from({ length: BUYERS }, () => signUp(t)))));
  });

  async function makeProduct(availability: number, minimumQuantity: number) {
    const [row] = await t.database.db
      .insert(product)
      .values({
        name: "Contended Chisel",
        image: "/images/products/mortise-chisel.svg",
        pricePoisha: 12_345,
        minimumQuantity,
        availability,
      })
      .returning();
    return row!;
  }

  const stockOf = async (productId: string) => {
    const [row] = await t.database.db
      .select({ availability: product.availability })
      .from(product)
      .where(eq(product.id, productId));
    return row!.availability;
  };

  /** Fires every order at once (request i as buyer i mod BUYERS) while sampling the stock until all have answered. */
  async function storm(productId: string, quantities: number[]) {
    const samples: number[] = [];
    let done = false;
    const sampling = (async () => {
      while (!done) {
        samples.push(await stockOf(productId));
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();
    const answers = await Promise.all(
      quantities.map(async (quantity, i): Promise<Answer> => {
        const res = await t.request(
          "/api/order",
          jsonInit("POST", { productId, quantity }, asBearer(buyers[i % buyers.length]!)),
        );
        return { quantity, status: res.status, body: (await res.json()) as Answer["body"] };
      }),
    ).finally(() => {
      done = true;
    });
    await sampling;
    return { answers, samples };
  }

  async function checkInvariants(productId: string, initial: number, answers: Answer[], samples: number[]) {
    const won = answers.filter((a) => a.status === 200);
    const lost = answers.filter((a) => a.status !== 200);
    // No 5xx, no other refusal: every order that did not go through ran out of stock.
    expect(lost.filter((a) => a.status !== 409 || a.body.message !== QUANTITY_ABOVE_STOCK)).toEqual([]);
    for (const a of won) expect(a.body.insertedId).toEqual(expect.any(String));

    const sold = won.reduce((sum, a) => sum + a.quantity, 0);
    const final = await stockOf(productId);
    expect(final).toBe(initial - sold);
    expect(final).toBeGreaterThanOrEqual(0);
    // Stock only goes down, and never below zero, at every moment the test looked.
    expect(samples.length).toBeGreaterThan(0);
    expect(samples.every((s, i) => s >= 0 && s <= initial && (i === 0 || s <= samples[i - 1]!))).toBe(true);
    // A refusal came when fewer pieces were left than asked for, and stock never grows back.
    for (const a of lost) expect(final).toBeLessThan(a.quantity);

    // Exactly one order row per success, with the quantity that request asked for.
    const rows = await t.database.db.select().from(order).where(eq(order.productId, productId));
    expect(rows).toHaveLength(won.length);
    expect(new Set(rows.map((r) => r.id))).toEqual(new Set(won.map((a) => a.body.insertedId)));
    const asked = new Map(won.map((a) => [a.body.insertedId!, a.quantity]));
    for (const r of rows) {
      expect(r.quantity).toBe(asked.get(r.id));
      expect(r.payablePoisha).toBe(r.pricePoisha * r.quantity);
    }
    expect(rows.reduce((sum, r) => sum + r.quantity, 0)).toBe(sold);
    return { won, final };
  }

  it(`${REQUESTS} orders of the same quantity: exactly ⌊stock / quantity⌋ go through`, async () => {
    const initial = 1000;
    const quantity = 30;
    const { id } = await makeProduct(initial, 20);

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
