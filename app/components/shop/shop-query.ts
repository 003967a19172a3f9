import type { ProductSort } from "@shared/list-choices";

/** The list the page shows, as its URL asked for it (already checked by the server). */
export interface ShopQuery {
  q?: string;
  /** A category's slug. */
  category?: string;
  inStock: boolean;
  sort?: ProductSort;
  /** A page size other than the shop's 20, as a link may ask for. */
  limit?: number;
}

/**
 * A link to the shop's list with some of the current parameters changed (undefined removes one). Any change of
 * search or filter starts again from the first page.
 */
export function shopLink(search: string, changes: Record<string, string | undefined>): string {
  const params = new URLSearchParams(search);
  params.delete("page");
  for (const [name, value] of Object.entries(changes)) {
    if (value === undefined) params.delete(name);
    else params.set(name, value);
  }
  const query = params.toString();
  return query ? `/shop?${query}` : "/shop";
}

/** The sorts the form offers besides its first choice, the default: relevance when searching, else newest. */
export const sortChoices = (searching: boolean): ProductSort[] =>
  searching ? ["newest", "price-asc", "price-desc", "name"] : ["price-asc", "price-desc", "name"];

/**
 * The sort select's value: empty for the default, so that a search typed after browsing by newest is ranked by
 * relevance, as a visitor expects.
 */
export function sortValue({ q, sort }: ShopQuery): string {
  if (!sort || sort === "relevance" || (sort === "newest" && !q)) return "";
  return sort;
}
