import { beforeAll, describe, expect, it } from "vitest";
import { category } from "@server/db/schema";
import { asCookie, signUpAdmin, type TestAccount } from "../support/accounts";
import { readAnswer } from "../support/action-answer";
import { makeProduct } from "../support/orders";
import { usePageApp, type PageContext } from "../support/page-app";

const BASE = new Date("2025-01-01T00:00:00Z").getTime();
const minutes = (n: number) => new Date(BASE + n * 60_000);
const two = (n: number) => String(n).padStart(2, "0");

/** The table's body rows (the header row has no class). */
const rowsOf = (html: string) => [...html.matchAll(/<tr class="border-t[\s\S]*?<\/tr>/g)].map((m) => m[0]);
/** The targets of the post forms on a page of `path` (not the navbar's own, such as the language switch). */
const formTargets = (html: string, path: string) =>
  [...html.matchAll(/<form(?=[^>]*method="post")[^>]*action="([^"]*)"/g)]
    .map((m) => m[1]!.replaceAll("&amp;", "&"))
    .filter((target) => target.startsWith(path));
const hrefsOf = (html: string, pattern: RegExp) =>
  [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]!.replaceAll("&amp;", "&")).filter((h) => pattern.test(h));

async function pageOf(t: PageContext, path: string, as: TestAccount, cookie = "") {
  const res = await t.request(path, { headers: { ...asCookie(as), Cookie: `${as.cookie}${cookie}` } });
  const html = await res.text();
  return { status: res.status, html, rows: rowsOf(html) };
}

describe("Manage Products: searched as the shop is, a page of 20 at a time", () => {
  const t = usePageApp();
  let admin: TestAccount;
  const saws: { id: string; name: string }[] = [];

  beforeAll(async () => {
    admin = await signUpAdmin(t);
    const [shelf] = await t.database.db
      .insert(category)
      .values({ slug: "test-saws", nameEn: "Test Saws", nameBn: "পরীক্ষার করাত", position: 5 })
      .returning();
    for (let n = 0; n < 23; n++) {
      const made = await makeProduct(t, { name: `Tenon Saw ${two(n)}`, categoryId: shelf!.id, createdAt: minutes(n) });
      saws.push({ id: made.id, name: made.name });
    }
    for (let n = 0; n < 3; n++) await makeProduct(t, { name: `Cutting Gauge ${n}`, createdAt: minutes(100 + n) });
  });

  const SEARCH = "q=tenon&sort=newest";

  it("finds products by a word, 20 a page, numbered across pages, with a pager that keeps the search", async () => {
    const first = await pageOf(t, `/dashboard/manageproduct?${SEARCH}`, admin);
    expect(first.status).toBe(200);
    expect(first.rows).toHaveLength(20);
    expect(first.rows[0]).toContain("Tenon Saw 22");
    expect(first.rows.every((r) => r.includes("Tenon Saw"))).toBe(true);
    expect(first.html).toContain("Products found: 23");
    expect(first.html).toContain("Page 1 of 2");
    expect(hrefsOf(first.html, /^\/dashboard\/manageproduct\?/)).toContain(`/dashboard/manageproduct?${SEARCH}&page=2`);
    expect(first.html).toMatch(/<input[^>]*name="q"[^>]*value="tenon"/);

    const second = await pageOf(t, `/dashboard/manageproduct?${SEARCH}&page=2`, admin);
    expect(second.rows.map((r) => /Tenon Saw \d\d/.exec(r)?.[0])).toEqual([
      "Tenon Saw 02",
      "Tenon Saw 01",
      "Tenon Saw 00",
    ]);
    expect(second.rows[0]).toMatch(/<td[^>]*>21<\/td>/);
    expect(second.html).toContain("Page 2 of 2");
    expect(second.html).toMatch(/aria-current="page"[^>]*>2</);
    expect(hrefsOf(second.html, /^\/dashboard\/manageproduct\?/)).toContain(`/dashboard/manageproduct?${SEARCH}`);
  });

  it("finds a product by a misspelt name", async () => {
    const { rows } = await pageOf(t, "/dashboard/manageproduct?q=cuting%20gauge", admin);
    expect(rows).toHaveLength(3);
    expect(rows.every((r) => r.includes("Cutting Gauge"))).toBe(true);
  });

  it("filters by category, the select listing every category with the chosen one selected", async () => {
    const { rows, html } = await pageOf(t, "/dashboard/manageproduct?category=test-saws&limit=50", admin);
    expect(rows).toHaveLength(23);
    expect(rows.every((r) => r.includes("Tenon Saw"))).toBe(true);
    expect(html).toMatch(/<option value="test-saws" selected="">Test Saws<\/option>/);
    expect(html).toContain('<option value="other">Other tools</option>');
    expect(html).toContain('<option value="">All categories</option>');

    const all = await pageOf(t, "/dashboard/manageproduct", admin);
    expect(all.html).toContain("Products found: 26");
    expect(all.rows[0]).toContain("Cutting Gauge 2");
  });

  it("names the categories in Bangla on a Bangla page", async () => {
    const { html } = await pageOf(t, "/dashboard/manageproduct?category=test-saws", admin, "; randa.lang=bn");
    expect(html).toMatch(/<option value="test-saws" selected="">পরীক্ষার করাত<\/option>/);
    expect(html).toContain("২৩টি পণ্য");
  });

  it("leads Edit to the product with the list's page and search, and Edit Product back to them", async () => {
    const list = await pageOf(t, `/dashboard/manageproduct?${SEARCH}&page=2`, admin);
    const edit = `/dashboard/manageproduct/${saws[1]!.id}?${SEARCH}&page=2`;
    expect(hrefsOf(list.html, /^\/dashboard\/manageproduct\/[0-9a-f-]{36}/)).toContain(edit);

    const editing = await pageOf(t, edit, admin);
    expect(editing.status).toBe(200);
    expect(hrefsOf(editing.html, /^\/dashboard\/manageproduct\?/)).toEqual([
      `/dashboard/manageproduct?${SEARCH}&page=2`,
    ]);
  });

  it("deletes from page 2 and answers page 2 of the same search", async () => {
    const path = `/dashboard/manageproduct?${SEARCH}&page=2`;
    const shown = await pageOf(t, path, admin);
    const targets = formTargets(shown.html, "/dashboard/manageproduct");
    expect(targets).toHaveLength(3);
    expect(new Set(targets)).toEqual(new Set([path]));

    const res = await t.postForm(path, { productId: saws[0]!.id }, admin);
    const html = await res.clone().text();
    const answer = await readAnswer(res);
    expect(answer.done).toBe(true);
    expect(answer.toast?.message).toBe("Removed Order");
    expect(rowsOf(html).map((r) => /Tenon Saw \d\d/.exec(r)?.[0])).toEqual(["Tenon Saw 02", "Tenon Saw 01"]);
    expect(html).toContain("Products found: 22");
    expect(html).toContain("Page 2 of 2");
  });

  it.each([
    ["sort=cheapest", "sort=cheapest", "Unknown sort order"],
    ["category=no-such-shelf", "category=no-such-shelf", "No category is called that"],
    ["a category that is no slug", "category=Not%20A%20Slug", "No category is called that"],
    ["page=0", "page=0", "page must be a whole number from 1"],
    ["page=9999 (past 10,000 products)", "page=9999", "Pages reach only the first 10,000 items"],
    ["limit=100000", "limit=100000", "limit must be a whole number from 1 to 100"],
    ["a 10 KB q", `q=${"z".repeat(10_240)}`, "Search text can be at most 200 characters"],
  ])("answers %s with 400 and a message saying why, and a way back to the list", async (_, query, said) => {
    const { status, html } = await pageOf(t, `/dashboard/manageproduct?${query}`, admin);
    expect(status).toBe(400);
    expect(html).toContain(said);
    expect(html).toMatch(/href="\/dashboard\/manageproduct"[^>]*>Show all</);
  });
});
