import { asc, eq, inArray, sql } from "drizzle-orm";
import type { StockActor, StockReason } from "@shared/stock-ledger";
import type { Db } from "../../db/client";
import { product, stockEntry, type ProductRow } from "../../db/schema";

/** One change of one product's stock: negative takes pieces, positive gives them; for an order, its id. */
export interface StockMove {
  productId: string;
  change: number;
  orderId?: string | null;
}

/** Why the stock moved and who moved it, written on every ledger row of the moves. */
export interface StockCause {
  reason: StockReason;
  by: StockActor;
  byUserId?: string | null;
  note?: string | null;
  at?: Date;
}

/**
 * Moves stock and writes the ledger, in the caller's transaction: one update per product, in product id order, so
 * two transactions moving stock of the same products lock their rows in the same order and cannot deadlock; then one
 * ledger row per move with the stock after it (moves of one product follow each other in the order given). A
 * product that no longer exists has no shelf and no ledger: its moves are skipped. Answers each product's row after.
 * The caller has checked that no stock falls below zero (the database refuses it anyway).
 */
export async function moveStock(tx: Db, moves: StockMove[], cause: StockCause): Promise<Map<string, ProductRow>> {
  const byProduct = new Map<string, StockMove[]>();
  for (const move of moves) {
    if (move.change === 0) continue;
    byProduct.set(move.productId, [...(byProduct.get(move.productId) ?? []), move]);
  }
  const after = new Map<string, ProductRow>();
  const rows: (typeof stockEntry.$inferInsert)[] = [];
  for (const productId of [...byProduct.keys()].sort()) {
    const own = byProduct.get(productId)!;
    const total = own.reduce((sum, m) => sum + m.change, 0);
    const [row] = await tx
      .update(product)
      .set({ availability: sql`${product.availability} + ${total}`, updatedAt: cause.at ?? new Date() })
      .where(eq(product.id, productId))
      .returning();
    if (!row) continue;
    after.set(productId, row);
    let running = row.availability - total;
    for (const move of own) {
      running += move.change;
      rows.push(entryOf(move, running, cause));
    }
  }
  if (rows.length > 0) await tx.insert(stockEntry).values(rows);
  return after;
}

/** The ledger row of a change already made (a statement that moved the stock itself). */
export function entryOf(move: StockMove, after: number, cause: StockCause): typeof stockEntry.$inferInsert {
  return {
    productId: move.productId,
    change: move.change,
    after,
    reason: cause.reason,
    orderId: move.orderId ?? null,
    by: cause.by,
    byUserId: cause.byUserId ?? null,
    note: cause.note ?? null,
    ...(cause.at ? { at: cause.at } : {}),
  };
}

/**
 * The opening rows of products just added with their stock (by Add Product, the demo data, a spreadsheet): a
 * product's stock is the sum of its ledger from its first piece on.
 */
export async function openLedgers(
  tx: Db,
  products: Pick<ProductRow, "id" | "availability">[],
  cause: Omit<StockCause, "reason"> & { reason?: StockReason },
): Promise<void> {
  const rows = products
    .filter((p) => p.availability > 0)
    .map((p) => entryOf({ productId: p.id, change: p.availability }, p.availability, { reason: "opening", ...cause }));
  if (rows.length > 0) await tx.insert(stockEntry).values(rows);
}

/** Products whose stock is not the sum of their ledger: none, unless something changed stock behind its back. */
export async function unbalancedLedgers(
  db: Db,
  productIds?: string[],
): Promise<{ productId: string; availability: number; ledger: number }[]> {
  const rows = await db
    .select({
      productId: product.id,
      availability: product.availability,
      ledger: sql<number>`coalesce((select sum(e.change) from ${stockEntry} e where e.product_id = "product"."id"), 0)::int`,
    })
    .from(product)
    .where(productIds ? inArray(product.id, productIds) : undefined)
    .orderBy(asc(product.id));
  return rows.filter((r) => Number(r.ledger) !== r.availability).map((r) => ({ ...r, ledger: Number(r.ledger) }));
}
