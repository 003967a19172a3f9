import { desc } from "drizzle-orm";
import type { Db } from "../db/client";
import { review, type ReviewRow } from "../db/schema";

export type Review = ReviewRow;

export function listReviews(db: Db, limit = 50): Promise<Review[]> {
  return db.select().from(review).orderBy(desc(review.createdAt)).limit(limit);
}
