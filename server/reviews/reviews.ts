import { MAX_PAGE_SIZE, type Page } from "@shared/list-page";
import { ReviewSchema } from "@shared/schemas/review";
import { ReviewListQuery } from "@shared/schemas/review-list";
import * as reviews from "./sql/review-rows";
import type { Review } from "./sql/review-rows";
import { signedIn } from "../context/actor";
import { changingCatalog } from "../catalog";
import { withinLimits } from "../limits/within-limits";
import { offsetPage } from "../paging/offset-page";
import { parseInput } from "../context/parse";
import type { RequestContext } from "../context/request-context";

export type { Review } from "./sql/review-rows";

/** How many reviews the home page's testimonials show. */
export const TESTIMONIALS = 6;

/** The home page's testimonials: the newest few reviews. */
export function testimonials(ctx: RequestContext): Promise<Review[]> {
  return reviews.newestReviews(ctx.db, TESTIMONIALS);
}

/** `GET /api/review`: a page of the reviews, newest first; anyone may read them. */
export async function listReviews(ctx: RequestContext, raw: unknown = {}): Promise<Page<Review>> {
  const input = parseInput(ReviewListQuery, raw);
  const { page, limit, offset } = offsetPage(input, MAX_PAGE_SIZE);
  const { items, total } = await reviews.selectReviews(ctx.db, { offset, limit });
  return { items, total, page, limit };
}

/** The author is the signed-in customer, never a name the request gives; the home page shows the newest. */
export async function addReview(ctx: RequestContext, raw: unknown) {
  const actor = await ctx.actor();
  const author = signedIn(actor);
  const review = parseInput(ReviewSchema, raw);
  await withinLimits(ctx, "review", author);
  return changingCatalog(ctx, reviews.insertReview(ctx.db, author, review));
}
