import { z } from "zod";
import { limitParam, pageParam } from "./list-query";

/** The parameters of `GET /api/review`. */
export const REVIEW_LIST_PARAMS = ["page", "limit"] as const;

/** The reviews' list: the page, newest reviews first. */
export const ReviewListQuery = z.object({
  page: pageParam,
  limit: limitParam,
});
export type ReviewListInput = z.input<typeof ReviewListQuery>;
