import { count } from "drizzle-orm";
import type { ReviewInput } from "@shared/schemas/review";
import type { SessionUser } from "../../auth/session";
import type { Db } from "../../db/client";
import { descNullsLast } from "../../db/sort-keys";
import { review, type ReviewRow } from "../../db/schema";
import { selectProfile } from "../../accounts";

export type Review = ReviewRow;

/** The newest `limit` reviews, as `review_newest_idx` holds them. */
export function newestReviews(db: Db, limit: number, offset = 0): Promise<Review[]> {
  return db
    .select()
    .from(review)
    .orderBy(descNullsLast(review.createdAt), descNullsLast(review.id))
    .limit(limit)
    .offset(offset);
}

/** A page of the reviews, newest first, and how many there are. */
export async function selectReviews(
  db: Db,
  page: { offset: number; limit: number },
): Promise<{ items: Review[]; total: number }> {
  const items = await newestReviews(db, page.limit, page.offset);
  const total =
    page.offset === 0 && items.length < page.limit
      ? items.length
      : ((await db.select({ n: count() }).from(review))[0]?.n ?? 0);
  return { items, total };
}

/** A review carries its author's name and, from their profile, their place, as they were when it was written. */
export async function insertReview(db: Db, author: SessionUser, input: ReviewInput): Promise<Review> {
  const { location } = await selectProfile(db, author.id);
  const [row] = await db
    .insert(review)
    .values({
      userId: author.id,
      authorName: author.name,
      authorPlace: location,
      ratingHalves: Math.round(input.rating * 2),
      comment: input.comment,
    })
    .returning();
  return row!;
}
