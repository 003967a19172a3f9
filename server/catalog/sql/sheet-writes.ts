import { randomUUID } from "node:crypto";
import { asc, eq, inArray } from "drizzle-orm";
import { defaultSku } from "@shared/variants";
import type { Db } from "../../db/client";
import { insertProducts, type NewProduct } from "../../db/new-products";
import { product } from "../../db/schema";
import type { PlannedVariant, ProductPlan } from "../sheet/plan-types";
import { replaceVariants, syncProductWithVariants } from "./variant-edit";
import { lockShelves } from "./variant-rows";

/** New products go in by this many at a time: one statement each for products, variants and ledger rows. */
const INSERT_BATCH = 500;

/**
 * Takes the row locks of the products a file changes, in id order (the order every stock move takes them in), so
 * that what the plan reads under them stays so until the import commits.
 */
export async function lockProducts(tx: Db, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .select({ id: product.id })
    .from(product)
    .where(inArray(product.id, ids))
    .orderBy(asc(product.id))
    .for("no key update");
}

/**
 * Writes a judged file in the caller's transaction: new products in batches with their variants and the `imported`
 * opening rows of their stock; each changed product under its locks as Edit Product changes it (a stock count is an
 * `imported` row of the difference). Calls `onProduct` after each product or batch written.
 */
export async function writePlans(
  tx: Db,
  plans: ProductPlan[],
  adminId: string,
  onProduct: (done: number) => void,
): Promise<void> {
  let done = 0;
  const creating = plans.filter((p) => p.id === null);
  for (let i = 0; i < creating.length; i += INSERT_BATCH) {
    const batch = creating.slice(i, i + INSERT_BATCH);
    await insertProducts(tx, batch.map(newProductOf), { by: "admin", byUserId: adminId, reason: "imported" });
    onProduct((done += batch.length));
  }
  for (const plan of plans.filter((p) => p.id !== null && p.changes)) {
    const id = plan.id!;
    const shelves = (await lockShelves(tx, id))!;
    // The database holds the most per order to the product row's minimum at every statement: a file that moves both
    // (a minimum up past the old most, say) lets go of the most while the minimum changes, and sets it after.
    if (plan.fields.maxPerOrder !== undefined) {
      await tx.update(product).set({ maxPerOrder: null }).where(eq(product.id, id));
    }
    await replaceVariants(
      tx,
      shelves,
      { options: plan.options, variants: plan.variants.map(withSku) },
      adminId,
      "imported",
    );
    await syncProductWithVariants(tx, id);
    const { images, ...fields } = plan.fields;
    await tx
      .update(product)
      .set({ ...fields, ...(images ? { images, image: images[0]!.url } : {}), updatedAt: new Date() })
      .where(eq(product.id, id));
    onProduct(++done);
  }
}

/** A new variant the file gives no SKU: the store's own, as Add Product's. */
function withSku<V extends PlannedVariant>(v: V): V & { sku: string } {
  return v.sku === "" ? { ...v, sku: defaultSku(randomUUID()) } : v;
}

function newProductOf(plan: ProductPlan): NewProduct {
  const { images = [], ...fields } = plan.fields;
  // The first variant without a SKU is named from the product's id once it has one (new-products.ts), the others here.
  const variants = plan.variants.map((v, i) => ({
    sku: i === 0 ? v.sku : withSku(v).sku,
    options: v.options,
    pricePoisha: v.pricePoisha,
    availability: v.availability ?? 0,
    minimumQuantity: v.minimumQuantity,
    weightGrams: v.weightGrams,
    image: v.image ?? null,
  }));
  const first = variants[0]!;
  return {
    name: fields.name!,
    nameBn: fields.nameBn ?? null,
    description: fields.description!,
    descriptionBn: fields.descriptionBn ?? null,
    details: fields.details ?? "",
    featured: fields.featured ?? false,
    maxPerOrder: fields.maxPerOrder ?? null,
    lowStockThreshold: fields.lowStockThreshold ?? null,
    ...(fields.categoryId ? { categoryId: fields.categoryId } : {}),
    image: images[0]!.url,
    images,
    pricePoisha: first.pricePoisha,
    availability: first.availability,
    minimumQuantity: first.minimumQuantity,
    weightGrams: first.weightGrams,
    options: plan.options.map((o) => ({ name: o.name, nameBn: o.nameBn ?? null, values: o.values })),
    variants,
  };
}
