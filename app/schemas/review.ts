import { z } from "zod";

const RATING_RANGE = "Rating must be a number from 0 to 5 in steps of 0.5";
export const MAX_COMMENT_LENGTH = 1000;

/** Spec §5: Add Review. POST /api/review takes the same; the author comes from the session. */
export const ReviewSchema = z.object({
  rating: z
    .number({ error: (issue) => (issue.input === undefined ? "Rating Is Required" : RATING_RANGE) })
    .min(0, RATING_RANGE)
    .max(5, RATING_RANGE)
    .multipleOf(0.5, RATING_RANGE),
  comment: z
    .string({ error: "Comment Is Required" })
    .trim()
    .min(1, "Comment Is Required")
    .max(MAX_COMMENT_LENGTH, "Comment must be at most 1,000 characters"),
});
export type ReviewInput = z.infer<typeof ReviewSchema>;
