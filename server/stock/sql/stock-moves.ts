import { and, asc, inArray, isNull, sql } from "drizzle-orm";
import type { StockActor, StockReason } from "@shared/stock-ledger";
import { queueBackInStockNews, type BackOnShelf } from "../../back-in-stock";
import type { Db } from "../../db/client";
import { product, productVariant, stockEntry, type ProductRow, type VariantRow } from "../../db/schema";

/** One change of one variant's stock: negative takes pieces, positive gives them; for an order, its id. */
export interface StockMove {
  productId: string;
  variantId: string;
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

/** The shelves after the moves: each product's row (its stock the sum of its variants') and each variant's. */
export interface StockAfter {
  products: Map<string, ProductRow>;
  variants: Map<string, VariantRow>;
}

/**
 * Moves stock and writes the ledger, in the caller's transaction, in four statements however many lines move. The
 * products' rows are locked first, in id order (decision 0033: the product row is the lock of all its shelves), so
 * two transactions moving stock of the same products lock their rows in the same order and cannot deadlock; then
 * the variants' stock moves, then the products' (the sum of their variants'), then one ledger row per move with the
 * variant's stock after it (moves of one variant follow each other in the order given). A product or variant that
 * no longer exists, or a retired variant, has no shelf and no ledger: its moves are skipped. The caller has checked
 * that no stock falls below zero (the database refuses it anyway). A variant the moves bring back to stock (it can
 * cover a minimum order again) tells those waiting for it, in the same transaction (server/back-in-stock).
 */
export async function moveStock(tx: Db, moves: StockMove[], cause: StockCause): Promise<StockAfter> {
  // Ids as PostgreSQL writes them (a uuid in lower case), so the rows it answers find their moves; the shelves
  // after are answered under the ids as the caller wrote them.
  const spelled = new Map<string, string>();
  const canonical = (id: string) => {
    const lower = id.toLowerCase();
    if (!spelled.has(lower)) spelled.set(lower, id);
    return lower;
  };
  const moving = moves
    .filter((m) => m.change !== 0)
    .map((m) => ({ ...m, productId: canonical(m.productId), variantId: canonical(m.variantId) }));
  const after: StockAfter = { products: new Map(), variants: new Map() };
  if (moving.length === 0) return after;
  await tx
    .select({ id: product.id })
    .from(product)
    .where(inArray(product.id, [...new Set(moving.map((m) => m.productId))]))
    .orderBy(asc(product.id))
    .for("no key update");
  const at = cause.at ?? new Date();
  const byVariant = groupBy(moving, (m) => m.variantId);
  // A retired variant's pieces that an order gives back are not put on a shelf nobody sells from: its stock was
  // written off when it was retired.
  const shelves = await tx
    .update(productVariant)
    .set({
      availability: sql`${productVariant.availability} + ${changeBy(productVariant.id, byVariant)}`,
      updatedAt: at,
    })
    .where(and(inArray(productVariant.id, [...byVariant.keys()]), isNull(productVariant.retiredAt)))
    .returning();
  const live = moving.filter((m) => shelves.some((v) => v.id === m.variantId));
  for (const shelf of shelves) {
    const mine = byVariant.get(shelf.id)!;
    if (mine.some((m) => m.productId !== shelf.productId)) {
      throw new Error(`variant ${shelf.id} is not a shelf of product ${mine[0]!.productId}`);
    }
  }
  if (live.length === 0) return after;
  const byProduct = groupBy(live, (m) => m.productId);
  const moved = new Set<string>();
  for (const row of await tx
    .update(product)
    .set({ availability: sql`${product.availability} + ${changeBy(product.id, byProduct)}`, updatedAt: at })
    .where(inArray(product.id, [...byProduct.keys()]))
    .returning()) {
    moved.add(row.id);
    after.products.set(spelled.get(row.id) ?? row.id, row);
  }
  const rows: (typeof stockEntry.$inferInsert)[] = [];
  const back: BackOnShelf[] = [];
  for (const shelf of [...shelves].sort((a, b) => compare(a.productId, b.productId) || compare(a.id, b.id))) {
    if (!moved.has(shelf.productId)) continue;
    after.variants.set(spelled.get(shelf.id) ?? shelf.id, shelf);
    const mine = byVariant.get(shelf.id)!;
    let running = shelf.availability - sumOf(mine);
    if (running < shelf.minimumQuantity && shelf.availability >= shelf.minimumQuantity) {
      back.push({ productId: shelf.productId, variantId: shelf.id });
    }
    for (const move of mine) {
      running += move.change;
      rows.push(entryOf(move, running, cause));
    }
  }
  if (rows.length > 0) await tx.insert(stockEntry).values(rows);
  await queueBackInStockNews(tx, back);
  return after;
}

/** `case id when … then change … end`: each row's own sum of the moves, for one update of all the rows. */
function changeBy(id: typeof product.id | typeof productVariant.id, moves: Map<string, StockMove[]>) {
  const arms = [...moves].map(([key, own]) => sql`when ${key}::uuid then ${sumOf(own)}::integer`);
  return sql`(case ${id} ${sql.join(arms, sql` `)} end)`;
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function groupBy<T>(items: T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(keyOf(item), [...(groups.get(keyOf(item)) ?? []), item]);
  return groups;
}

const sumOf = (moves: StockMove[]) => moves.reduce((sum, m) => sum + m.change, 0);

/** The ledger row of a change already made (a statement that moved the stock itself). */
export function entryOf(move: StockMove, after: number, cause: StockCause): typeof stockEntry.$inferInsert {
  return {
    productId: move.productId,
    variantId: move.variantId,
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
 * The opening rows of variants just added with their stock (by Add Product, Edit Product, the demo data, a
 * spreadsheet): a variant's stock is the sum of its ledger from its first piece on.
 */
export async function openLedgers(
  tx: Db,
  variants: Pick<VariantRow, "id" | "productId" | "availability" | "minimumQuantity">[],
  cause: Omit<StockCause, "reason"> & { reason?: StockReason },
): Promise<void> {
  const rows = variants
    .filter((v) => v.availability > 0)
    .map((v) =>
      entryOf({ productId: v.productId, variantId: v.id, change: v.availability }, v.availability, {
        reason: "opening",
        ...cause,
      }),
    );
  if (rows.length > 0) await tx.insert(stockEntry).values(rows);
  // A new variant that covers a minimum order brings its tool back for those waiting for the whole tool.
  await queueBackInStockNews(
    tx,
    variants
      .filter((v) => v.availability >= v.minimumQuantity)
      .map((v) => ({ productId: v.productId, variantId: v.id })),
  );
}

/**
 * Shelves whose stock is not what it should be: a variant's is the sum of its ledger, a product's the sum of its
 * variants'. None, unless something changed stock behind the ledger's back. Answers each shelf that is off (a
 * product's with no `variantId`) with what it holds and what it should.
 */
export async function unbalancedLedgers(
  db: Db,
  productIds?: string[],
): Promise<{ productId: string; variantId?: string; availability: number; ledger: number }[]> {
  const [variants, products] = await Promise.all([
    db
      .select({
        productId: productVariant.productId,
        variantId: productVariant.id,
        availability: productVariant.availability,
        ledger: sql<number>`coalesce((select sum(e.change) from ${stockEntry} e where e.variant_id = "product_variant"."id"), 0)::int`,
      })
      .from(productVariant)
      .where(productIds ? inArray(productVariant.productId, productIds) : undefined)
      .orderBy(asc(productVariant.productId), asc(productVariant.id)),
    db
      .select({
        productId: product.id,
        availability: product.availability,
        ledger: sql<number>`coalesce((select sum(v.availability) from ${productVariant} v where v.product_id = "product"."id" and v.retired_at is null), 0)::int`,
      })
      .from(product)
      .where(productIds ? inArray(product.id, productIds) : undefined)
      .orderBy(asc(product.id)),
  ]);
  return [...products, ...variants]
    .map((r) => ({ ...r, ledger: Number(r.ledger) }))
    .filter((r) => r.ledger !== r.availability);
}
