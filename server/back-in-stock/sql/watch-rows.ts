import { and, asc, eq, isNull, lt } from "drizzle-orm";
import type { Db } from "../../db/client";
import { stockWatch, type WatchChannel } from "../../db/notice-schema";
import { product, productVariant } from "../../db/schema";

/** A tool's shelves as a watch reads them: whether it has options, and each live variant's stock and minimum. */
export interface WatchedShelves {
  hasOptions: boolean;
  variants: { id: string; availability: number; minimumQuantity: number }[];
}

/**
 * The tool's row held `for share` until the transaction ends, and its live variants: a receipt moving its stock
 * (server/stock `moveStock`, which takes the row `for no key update`) waits for the watch to be written and then
 * tells it, or the watch waits for the receipt and finds the tool in stock. No watch falls between the two.
 */
export async function selectShelvesForWatch(tx: Db, productId: string): Promise<WatchedShelves | null> {
  const [row] = await tx
    .select({ id: product.id, options: product.options })
    .from(product)
    .where(eq(product.id, productId))
    .for("share");
  if (!row) return null;
  const variants = await tx
    .select({
      id: productVariant.id,
      availability: productVariant.availability,
      minimumQuantity: productVariant.minimumQuantity,
    })
    .from(productVariant)
    .where(and(eq(productVariant.productId, productId), isNull(productVariant.retiredAt)))
    .orderBy(asc(productVariant.position));
  return { hasOptions: row.options.length > 0, variants };
}

export interface NewWatch {
  productId: string;
  variantId: string | null;
  channel: WatchChannel;
  contact: string;
  language: "en" | "bn";
}

/** The watch, once: asked again for the same tool (or variant), channel and contact, nothing new is written. */
export async function insertWatchOnce(tx: Db, watch: NewWatch): Promise<void> {
  await tx.insert(stockWatch).values(watch).onConflictDoNothing();
}

/** Watches asked for before `cutoff` and never told: forgotten. How many went. */
export async function deleteWatchesBefore(db: Db, cutoff: Date): Promise<number> {
  const gone = await db.delete(stockWatch).where(lt(stockWatch.createdAt, cutoff)).returning({ id: stockWatch.id });
  return gone.length;
}
