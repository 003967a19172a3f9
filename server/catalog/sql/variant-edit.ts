import { and, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import { M } from "@shared/messages";
import type { OptionInput, VariantInput } from "@shared/schemas/product";
import type { Db } from "../../db/client";
import {
  cartLine,
  orderLine,
  product,
  productVariant,
  stockEntry,
  type ProductRow,
  type VariantRow,
} from "../../db/schema";
import { fieldRefusal } from "../../errors";
import { moveStock, openLedgers } from "../../stock";

export type VariantChange = Omit<VariantInput, "price" | "weight"> & { pricePoisha: number; weightGrams: number };

/**
 * Edit Product's options and variants, under the product's and its variants' row locks (`lockShelves`): the list
 * sent is the product's list from now on. A variant named by id is changed (its stock only when a count is given: a
 * stock-take in the ledger); one without is added with its opening stock; one left out is deleted when nothing names
 * it, else retired — its stock written off in the ledger, its cart lines dropped — so orders and the ledger keep it.
 */
export async function replaceVariants(
  tx: Db,
  current: { product: ProductRow; variants: VariantRow[] },
  { options, variants }: { options: OptionInput[]; variants: VariantChange[] },
  adminId: string,
  /** Why counted stock moves, and new variants' opening rows: an admin's stock-take, or a spreadsheet's import. */
  reason: "counted" | "imported" = "counted",
): Promise<void> {
  const productId = current.product.id;
  const live = new Map(current.variants.map((v) => [v.id, v]));
  const named = new Set<string>();
  for (const [i, v] of variants.entries()) {
    if (v.id === undefined) continue;
    // A variant listed twice is not one of the list's: the second is refused like an id of another tool's.
    if (!live.has(v.id) || named.has(v.id)) throw fieldRefusal(`variants.${i}.id`, M.variant_edit.unknown_id);
    named.add(v.id);
  }
  await assertSkusFree(tx, productId, variants);
  const kept = new Set(variants.flatMap((v) => (v.id ? [v.id] : [])));
  const leaving = current.variants.filter((v) => !kept.has(v.id));
  const cause = { by: "admin" as const, byUserId: adminId };

  // Stock moves first (the product's row, then its variants': the lock order), then the rows themselves.
  const counts = variants.flatMap((v) =>
    v.id && v.availability !== undefined && v.availability !== live.get(v.id)!.availability
      ? [{ productId, variantId: v.id, change: v.availability - live.get(v.id)!.availability }]
      : [],
  );
  if (counts.length > 0) await moveStock(tx, counts, { ...cause, reason });
  await takeOff(tx, productId, leaving, adminId);

  // Two variants that swap SKUs would meet in the unique index midway: those whose SKU changes let go of it first.
  for (const v of variants) {
    if (v.id && live.get(v.id)!.sku.toLowerCase() !== v.sku.toLowerCase()) {
      await tx
        .update(productVariant)
        .set({ sku: `~${v.id}` })
        .where(eq(productVariant.id, v.id));
    }
  }
  for (const [position, v] of variants.entries()) {
    if (!v.id) continue;
    await tx
      .update(productVariant)
      .set({
        position,
        sku: v.sku,
        options: v.options,
        pricePoisha: v.pricePoisha,
        minimumQuantity: v.minimumQuantity,
        weightGrams: v.weightGrams,
        ...(v.image !== undefined ? { image: v.image } : {}),
        updatedAt: new Date(),
      })
      .where(eq(productVariant.id, v.id));
  }
  const added = variants.flatMap((v, position) => (v.id ? [] : [{ v, position }]));
  if (added.length > 0) {
    const rows = await tx
      .insert(productVariant)
      .values(
        added.map(({ v, position }) => ({
          productId,
          position,
          sku: v.sku,
          options: v.options,
          pricePoisha: v.pricePoisha,
          availability: v.availability ?? 0,
          minimumQuantity: v.minimumQuantity,
          weightGrams: v.weightGrams,
          image: v.image ?? null,
        })),
      )
      .returning();
    await openLedgers(tx, rows, { ...cause, ...(reason === "imported" ? { reason } : {}) });
  }
  await tx
    .update(product)
    .set({ options: options.map((o) => ({ name: o.name, nameBn: o.nameBn ?? null, values: o.values })) })
    .where(eq(product.id, productId));
}

/** A SKU another product's live variant carries cannot be given here: refused beside the variant that gives it. */
async function assertSkusFree(tx: Db, productId: string, variants: Pick<VariantChange, "sku">[]) {
  const wanted = variants.map((v) => v.sku.toLowerCase());
  const taken = await tx
    .select({ sku: productVariant.sku })
    .from(productVariant)
    .where(
      and(
        inArray(sql`lower(${productVariant.sku})`, wanted),
        ne(productVariant.productId, productId),
        isNull(productVariant.retiredAt),
      ),
    )
    .limit(1);
  if (taken[0]) {
    const i = wanted.indexOf(taken[0].sku.toLowerCase());
    throw fieldRefusal(`variants.${i}.sku`, M.variant_edit.sku_taken, { sku: taken[0].sku });
  }
}

/**
 * Variants left out of the list: deleted when no order line, cart aside, names them and their ledger is no more
 * than their opening; otherwise retired with their stock written off ("counted" to zero), so an order's line and
 * the ledger still say what they were.
 */
async function takeOff(tx: Db, productId: string, leaving: VariantRow[], adminId: string) {
  if (leaving.length === 0) return;
  const ids = leaving.map((v) => v.id);
  const ordered = new Set(
    (await tx.selectDistinct({ id: orderLine.variantId }).from(orderLine).where(inArray(orderLine.variantId, ids))).map(
      (r) => r.id,
    ),
  );
  const moved = new Set(
    (
      await tx
        .selectDistinct({ id: stockEntry.variantId })
        .from(stockEntry)
        .where(and(inArray(stockEntry.variantId, ids), ne(stockEntry.reason, "opening")))
    ).map((r) => r.id),
  );
  const retiring = leaving.filter((v) => ordered.has(v.id) || moved.has(v.id));
  const deleting = leaving.filter((v) => !ordered.has(v.id) && !moved.has(v.id));
  const stocked = retiring.filter((v) => v.availability > 0);
  if (stocked.length > 0) {
    await moveStock(
      tx,
      stocked.map((v) => ({ productId, variantId: v.id, change: -v.availability })),
      { reason: "counted", by: "admin", byUserId: adminId, note: "variant removed" },
    );
  }
  if (retiring.length > 0) {
    await tx
      .update(productVariant)
      .set({ retiredAt: new Date(), updatedAt: new Date() })
      .where(
        inArray(
          productVariant.id,
          retiring.map((v) => v.id),
        ),
      );
    await tx.delete(cartLine).where(
      inArray(
        cartLine.variantId,
        retiring.map((v) => v.id),
      ),
    );
  }
  if (deleting.length > 0) {
    await tx.delete(productVariant).where(
      inArray(
        productVariant.id,
        deleting.map((v) => v.id),
      ),
    );
  }
}

/**
 * The product's row repeats its first live variant's price, minimum and weight, holds the sum of their stock, the
 * lowest price ("from Tk X") and how many there are: set again after its variants changed, under its row lock.
 */
export async function syncProductWithVariants(tx: Db, productId: string): Promise<void> {
  await tx.execute(sql`
    update ${product} p set
      price_poisha = first.price_poisha,
      minimum_quantity = first.minimum_quantity,
      weight_grams = first.weight_grams,
      availability = totals.availability,
      price_from_poisha = totals.price_from,
      variant_count = totals.n,
      updated_at = now()
    from (
      select price_poisha, minimum_quantity, weight_grams from ${productVariant}
      where product_id = ${productId}::uuid and retired_at is null
      order by position, id limit 1
    ) first, (
      select coalesce(sum(availability), 0)::integer as availability, min(price_poisha) as price_from, count(*)::smallint as n
      from ${productVariant} where product_id = ${productId}::uuid and retired_at is null
    ) totals
    where p.id = ${productId}::uuid`);
}
