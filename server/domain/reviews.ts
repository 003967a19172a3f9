import { desc } from "drizzle-orm";
import type { ReviewInput } from "@shared/schemas/review";
import type { SessionUser } from "../auth/session";
import type { Db } from "../db/client";
import { review, type ReviewRow } from "../db/schema";
import { getProfile } from "./profiles";

export type Review = ReviewRow;

export function listReviews(db: Db, limit = 50): Promise<Review[]> {
  return db.select().from(review).orderBy(desc(review.createdAt), desc(review.id)).limit(limit);
}

/** A review carries its author's name and, from their profile, their place, as they were when it was written. */
export async function addReview(db: Db, author: SessionUser, input: ReviewInput): Promise<Review> {
  const { location } = await getProfile(db, author.id);
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
