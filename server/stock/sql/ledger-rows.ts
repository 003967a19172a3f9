import { count, desc, eq } from "drizzle-orm";
import type { StockActor, StockReason } from "@shared/stock-ledger";
import { variantLabel } from "@shared/variants";
import { user } from "../../db/auth-schema";
import type { Db } from "../../db/client";
import { productVariant, stockEntry, type ProductOption } from "../../db/schema";

/** One row of a product's ledger as an admin reads it: the person by name. */
export interface LedgerEntry {
  id: number;
  variantId: string;
  sku: string;
  /** The variant's values, "12 mm · 300 mm"; null without options. */
  variant: string | null;
  change: number;
  after: number;
  reason: StockReason;
  orderId: string | null;
  by: StockActor;
  byName: string | null;
  note: string | null;
  at: Date;
}

/** A page of a product's ledger, newest change first (the row order of its transaction within one moment). */
export async function selectLedger(
  db: Db,
  product: { id: string; options: ProductOption[] },
  { offset, limit }: { offset: number; limit: number },
): Promise<{ items: LedgerEntry[]; total: number }> {
  const productId = product.id;
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: stockEntry.id,
        variantId: stockEntry.variantId,
        sku: productVariant.sku,
        options: productVariant.options,
        change: stockEntry.change,
        after: stockEntry.after,
        reason: stockEntry.reason,
        orderId: stockEntry.orderId,
        by: stockEntry.by,
        byName: user.name,
        note: stockEntry.note,
        at: stockEntry.at,
      })
      .from(stockEntry)
      .innerJoin(productVariant, eq(productVariant.id, stockEntry.variantId))
      .leftJoin(user, eq(user.id, stockEntry.byUserId))
      .where(eq(stockEntry.productId, productId))
      .orderBy(desc(stockEntry.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(stockEntry).where(eq(stockEntry.productId, productId)),
  ]);
  const items = rows.map(({ options, ...row }) => ({ ...row, variant: variantLabel(product.options, options) }));
  return { items, total: counted?.n ?? 0 };
}
