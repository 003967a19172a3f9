import { z } from "zod";
import { M } from "@shared/messages";
import { PRODUCT_SORTS } from "@shared/list-choices";
import { limitParam, oneOf, pageParam, queryParam } from "./list-query";

/**
 * The shop's list: search, a category (by its slug), in stock only, a sort, the page. Parameters a link may carry
 * for other reasons are left alone; a wrong value of one of these is refused with its message.
 */
export const ProductListQuery = z.object({
  q: queryParam,
  category: z
    .string()
    .regex(/^[a-z0-9-]{1,60}$/, M.list.category_unknown)
    .optional(),
  inStock: z
    .enum(["true", "false", "1", "0", "on"], { error: M.list.in_stock_invalid })
    .transform((v) => v === "true" || v === "1" || v === "on")
    .optional(),
  sort: oneOf(PRODUCT_SORTS, M.list.sort_unknown),
  page: pageParam,
  limit: limitParam,
});
export type ProductListInput = z.input<typeof ProductListQuery>;
export type ProductListAsk = z.output<typeof ProductListQuery>;
