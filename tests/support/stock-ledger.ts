import { expect } from "vitest";
import type { Db } from "@server/db/client";
import { product } from "@server/db/schema";
import { openLedgers, unbalancedLedgers } from "@server/stock";

type NewProduct = typeof product.$inferInsert;

/**
 * Products written straight into the database, as Add Product would leave them: each with its stock's opening row,
 * so that the ledger checks hold for them.
 */
export async function insertStocked(db: Db, values: NewProduct | NewProduct[]) {
  return db.transaction(async (tx) => {
    const rows = await tx
      .insert(product)
      .values(Array.isArray(values) ? values : [values])
      .returning();
    await openLedgers(tx, rows, { by: "store", note: "test data" });
    return rows;
  });
}

/** Every product's stock (or the named ones') is the sum of its ledger. */
export async function expectLedgersBalanced(db: Db, productIds?: string[]) {
  expect(await unbalancedLedgers(db, productIds)).toEqual([]);
}
