import { and, count, desc, eq, isNull, sql } from "drizzle-orm";
import { M } from "@shared/messages";
import type { ProductReviewSort } from "@shared/list-choices";
import { user } from "../../db/auth-schema";
import type { Db } from "../../db/client";
import { order, orderLine, product, productReview, productReviewVote } from "../../db/schema";
import { conflict, forbidden, isUniqueViolation, notFound } from "../../errors";
import { isId } from "../../orders";

/** A review as the product page and the API read it: its author by name. */
export interface ProductReview {
  id: string;
  productId: string;
  authorId: string;
  authorName: string;
  ratingHalves: number;
  comment: string;
  helpful: number;
  hiddenReason: string | null;
  createdAt: Date;
  updatedAt: Date;
}

const COLUMNS = {
  id: productReview.id,
  productId: productReview.productId,
  authorId: productReview.authorId,
  authorName: user.name,
  ratingHalves: productReview.ratingHalves,
  comment: productReview.comment,
  helpful: productReview.helpful,
  hiddenReason: productReview.hiddenReason,
  createdAt: productReview.createdAt,
  updatedAt: productReview.updatedAt,
};

/** The buyer's latest delivered order with a line of the product: what makes their review "bought". */
export async function deliveredOrderOf(db: Db, buyerId: string, productId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: order.id })
    .from(orderLine)
    .innerJoin(order, eq(order.id, orderLine.orderId))
    .where(and(eq(orderLine.productId, productId), eq(order.buyerId, buyerId), eq(order.status, "delivered")))
    .orderBy(desc(order.createdAt))
    .limit(1);
  return row?.id;
}

/** Moves the product's shown-review figures by one review's count and half stars (negative: taken away). */
function moveRating(tx: Db, productId: string, reviews: number, halves: number) {
  return tx
    .update(product)
    .set({
      ratingCount: sql`${product.ratingCount} + ${reviews}`,
      ratingHalvesTotal: sql`${product.ratingHalvesTotal} + ${halves}`,
    })
    .where(eq(product.id, productId));
}

export async function insertProductReview(
  db: Db,
  row: { productId: string; authorId: string; orderId: string; ratingHalves: number; comment: string },
): Promise<string> {
  try {
    return await db.transaction(async (tx) => {
      const [made] = await tx.insert(productReview).values(row).returning({ id: productReview.id });
      await moveRating(tx, row.productId, 1, row.ratingHalves);
      return made!.id;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(M.product_review.already);
    throw err;
  }
}

/** The review's row, locked for a change; a malformed id names no review. */
async function lockReview(tx: Db, reviewId: string | null) {
  if (!isId(reviewId)) throw notFound(M.product_review.not_found);
  const [row] = await tx.select().from(productReview).where(eq(productReview.id, reviewId)).for("update");
  if (!row) throw notFound(M.product_review.not_found);
  return row;
}

/** Its author changes the stars or the words; a hidden review stays hidden until an admin shows it again. */
export function updateProductReview(
  db: Db,
  reviewId: string | null,
  authorId: string,
  change: { ratingHalves: number; comment: string },
) {
  return db.transaction(async (tx) => {
    const row = await lockReview(tx, reviewId);
    if (row.authorId !== authorId) throw forbidden(M.product_review.not_yours);
    await tx
      .update(productReview)
      .set({ ...change, updatedAt: new Date() })
      .where(eq(productReview.id, row.id));
    if (row.hiddenReason === null) await moveRating(tx, row.productId, 0, change.ratingHalves - row.ratingHalves);
    return row.productId;
  });
}

/** An admin hides a review with a reason its author is shown (a second time changes the reason only). */
export function hideProductReview(db: Db, reviewId: string | null, adminId: string, reason: string) {
  return db.transaction(async (tx) => {
    const row = await lockReview(tx, reviewId);
    await tx
      .update(productReview)
      .set({ hiddenReason: reason, hiddenAt: row.hiddenAt ?? new Date(), hiddenBy: adminId })
      .where(eq(productReview.id, row.id));
    if (row.hiddenReason === null) await moveRating(tx, row.productId, -1, -row.ratingHalves);
    return row.productId;
  });
}

export function showProductReview(db: Db, reviewId: string | null) {
  return db.transaction(async (tx) => {
    const row = await lockReview(tx, reviewId);
    if (row.hiddenReason === null) throw conflict(M.product_review.not_hidden);
    await tx
      .update(productReview)
      .set({ hiddenReason: null, hiddenAt: null, hiddenBy: null })
      .where(eq(productReview.id, row.id));
    await moveRating(tx, row.productId, 1, row.ratingHalves);
    return row.productId;
  });
}

/** Another customer's "helpful", once each, on a shown review; answers the review's count after it. */
export async function voteHelpful(db: Db, reviewId: string | null, userId: string): Promise<number> {
  try {
    return await db.transaction(async (tx) => {
      const row = await lockReview(tx, reviewId);
      if (row.hiddenReason !== null) throw notFound(M.product_review.not_found);
      if (row.authorId === userId) throw forbidden(M.product_review.own_vote);
      await tx.insert(productReviewVote).values({ reviewId: row.id, userId });
      const [after] = await tx
        .update(productReview)
        .set({ helpful: sql`${productReview.helpful} + 1` })
        .where(eq(productReview.id, row.id))
        .returning({ helpful: productReview.helpful });
      return after!.helpful;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(M.product_review.voted);
    throw err;
  }
}

const ORDERS = {
  newest: [desc(productReview.createdAt), desc(productReview.id)],
  helpful: [desc(productReview.helpful), desc(productReview.createdAt), desc(productReview.id)],
} satisfies Record<ProductReviewSort, unknown[]>;

/** A page of a product's shown reviews in the order asked (each order has its index), and how many there are. */
export async function selectProductReviews(
  db: Db,
  productId: string,
  { sort, offset, limit }: { sort: ProductReviewSort; offset: number; limit: number },
): Promise<{ items: ProductReview[]; total: number }> {
  const shown = and(eq(productReview.productId, productId), isNull(productReview.hiddenReason));
  const [items, [counted]] = await Promise.all([
    db
      .select(COLUMNS)
      .from(productReview)
      .innerJoin(user, eq(user.id, productReview.authorId))
      .where(shown)
      .orderBy(...ORDERS[sort])
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(productReview).where(shown),
  ]);
  return { items, total: counted?.n ?? 0 };
}

/** How many shown reviews gave each whole number of stars (a half rounds down: 4.5 is among the fours). */
export async function ratingDistribution(db: Db, productId: string): Promise<Record<1 | 2 | 3 | 4 | 5, number>> {
  const rows = await db
    .select({ stars: sql<number>`(${productReview.ratingHalves} / 2)::int`, n: count() })
    .from(productReview)
    .where(and(eq(productReview.productId, productId), isNull(productReview.hiddenReason)))
    .groupBy(sql`1`);
  const spread = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 };
  for (const r of rows) spread[Number(r.stars) as 1 | 2 | 3 | 4 | 5] = Number(r.n);
  return spread;
}

/** The customer's own review of the product, shown or hidden (with the reason), if they wrote one. */
export async function ownReview(db: Db, productId: string, authorId: string): Promise<ProductReview | undefined> {
  const [row] = await db
    .select(COLUMNS)
    .from(productReview)
    .innerJoin(user, eq(user.id, productReview.authorId))
    .where(and(eq(productReview.productId, productId), eq(productReview.authorId, authorId)));
  return row;
}

/** The hidden reviews of a product, for its admins. */
export function hiddenReviews(db: Db, productId: string, limit = 50): Promise<ProductReview[]> {
  return db
    .select(COLUMNS)
    .from(productReview)
    .innerJoin(user, eq(user.id, productReview.authorId))
    .where(and(eq(productReview.productId, productId), sql`${productReview.hiddenReason} is not null`))
    .orderBy(desc(productReview.hiddenAt))
    .limit(limit);
}
