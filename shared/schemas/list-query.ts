import { z } from "zod";
import { M } from "@shared/messages";

/** Items on a page of the store's screens. */
export const PAGE_SIZE = 20;
/** Items an API list answers when asked for no `limit`, and the most any page holds. */
export const MAX_PAGE_SIZE = 100;
/** Offset pages reach this many items; beyond, a narrower search (or, for orders, the next-page cursor). */
export const MAX_OFFSET_ITEMS = 10_000;
export const MAX_QUERY_LENGTH = 200;

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

/** The page and size every list takes; `defaultLimit` is the screens' 20 or the API's 100. */
export function pageOf(input: { page?: number; limit?: number }, defaultLimit: number) {
  const page = input.page ?? 1;
  const limit = input.limit ?? defaultLimit;
  return { page, limit, offset: (page - 1) * limit };
}

/**
 * A list's parameters, read from a URL the way a form without JavaScript sends them: the first of each name, and
 * an empty field (`q=&sort=`) as no parameter.
 */
export function paramsOf(search: URLSearchParams, names: readonly string[]): Record<string, string> {
  const params: Record<string, string> = {};
  for (const name of names) {
    const value = search.get(name);
    if (value !== null && value !== "") params[name] = value;
  }
  return params;
}

/** One page of a list: its items, and how many the whole list holds. */
export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  limit: number;
}

export const pageCount = (p: Pick<Page<unknown>, "total" | "limit">) => Math.max(1, Math.ceil(p.total / p.limit));
