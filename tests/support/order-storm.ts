import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { english, M } from "@shared/messages";
import type { Db } from "@server/db/client";
import { order, product, stockEntry } from "@server/db/schema";
import { expectLedgersBalanced } from "./stock-ledger";

/** One answer to a simultaneous order request. */
export interface StormAnswer {
  quantity: number;
  status: number;
  body: { insertedId?: string; message?: string };
}

export async function stockOf(db: Db, productId: string): Promise<number> {
  const [row] = await db.select({ availability: product.availability }).from(product).where(eq(product.id, productId));
  return row!.availability;
}

/** Runs `fire` (every request at once) while reading the product's stock every 5 ms until all have answered. */
export async function withStockSamples<A>(db: Db, productId: string, fire: () => Promise<A>) {
  const samples: number[] = [];
  let done = false;
  const sampling = (async () => {
    while (!done) {
      samples.push(await stockOf(db, productId));
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  })();
  const answers = await fire().finally(() => {
    done = true;
  });
  await sampling;
  return { answers, samples };
}

/** Every sample of the stock lies between zero and the initial stock, and none is above the one before. */
export function expectStockNeverRose(samples: number[], initial: number) {
  expect(samples.length).toBeGreaterThan(0);
  expect(samples.every((s, i) => s >= 0 && s <= initial && (i === 0 || s <= samples[i - 1]!))).toBe(true);
}

/**
 * What simultaneous orders on one product must leave behind: no 5xx and no refusal but 'not enough stock', stock
 * equal to the initial stock less what was sold and never below zero at any moment sampled, and exactly one order
 * row per success with the quantity that request asked for.
 */
export async function checkOrderInvariants(
  db: Db,
  productId: string,
  initial: number,
  answers: StormAnswer[],
  samples: number[],
) {
  const won = answers.filter((a) => a.status === 200);
  const lost = answers.filter((a) => a.status !== 200);
  expect(lost.filter((a) => a.status !== 409 || a.body.message !== english(M.stock.too_low))).toEqual([]);
  for (const a of won) expect(a.body.insertedId).toEqual(expect.any(String));

  const sold = won.reduce((sum, a) => sum + a.quantity, 0);
  const final = await stockOf(db, productId);
  expect(final).toBe(initial - sold);
  expect(final).toBeGreaterThanOrEqual(0);
  expectStockNeverRose(samples, initial);
  // A refusal came when fewer pieces were left than asked for, and stock never grows back.
  for (const a of lost) expect(final).toBeLessThan(a.quantity);

  const rows = await db.select().from(order).where(eq(order.productId, productId));
  expect(rows).toHaveLength(won.length);
  expect(new Set(rows.map((r) => r.id))).toEqual(new Set(won.map((a) => a.body.insertedId)));
  const asked = new Map(won.map((a) => [a.body.insertedId!, a.quantity]));
  for (const r of rows) {
    expect(r.quantity).toBe(asked.get(r.id));
    expect(r.payablePoisha).toBe(r.pricePoisha * r.quantity);
  }
  expect(rows.reduce((sum, r) => sum + r.quantity, 0)).toBe(sold);
  // The stock ledger: a "placed" row per won order, and the stock the sum of its rows.
  const ledger = await db.select().from(stockEntry).where(eq(stockEntry.productId, productId));
  expect(
    ledger
      .filter((e) => e.reason === "placed")
      .map((e) => [e.orderId, -e.change])
      .sort(),
  ).toEqual(rows.map((r) => [r.id, r.quantity]).sort());
  await expectLedgersBalanced(db, [productId]);
  return { won, final };
}
