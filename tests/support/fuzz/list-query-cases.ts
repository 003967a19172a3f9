import fc from "fast-check";
import { expect } from "vitest";
import { MAX_PAGE_SIZE } from "@shared/list-page";
import { hostileNumber, hostileText } from "./hostile-values";

/** One list request's query: its parameters in order (a name may come twice, as in `?page=1&page=2`). */
export type ListQuery = [name: string, value: string][];

/** Values a list parameter is tried with: near-valid ones (so cases reach the query) and hostile ones. */
// prettier-ignore
const LIST_VALUES = [
  "", "0", "1", "2", "-1", "1.5", "1e3", "20", "99", "100", "101", "100000", "9999999999999999999", " 3", "3 ",
  "true", "false", "on", "yes", "newest", "oldest", "price-asc", "price-desc", "name", "relevance", "amount-high",
  "unpaid", "paid", "cod", "shipped", "delivered", "cancelled", "expired", "refund-due", "all",
  "2026-01-01", "2026-02-30", "2026-13-01", "01/02/2026", "2026-01-01T00:00:00Z", "9999-12-31", "0000-01-01",
  "chisels", "other", "CHISELS", "chis", "chisle", "বাটালি", "বাটা", "chis:* & !plane | (saw", "'&|!():*<->\\",
  "%", "_", "\\", "a%b_c", "karim@example.test", "@", "+8801712345678", "01712345678", "3f2a", "3f2a9c1e",
  "00000000-0000-4000-8000-0000000000aa", "eyJrIjoxfQ", "e30", "!!!", "null", "[]", "{}",
];

const listValue: fc.Arbitrary<string> = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...LIST_VALUES) },
  { weight: 2, arbitrary: hostileNumber.map(String) },
  { weight: 3, arbitrary: hostileText },
);

/** Queries made of a list's own parameters (`names`), sometimes repeated, and now and then one it does not know. */
export function listQueries(names: readonly string[]): fc.Arbitrary<ListQuery> {
  const known = fc.tuple(fc.constantFrom(...names), listValue);
  const unknown = fc.tuple(fc.constantFrom("utm_source", "offset", "per_page", "__proto__", "q[]", ""), listValue);
  return fc.array(fc.oneof({ weight: 6, arbitrary: known }, { weight: 1, arbitrary: unknown }), { maxLength: 7 });
}

/** The query as a URL writes it. */
export const queryString = (query: ListQuery) =>
  query.length === 0 ? "" : `?${new URLSearchParams(query.map(([n, v]) => [n, v])).toString()}`;

/**
 * What every list answer holds: the spec's array, never more than a page of 100 (or the `limit` asked when it was
 * valid) and, for a paged list, an `X-Total-Count` no smaller than what came and `Link` URLs on the same path.
 */
export function expectListAnswer(path: string, query: ListQuery, res: Response, text: string, paged = true) {
  const body: unknown = JSON.parse(text);
  expect(Array.isArray(body), text.slice(0, 200)).toBe(true);
  const items = body as unknown[];
  const limit = new URLSearchParams(query.map(([n, v]) => [n, v])).get("limit");
  const asked = limit && /^[1-9]\d*$/.test(limit) ? Number(limit) : MAX_PAGE_SIZE;
  expect(items.length).toBeLessThanOrEqual(Math.min(asked, MAX_PAGE_SIZE));
  if (!paged) return;
  const total = res.headers.get("X-Total-Count");
  expect(total).toMatch(/^\d+$/);
  expect(Number(total)).toBeGreaterThanOrEqual(items.length);
  for (const [, href] of (res.headers.get("Link") ?? "").matchAll(/<([^>]*)>/g)) {
    expect(new URL(href!, "http://store.test").pathname).toBe(path);
  }
}
