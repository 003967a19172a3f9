import { MAX_PAGE_SIZE, type Page } from "@shared/list-page";
import { ReviewSchema } from "@shared/schemas/review";
import { ReviewListQuery } from "@shared/schemas/review-list";
import * as reviews from "./sql/review-rows";
import type { Review } from "./sql/review-rows";
import { signedIn, type Actor } from "../context/actor";
import { changingCatalog } from "../catalog";
import type { Deps } from "../context/deps";
import { withinLimits } from "../limits/within-limits";
import { offsetPage } from "../paging/offset-page";
import { parseInput } from "../context/parse";

export type { Review } from "./sql/review-rows";

/** How many reviews the home page's testimonials show. */
export const TESTIMONIALS = 6;

/** The home page's testimonials: the newest few reviews. */
export function testimonials(deps: Deps): Promise<Review[]> {
  return reviews.newestReviews(deps.db, TESTIMONIALS);
}

/** `GET /api/review`: a page of the reviews, newest first; anyone may read them. */
export async function listReviews(deps: Deps, raw: unknown = {}): Promise<Page<Review>> {
  const input = parseInput(ReviewListQuery, raw);
  const { page, limit, offset } = offsetPage(input, MAX_PAGE_SIZE);
  const { items, total } = await reviews.selectReviews(deps.db, { offset, limit });
  return { items, total, page, limit };
}

/** The author is the signed-in customer, never a name the request gives; the home page shows the newest. */
export async function addReview(deps: Deps, actor: Actor, raw: unknown) {
  const author = signedIn(actor);
  const review = parseInput(ReviewSchema, raw);
  await withinLimits(deps, "review", author);
  return changingCatalog(deps, reviews.insertReview(deps.db, author, review));
}
