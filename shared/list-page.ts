/**
 * What every list shares, without zod: the page sizes and bounds, and reading a list's parameters from a URL.
 * The parameters' schemas are in schemas/list-query.ts; pages that only show a list or a search box import this.
 */

/** Items on a page of the store's screens. */
export const PAGE_SIZE = 20;
/** Items an API list answers when asked for no `limit`, and the most any page holds. */
export const MAX_PAGE_SIZE = 100;
/** Offset pages reach this many items; beyond, a narrower search (or, for orders, the next-page cursor). */
export const MAX_OFFSET_ITEMS = 10_000;
export const MAX_QUERY_LENGTH = 200;

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
