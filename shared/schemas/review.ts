import { z } from "zod";
import { M } from "@shared/messages";
import { MAX_COMMENT_LENGTH } from "@shared/text-limits";
import { text } from "./text";

/** Spec §5: Add Review. POST /api/review takes the same; the author comes from the session. */
export const ReviewSchema = z.object({
  rating: z
    .number({ error: (issue) => (issue.input === undefined ? M.review.rating_required : M.review.rating_range) })
    .min(0, M.review.rating_range)
    .max(5, M.review.rating_range)
    .multipleOf(0.5, M.review.rating_range),
  comment: text({
    max: MAX_COMMENT_LENGTH,
    required: M.review.comment_required,
    tooLong: M.review.comment_too_long,
    unsafe: M.review.comment_unsafe,
  }),
});
export type ReviewInput = z.infer<typeof ReviewSchema>;
