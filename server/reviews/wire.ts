import { z } from "zod";
import { uuid } from "../openapi/common-answers";
import { named } from "../openapi/schema-names";
import type { Review } from "./sql/review-rows";

/** A review as the API answers it: the author by name and place, never by e-mail. */
export const ReviewJson = named(
  "ReviewJson",
  z.object({
    _id: uuid(),
    name: z.string().meta({ description: "The author's name; their email is never shown." }),
    place: z.string(),
    rating: z.number().min(0).max(5).meta({ description: "0 to 5 in steps of 0.5." }),
    comment: z.string(),
  }),
);
export type ReviewJson = z.output<typeof ReviewJson>;
export const ReviewList = named("ReviewList", z.array(ReviewJson));

export function reviewJson(r: Review): ReviewJson {
  return { _id: r.id, name: r.authorName, place: r.authorPlace, rating: r.ratingHalves / 2, comment: r.comment };
}
