import { z } from "zod";
import { M } from "@shared/messages";
import { MAX_PAGE_SIZE, MAX_QUERY_LENGTH } from "@shared/list-page";

/** `page`: 1, 2, …, as typed in a URL. */
export const pageParam = z
  .string()
  .regex(/^[1-9]\d{0,5}$/, M.list.page_invalid)
  .transform(Number)
  .optional();

/** `limit`: 1 to 100; a larger one is refused rather than quietly cut, so that a client learns the bound. */
export const limitParam = z
  .string()
  .regex(/^[1-9]\d{0,2}$/, M.list.limit_invalid)
  .transform(Number)
  .refine((n) => n <= MAX_PAGE_SIZE, M.list.limit_invalid)
  .optional();

/** `q`: search text, spaces trimmed and runs of them made one; empty is no search. */
export const queryParam = z
  .string()
  .transform((q) => q.trim().replace(/\s+/g, " "))
  .refine((q) => q.length <= MAX_QUERY_LENGTH, M.list.query_too_long)
  .transform((q) => q || undefined)
  .optional();

/** A choice among `values` (a sort, a status), refused with `code` when it is none of them. */
export const oneOf = <const T extends readonly [string, ...string[]]>(values: T, code: string) =>
  z.enum(values, { error: code }).optional();
