import { count, desc, eq } from "drizzle-orm";
import type { StockActor, StockReason } from "@shared/stock-ledger";
import { user } from "../../db/auth-schema";
import type { Db } from "../../db/client";
import { product, stockEntry } from "../../db/schema";

/** One row of a product's ledger as an admin reads it: the person by name. */
export interface LedgerEntry {
  id: number;
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
  productId: string,
  { offset, limit }: { offset: number; limit: number },
): Promise<{ items: LedgerEntry[]; total: number }> {
  const [items, [counted]] = await Promise.all([
    db
      .select({
        id: stockEntry.id,
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
      .leftJoin(user, eq(user.id, stockEntry.byUserId))
      .where(eq(stockEntry.productId, productId))
      .orderBy(desc(stockEntry.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(stockEntry).where(eq(stockEntry.productId, productId)),
  ]);
  return { items, total: counted?.n ?? 0 };
}

/** The product's stock under its row lock, for a change reckoned from it; undefined when there is no such product. */
export async function lockShelf(tx: Db, productId: string): Promise<number | undefined> {
  const [shelf] = await tx
    .select({ availability: product.availability })
    .from(product)
    .where(eq(product.id, productId))
    .for("no key update");
  return shelf?.availability;
}
