import { M } from "@shared/messages";
import { MAX_OFFSET_ITEMS, pageOf } from "@shared/list-page";
import { AppError } from "../errors";

/** An offset page within the bound every offset list keeps (MAX_OFFSET_ITEMS), or a 400 that says why. */
export function offsetPage(input: { page?: number; limit?: number }, defaultLimit: number) {
  const page = pageOf(input, defaultLimit);
  if (page.offset + page.limit > MAX_OFFSET_ITEMS) throw new AppError("invalid", M.list.too_deep);
  return page;
}
