import { z } from "zod";
import { limitParam, pageParam } from "./list-query";

/** The reviews' list: the page, newest reviews first. */
export const ReviewListQuery = z.object({
  page: pageParam,
  limit: limitParam,
});
export type ReviewListInput = z.input<typeof ReviewListQuery>;
