import { z } from "zod";
import { uuid } from "../openapi/common-answers";
import { named } from "../openapi/schema-names";
import type { Review } from "./sql/review-rows";
import type { ProductReview } from "./sql/product-review-rows";

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

/** A buyer's review of a tool, as the API answers it: the author by name, never by e-mail. */
export const ProductReviewJson = named(
  "ProductReviewJson",
  z.object({
    _id: uuid(),
    productId: uuid(),
    name: z.string().meta({ description: "The author's name." }),
    rating: z.number().min(1).max(5).meta({ description: "1 to 5 in steps of 0.5." }),
    comment: z.string(),
    bought: z.literal(true).meta({ description: "Every review is by a buyer whose order of the tool was delivered." }),
    helpful: z.number().int().min(0).meta({ description: "How many other customers found it helpful." }),
    createdAt: z.string().meta({ description: "When it was written, as an ISO 8601 time." }),
    updatedAt: z.string().meta({ description: "When it was last changed." }),
  }),
);
export type ProductReviewJson = z.output<typeof ProductReviewJson>;
export const ProductReviewList = named("ProductReviewList", z.array(ProductReviewJson));
export const HelpfulCount = named("HelpfulCount", z.object({ helpful: z.number().int().min(1) }));

export function productReviewJson(r: ProductReview): ProductReviewJson {
  return {
    _id: r.id,
    productId: r.productId,
    name: r.authorName,
    rating: r.ratingHalves / 2,
    comment: r.comment,
    bought: true,
    helpful: r.helpful,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}
