import type { Context } from "hono";
import { MAX_OFFSET_ITEMS, type Page } from "@shared/list-page";

/** The request's own path and query with `changes` applied: a link relative to the store, as the client asked. */
export function linkTo(c: Context, changes: Record<string, string | undefined>): string {
  const url = new URL(c.req.url);
  for (const [name, value] of Object.entries(changes)) {
    if (value === undefined) url.searchParams.delete(name);
    else url.searchParams.set(name, value);
  }
  return `${url.pathname}${url.search}`;
}

/** RFC 8288's `Link` header from its relations. */
export function linkHeader(links: Record<string, string | undefined>): string | undefined {
  const parts = Object.entries(links)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([rel, href]) => `<${href}>; rel="${rel}"`);
  return parts.length > 0 ? parts.join(", ") : undefined;
}

/**
 * What an API list says beside its body (which stays the spec's array): `X-Total-Count`, and a `Link` header to the
 * next and previous pages with the request's own parameters (page and limit always written out).
 */
export function setPageHeaders(c: Context, page: Page<unknown>) {
  c.header("X-Total-Count", String(page.total));
  const to = (n: number) => linkTo(c, { page: String(n), limit: String(page.limit) });
  const hasNext = page.page * page.limit < page.total && page.page * page.limit + page.limit <= MAX_OFFSET_ITEMS;
  const link = linkHeader({
    next: hasNext ? to(page.page + 1) : undefined,
    prev: page.page > 1 ? to(page.page - 1) : undefined,
  });
  if (link) c.header("Link", link);
}
