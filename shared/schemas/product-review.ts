import { z } from "zod";
import { PRODUCT_REVIEW_SORTS } from "@shared/list-choices";
import { M } from "@shared/messages";
import { MAX_COMMENT_LENGTH, MAX_HIDDEN_REASON_LENGTH } from "@shared/text-limits";
import { limitParam, oneOf, pageParam } from "./list-query";
import { text } from "./text";

/**
 * A buyer's review of a tool (`POST /api/product/{id}/reviews`, `PUT /api/product-reviews/{id}`, the product page's
 * form): one to five stars in steps of half a star, and what they found.
 */
export const ProductReviewSchema = z.object({
  rating: z
    .number({
      error: (issue) => (issue.input === undefined ? M.product_review.rating_required : M.product_review.rating_range),
    })
    .min(1, M.product_review.rating_range)
    .max(5, M.product_review.rating_range)
    .multipleOf(0.5, M.product_review.rating_range),
  comment: text({
    max: MAX_COMMENT_LENGTH,
    required: M.review.comment_required,
    tooLong: M.review.comment_too_long,
    unsafe: M.review.comment_unsafe,
  }),
});
export type ProductReviewInput = z.infer<typeof ProductReviewSchema>;

/** An admin hides a review, saying why (`PUT /api/product-reviews/{id}/hidden`). */
export const HideReviewSchema = z.object({
  reason: text({
    max: MAX_HIDDEN_REASON_LENGTH,
    required: M.product_review.reason_required,
    tooLong: M.product_review.reason_too_long,
    unsafe: M.product_review.reason_unsafe,
  }),
});

/** A tool's reviews: newest first (the default) or the most helpful first, a page at a time. */
export const ProductReviewListQuery = z.object({
  sort: oneOf(PRODUCT_REVIEW_SORTS, M.list.sort_unknown),
  page: pageParam,
  limit: limitParam,
});
