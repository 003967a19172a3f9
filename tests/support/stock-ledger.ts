import { expect } from "vitest";
import type { Db } from "@server/db/client";
import { insertProducts, type NewProduct } from "@server/db/new-products";
import { eq } from "drizzle-orm";
import { product, productVariant } from "@server/db/schema";
import { unbalancedLedgers } from "@server/stock";

/**
 * Products written straight into the database, as Add Product would leave them: each sold in one form, its variant
 * holding the stock and its ledger's opening row, so that the ledger checks hold for them.
 */
export async function insertStocked(db: Db, values: NewProduct | NewProduct[]) {
  return db.transaction(async (tx) => {
    const made = await insertProducts(tx, Array.isArray(values) ? values : [values], {
      by: "store",
      note: "test data",
    });
    // Each product with its one variant's id beside it.
    return made.products.map(({ searchDocument: _, ...p }) => ({
      ...p,
      variantId: made.variants.find((v) => v.productId === p.id)!.id,
    }));
  });
}

/** Every variant's stock (or the named products') is the sum of its ledger, and every product's the sum of its variants'. */
export async function expectLedgersBalanced(db: Db, productIds?: string[]) {
  expect(await unbalancedLedgers(db, productIds)).toEqual([]);
}

/** The one variant of a product sold in one form (as Add Product makes it): what a cart line or an order names. */
export async function onlyVariantOf(db: Db, productId: string): Promise<string> {
  const [variant] = await db
    .select({ id: productVariant.id })
    .from(productVariant)
    .where(eq(productVariant.productId, productId));
  return variant!.id;
}

/**
 * A product sold in one form changed behind the store's back, as another admin or order might have meanwhile: its
 * one variant and the product's row alike (no ledger row: the tests that use it do not check the ledger).
 */
export async function changeOnlyShelf(
  db: Db,
  productId: string,
  values: { availability?: number; pricePoisha?: number },
): Promise<void> {
  await db.update(productVariant).set(values).where(eq(productVariant.productId, productId));
  await db
    .update(product)
    .set({ ...values, ...(values.pricePoisha === undefined ? {} : { priceFromPoisha: values.pricePoisha }) })
    .where(eq(product.id, productId));
}
