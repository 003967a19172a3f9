import { brotliDecompressSync } from "node:zlib";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createApp } from "@server/app";
import { formatCount } from "@shared/format";
import { PAGE_SIZE } from "@shared/list-page";
import { catalogSettled } from "../support/catalog-feed";
import { CLAMP_COUNT, makeShopCatalog, toolNamed, type ToolKey } from "../support/shop-catalog";
import { usePageApp } from "../support/page-app";
import { TEST_ORIGIN } from "../support/test-app";

const BANGLA = { Cookie: "randa.lang=bn" };

/** The names on the product cards, in the page's order. */
function cardNames(html: string) {
  const start = html.indexOf('data-testid="product-grid"');
  if (start < 0) return [];
  const grid = html.slice(start, html.indexOf("</section>", start));
  return [...grid.matchAll(/<h3[^>]*>([^<]*)<\/h3>/g)].map((m) => m[1]);
}
const unescape = (html: string) => html.replaceAll("&amp;", "&").replaceAll("&quot;", '"').replaceAll("&#x27;", "'");
/** The href of each link whose text is `text`. */
const hrefsOf = (html: string, text: string) =>
  [...html.matchAll(/<a [^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/g)]
    .filter((m) => m[2]!.replace(/<[^>]+>/g, "").includes(text))
    .map((m) => unescape(m[1]!));

/** /shop rendered on the server, as a browser without JavaScript gets it. */
describe("the shop page", () => {
  const t = usePageApp();
  let ids: Record<ToolKey, string>;
  let total: number;

  beforeAll(async () => {
    ({ ids, total } = await makeShopCatalog(t));
  });

  const page = async (path: string, headers: Record<string, string> = {}, status = 200) => {
    const res = await t.request(path, { headers });
    const html = await res.text();
    expect(res.status, html.slice(0, 500)).toBe(status);
    return html;
  };

  it("lists the newest tools, 20 a page, with the count, the categories and a pager", async () => {
    const html = await page("/shop");
    expect(cardNames(html)).toHaveLength(PAGE_SIZE);
    expect(cardNames(html).slice(0, 3)).toEqual(["Bevel-Edge Chisel Set", "Mortise Chisel 10 mm", "Coping Saw"]);
    expect(html).toContain(`${total} tools`);
    expect(html).toMatch(/<title>All tools \| Randa<\/title>/);
    // Each shelf with its count, and every tool under All tools.
    expect(html).toMatch(/href="\/shop\?category=chisels"[^>]*><span>Chisels<\/span><span[^>]*>2<\/span>/);
    expect(html).toMatch(new RegExp(`href="/shop"[^>]*><span>All tools</span><span[^>]*>${total}</span>`));
    expect(hrefsOf(html, "Next")).toEqual(["/shop?page=2"]);
    // A plain GET form: no JavaScript needed to search, filter or sort.
    expect(html).toMatch(/<form role="search"[^>]* action="\/shop" method="get"/);
    expect(html).not.toMatch(/<script[^>]*src=/);
  });

  it("reaches a browser packed whole: one brotli body with its length, decoding to the page", async () => {
    const plain = await page("/shop?q=chisel");
    const res = await t.request("/shop?q=chisel", { headers: { "Accept-Encoding": "gzip, deflate, br" } });
    expect(res.headers.get("content-encoding")).toBe("br");
    const body = Buffer.from(await res.arrayBuffer());
    expect(Number(res.headers.get("content-length"))).toBe(body.length);
    const html = brotliDecompressSync(body).toString();
    // Each answer carries its own CSP nonce; the rest is the same page.
    const withoutNonce = (text: string) => text.replace(/nonce="[^"]*"/g, 'nonce=""');
    expect(withoutNonce(html)).toBe(withoutNonce(plain));
    expect(html.trimEnd()).toMatch(/<\/html>$/);
  });

  it("finds a misspelt tool, and says how many match", async () => {
    const html = await page("/shop?q=chisle");
    expect(cardNames(html).sort()).toEqual(["Bevel-Edge Chisel Set", "Mortise Chisel 10 mm"]);
    expect(html).toContain("2 tools match “chisle”");
    expect(html).toMatch(/<title>Search: chisle \| Randa<\/title>/);
    expect(html).toMatch(/<input[^>]*name="q"[^>]*value="chisle"/);
  });

  it("finds by a prefix, within a category, in stock only, and keeps the filters in the form", async () => {
    expect(cardNames(await page("/shop?q=chis"))).toHaveLength(2);
    const html = await page("/shop?category=chisels&inStock=true");
    expect(cardNames(html)).toEqual(["Bevel-Edge Chisel Set"]);
    expect(html).toMatch(/<h1[^>]*>Chisels<\/h1>/);
    expect(html).toContain('<input type="hidden" name="category" value="chisels"/>');
    expect(html).toMatch(/<input type="checkbox"[^>]* name="inStock" checked="" value="true"/);
  });

  it("marks a tool out of stock on its card", async () => {
    const html = await page("/shop?category=chisels");
    const mortise = html.slice(html.indexOf(">Mortise Chisel 10 mm<"));
    expect(mortise.slice(0, 400)).toContain("Stock Out");
  });

  it.each([
    ["newest", ["Coping Saw", "Ryoba Pull Saw"]],
    ["price-asc", ["Coping Saw", "Ryoba Pull Saw"]],
    ["price-desc", ["Ryoba Pull Saw", "Coping Saw"]],
    ["name", ["Coping Saw", "Ryoba Pull Saw"]],
  ])("sorts by %s, and the select shows it", async (sort, names) => {
    const html = await page(`/shop?category=saws&sort=${sort}`);
    expect(cardNames(html)).toEqual(names);
    if (sort !== "newest") expect(html).toMatch(new RegExp(`<option value="${sort}" selected="">`));
  });

  it("ranks a search by relevance unless told otherwise", async () => {
    expect(cardNames(await page("/shop?q=saw"))).toEqual(["Ryoba Pull Saw", "Coping Saw"]);
    expect(cardNames(await page("/shop?q=saw&sort=newest"))).toEqual(["Coping Saw", "Ryoba Pull Saw"]);
  });

  it("pages through a category with the filters kept, each page no more than its size", async () => {
    const first = await page("/shop?category=clamps&sort=name");
    expect(cardNames(first)).toEqual(
      Array.from({ length: 20 }, (_, i) => `Bar Clamp ${String(i + 1).padStart(3, "0")}`),
    );
    const next = hrefsOf(first, "Next")[0]!;
    expect(next).toBe("/shop?category=clamps&sort=name&page=2");
    const last = await page("/shop?category=clamps&sort=name&page=6");
    expect(cardNames(last)).toEqual(
      Array.from({ length: CLAMP_COUNT - 100 }, (_, i) => `Bar Clamp ${String(i + 101).padStart(3, "0")}`),
    );
    expect(hrefsOf(last, "Previous")).toEqual(["/shop?category=clamps&sort=name&page=5"]);
    expect(hrefsOf(last, "Next")).toEqual([]);
    expect(cardNames(await page("/shop?limit=100"))).toHaveLength(100);
  });

  it("says so when nothing matches, with ways out", async () => {
    const html = await page("/shop?q=lathe&category=saws&inStock=true");
    expect(html).toContain("No tools match “lathe”.");
    expect(hrefsOf(html, "Search every category")).toEqual(["/shop?q=lathe&inStock=true"]);
    expect(hrefsOf(html, "Include tools out of stock")).toEqual(["/shop?q=lathe&category=saws"]);
    const past = await page("/shop?category=saws&page=4");
    expect(past).toContain("This page is past the end of the list.");
    expect(hrefsOf(past, "Back to the first page")).toEqual(["/shop?category=saws"]);
  });

  describe("refuses a wrong parameter with 400 and its message on the page, never a 5xx", () => {
    it.each([
      ["page=-1", "page must be a whole number from 1"],
      ["page=0", "page must be a whole number from 1"],
      ["limit=100000", "limit must be a whole number from 1 to 100"],
      ["sort=cheapest", "Unknown sort order"],
      ["category=no-such-shelf", "No category is called that"],
      ["inStock=maybe", "inStock must be true or false"],
      ["page=600", "Pages reach only the first 10,000 items"],
      [`q=${"chisel ".repeat(1500)}`, "Search text can be at most 200 characters"],
    ])("%s", async (query, said) => {
      const html = await page(`/shop?${query}`, {}, 400);
      expect(html).toContain(said);
      expect(html).toMatch(/<form role="search"[^>]* action="\/shop" method="get"/);
      expect(hrefsOf(html, "See all tools")).toEqual(["/shop"]);
    });

    it("in Bangla on a Bangla page", async () => {
      const html = await page("/shop?sort=cheapest", BANGLA, 400);
      expect(html).toContain("এই তালিকাটি দেখানো গেল না");
    });
  });

  describe("in Bangla", () => {
    it("shows Bangla names, Bangla shelves and Bengali digits, and English where a tool has no Bangla name", async () => {
      const html = await page("/shop?limit=5", BANGLA);
      expect(cardNames(html)).toEqual([
        toolNamed("bevel").nameBn,
        toolNamed("mortise").nameBn,
        toolNamed("coping").nameBn,
        toolNamed("ryoba").nameBn,
        "Wheel Marking Gauge",
      ]);
      expect(html).toMatch(/<span>বাটালি<\/span><span[^>]*>২<\/span>/);
      expect(html).toContain(`${formatCount(total, "bn")}টি যন্ত্র`);
      expect(html).toMatch(/<title>সব যন্ত্রপাতি \| Randa<\/title>/);
    });

    it("finds a Bangla word of a description, and says how many in Bangla", async () => {
      const html = await page(`/shop?q=${encodeURIComponent("জাপানি")}`, BANGLA);
      expect(cardNames(html)).toEqual([toolNamed("ryoba").nameBn]);
      expect(html).toContain("“জাপানি” খুঁজে ১টি যন্ত্র পাওয়া গেছে");
    });

    it("shows a product's Bangla name and description on its page, and English to an English visitor", async () => {
      const bangla = await page(`/detail/${ids.ryoba}`, BANGLA);
      expect(bangla).toMatch(new RegExp(`<h1[^>]*>${toolNamed("ryoba").nameBn}</h1>`));
      expect(bangla).toContain(toolNamed("ryoba").descriptionBn);
      expect(bangla).toContain(`<title>${toolNamed("ryoba").nameBn} | Randa</title>`);
      const english = await page(`/detail/${ids.ryoba}`);
      expect(english).toMatch(/<h1[^>]*>Ryoba Pull Saw<\/h1>/);
      expect(english).toContain(toolNamed("ryoba").description);
      expect(english).not.toContain(toolNamed("ryoba").descriptionBn);
      const gauge = await page(`/detail/${ids.gauge}`, BANGLA);
      expect(gauge).toMatch(/<h1[^>]*>Wheel Marking Gauge<\/h1>/);
      expect(gauge).toContain(toolNamed("gauge").description);
    });

    it("names the home page's cards and the footer's tags in Bangla", async () => {
      const html = await page("/", BANGLA);
      expect(cardNames(html).slice(0, 2)).toEqual([toolNamed("bevel").nameBn, toolNamed("mortise").nameBn]);
      const footer = html.slice(html.indexOf("<footer"));
      expect(footer).toContain(`>${toolNamed("bevel").nameBn}</a>`);
    });
  });

  describe("the home page", () => {
    it("shows a bounded featured set, admins' picks first, and leads to the whole shop", async () => {
      let html = await page("/");
      expect(cardNames(html)).toEqual([
        "Bevel-Edge Chisel Set",
        "Mortise Chisel 10 mm",
        "Coping Saw",
        "Ryoba Pull Saw",
        "Wheel Marking Gauge",
        "Bar Clamp 001",
        "Bar Clamp 002",
        "Bar Clamp 003",
      ]);
      expect(hrefsOf(html, "See all tools")).toEqual(["/shop"]);
      await t.database.db.execute(sql`update product set featured = true where name = 'Bar Clamp 050'`);
      html = await page("/");
      expect(cardNames(html)).toHaveLength(8);
      expect(cardNames(html)[0]).toBe("Bar Clamp 050");
      await t.database.db.execute(sql`update product set featured = false where name = 'Bar Clamp 050'`);
    });
  });

  describe("as the store serves it (production, with the page cache)", () => {
    let serve: (path: string, headers?: Record<string, string>) => Promise<string>;

    beforeAll(() => {
      const app = createApp({ services: t.services, ssr: { build: t.build, mode: "production" } });
      serve = async (path, headers = {}) => {
        const res = await app.request(`${TEST_ORIGIN}${path}`, { headers });
        expect(res.status).toBe(200);
        return res.text();
      };
    });

    it("keeps each search's page until the catalog changes, then shows the change", async () => {
      const renamed = "Ryoba Kataba Saw";
      await catalogSettled(t.services.catalogVersion);
      expect(cardNames(await serve("/shop?q=ryoba"))).toEqual(["Ryoba Pull Saw"]);
      expect(cardNames(await serve("/shop?q=ryoba&sort=name"))).toEqual(["Ryoba Pull Saw"]);
      // A change nobody announces: the kept copies go on being served.
      await t.database.db.execute(sql`alter table product disable trigger product_catalog_changed`);
      try {
        await t.database.db.execute(sql`update product set name = ${renamed} where id = ${ids.ryoba}`);
      } finally {
        await t.database.db.execute(sql`alter table product enable trigger product_catalog_changed`);
      }
      expect(cardNames(await serve("/shop?q=ryoba"))).toEqual(["Ryoba Pull Saw"]);
      // A page not kept yet is rendered from the database.
      expect(cardNames(await serve("/shop?q=ryoba&sort=newest"))).toEqual([renamed]);
      // Any announced change to the catalog: every kept search is read again.
      await t.database.db.execute(sql`update product set availability = availability where id = ${ids.bevel}`);
      await expect.poll(async () => cardNames(await serve("/shop?q=ryoba")), { timeout: 5000 }).toEqual([renamed]);
      expect(cardNames(await serve("/shop?q=ryoba&sort=name"))).toEqual([renamed]);
      await t.database.db.execute(sql`update product set name = 'Ryoba Pull Saw' where id = ${ids.ryoba}`);
    });
  });
});
