import { ReviewSchema } from "@shared/schemas/review";
import * as reviews from "../domain/reviews";
import { signedIn, type Actor } from "./actor";
import { changingCatalog } from "./catalog-change";
import type { Deps } from "./deps";
import { withinLimits } from "./limits";
import { parseInput } from "./parse";

export type { Review } from "../domain/reviews";

/** The newest reviews, for the home page's testimonials: anyone may read them. */
export function listReviews(deps: Deps, limit?: number) {
  return reviews.listReviews(deps.db, limit);
}

/** The author is the signed-in customer, never a name the request gives; the home page shows the newest. */
export async function addReview(deps: Deps, actor: Actor, raw: unknown) {
  const author = signedIn(actor);
  const review = parseInput(ReviewSchema, raw);
  await withinLimits(deps, "review", author);
  return changingCatalog(deps, reviews.addReview(deps.db, author, review));
}
