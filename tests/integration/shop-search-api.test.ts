import { beforeAll, describe, expect, it } from "vitest";
import { CLAMP_COUNT, makeShopCatalog, toolNamed, type ToolKey } from "../support/shop-catalog";
import { useTestApp } from "../support/test-app";

interface Listed {
  _id: string;
  name: string;
  price: number;
  Availability: number;
  minimumQuantity: number;
}

/** GET /api/product with a query: the shop's search, filters, sorts and pages, as an API client sees them. */
describe("searching the catalog through GET /api/product", () => {
  const t = useTestApp();
  let ids: Record<ToolKey, string>;
  let total: number;

  beforeAll(async () => {
    ({ ids, total } = await makeShopCatalog(t));
  });

  const list = async (query: string) => {
    const res = await t.request(`/api/product?${query}`);
    expect(res.status, await res.clone().text()).toBe(200);
    return { res, body: (await res.json()) as Listed[] };
  };
  const keysOf = (body: Listed[]) =>
    body.map((p) => (Object.keys(ids) as ToolKey[]).find((key) => ids[key] === p._id) ?? p.name);

  describe("finds", () => {
    it.each([
      ["a misspelt word (chisle)", "chisle", ["bevel", "mortise"]],
      ["the beginning of a word (chis)", "chis", ["bevel", "mortise"]],
      ["a word of an English description (scrollwork)", "scrollwork", ["coping"]],
      ["two words, each the beginning of one (pull sa)", "pull sa", ["ryoba"]],
      ["a Bangla name (বাটালি)", "বাটালি", ["bevel", "mortise"]],
      ["the beginning of a Bangla word (করা)", "করা", ["coping", "ryoba"]],
      ["a word of a Bangla description only (জাপানি)", "জাপানি", ["ryoba"]],
      ["words in any case (MARKING gauge)", "MARKING gauge", ["gauge"]],
    ])("%s", async (_, q, expected) => {
      const { res, body } = await list(`q=${encodeURIComponent(q)}`);
      expect(keysOf(body).sort()).toEqual([...expected].sort());
      expect(res.headers.get("x-total-count")).toBe(String(expected.length));
    });

    it("nothing for a word no product holds, as an empty page", async () => {
      const { res, body } = await list("q=lathe");
      expect(body).toEqual([]);
      expect(res.headers.get("x-total-count")).toBe("0");
      expect(res.headers.get("link")).toBeNull();
    });
  });

  it("keeps to one category, by its slug", async () => {
    expect(keysOf((await list("category=saws")).body)).toEqual(["coping", "ryoba"]);
    expect(keysOf((await list("category=chisels&q=saw")).body)).toEqual([]);
    expect(keysOf((await list("category=other")).body)).toEqual(["gauge"]);
  });

  it("leaves out, when asked, what cannot be ordered now (stock below one minimum order)", async () => {
    expect(keysOf((await list("category=chisels")).body)).toEqual(["bevel", "mortise"]);
    expect(keysOf((await list("category=chisels&inStock=true")).body)).toEqual(["bevel"]);
    const { body } = await list("inStock=true&limit=100");
    expect(body.every((p) => p.Availability >= p.minimumQuantity)).toBe(true);
    expect(keysOf((await list("category=chisels&inStock=false")).body)).toEqual(["bevel", "mortise"]);
  });

  describe("sorts", () => {
    it("newest first without a search", async () => {
      const { body } = await list("limit=6");
      expect(keysOf(body)).toEqual(["bevel", "mortise", "coping", "ryoba", "gauge", "Bar Clamp 001"]);
    });

    it("by relevance without a search: nothing to rank, so the newest first", async () => {
      const { body } = await list("sort=relevance&limit=6");
      expect(keysOf(body)).toEqual(["bevel", "mortise", "coping", "ryoba", "gauge", "Bar Clamp 001"]);
    });

    it("by relevance with a search: the ryoba says saw twice, the newer coping saw once", async () => {
      expect(keysOf((await list("q=saw")).body)).toEqual(["ryoba", "coping"]);
      expect(keysOf((await list("q=saw&sort=relevance")).body)).toEqual(["ryoba", "coping"]);
    });

    it.each([
      ["price-asc", (a: Listed, b: Listed) => a.price - b.price],
      ["price-desc", (a: Listed, b: Listed) => b.price - a.price],
      ["name", (a: Listed, b: Listed) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)],
    ])("by %s, across pages", async (sort, order) => {
      const first = (await list(`category=clamps&sort=${sort}&limit=60`)).body;
      const second = (await list(`category=clamps&sort=${sort}&limit=60&page=2`)).body;
      const all = [...first, ...second];
      expect(all).toHaveLength(CLAMP_COUNT);
      expect(new Set(all.map((p) => p._id)).size).toBe(CLAMP_COUNT);
      expect(all.map((p) => p._id)).toEqual([...all].sort(order).map((p) => p._id));
    });

    it("as asked, whatever the search", async () => {
      expect(keysOf((await list("q=saw&sort=newest")).body)).toEqual(["coping", "ryoba"]);
      expect(keysOf((await list("q=chisel&sort=price-asc")).body)).toEqual(["mortise", "bevel"]);
      expect(keysOf((await list("q=chisel&sort=price-desc")).body)).toEqual(["bevel", "mortise"]);
    });
  });

  describe("pages", () => {
    it("answers the first 100 when no page is asked for, and says so in its headers", async () => {
      const { res, body } = await list("");
      expect(body).toHaveLength(100);
      expect(res.headers.get("x-total-count")).toBe(String(total));
      expect(res.headers.get("link")).toBe('</api/product?page=2&limit=100>; rel="next"');
    });

    it("leads from page to page with the search kept, and every product once", async () => {
      const seen: string[] = [];
      let next: string | undefined = "/api/product?category=clamps&sort=name&limit=20";
      let pages = 0;
      while (next) {
        const res = await t.request(next);
        expect(res.status).toBe(200);
        expect(res.headers.get("x-total-count")).toBe(String(CLAMP_COUNT));
        const link = res.headers.get("link") ?? "";
        if (pages > 0) expect(link).toContain(`&limit=20&page=${pages}>; rel="prev"`);
        seen.push(...((await res.json()) as Listed[]).map((p) => p.name));
        next = /<([^>]+)>; rel="next"/.exec(link)?.[1];
        if (next) expect(next).toMatch(/^\/api\/product\?category=clamps&sort=name&limit=20&page=\d+$/);
        pages++;
      }
      expect(pages).toBe(6);
      expect(seen).toEqual(
        Array.from({ length: CLAMP_COUNT }, (_, i) => `Bar Clamp ${String(i + 1).padStart(3, "0")}`),
      );
    });

    it("answers a page past the end as empty, pointing back", async () => {
      const { res, body } = await list("category=saws&page=3&limit=1");
      expect(body).toEqual([]);
      expect(res.headers.get("x-total-count")).toBe("2");
      expect(res.headers.get("link")).toBe('</api/product?category=saws&page=2&limit=1>; rel="prev"');
    });

    it("holds at most 100 products, whatever is asked", async () => {
      expect((await list("limit=100")).body).toHaveLength(100);
      const res = await t.request("/api/product?limit=101");
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ code: "list.limit_invalid" });
    });
  });

  describe("refuses with 400 and a message, never a 5xx", () => {
    it.each([
      ["page=-1", "list.page_invalid"],
      ["page=0", "list.page_invalid"],
      ["page=two", "list.page_invalid"],
      ["page=1.5", "list.page_invalid"],
      ["page=9999999", "list.page_invalid"],
      ["page=501&limit=20", "list.too_deep"],
      ["page=101", "list.too_deep"],
      ["limit=100000", "list.limit_invalid"],
      ["limit=0", "list.limit_invalid"],
      ["limit=-5", "list.limit_invalid"],
      ["sort=cheapest", "list.sort_unknown"],
      ["sort=PRICE-ASC", "list.sort_unknown"],
      ["category=no-such-shelf", "list.category_unknown"],
      ["category=Chisels", "list.category_unknown"],
      ["category=%27%20or%201%3D1", "list.category_unknown"],
      ["inStock=maybe", "list.in_stock_invalid"],
      [`q=${"chisel ".repeat(1500)}`, "list.query_too_long"],
      [`q=${"x".repeat(201)}`, "list.query_too_long"],
      ["q=a%00b", "request.unstorable_text"],
    ])("%s", async (query, code) => {
      const res = await t.request(`/api/product?${query}`);
      expect(res.status).toBe(400);
      const body = (await res.json()) as { code: string; message: string };
      expect(body.code).toBe(code);
      expect(body.message.length).toBeGreaterThan(5);
    });

    it("takes a search of 200 characters, the most", async () => {
      await list(`q=${"x".repeat(200)}`);
    });
  });

  it.each([
    "!!!",
    "chisel:*",
    "a & b | !c",
    "'",
    "\\",
    "(",
    "%_",
    "<%",
    "ি",
    "🔨 saw",
    "-1",
    "   ",
    "a:* & ",
    "১০ মিমি",
  ])("reads any search text as words, never as syntax: %j", async (q) => {
    const res = await t.request(`/api/product?q=${encodeURIComponent(q)}`);
    expect(res.status, await res.clone().text()).toBe(200);
    expect(Array.isArray(await res.json())).toBe(true);
  });

  it("answers the spec's English names, even to a Bangla search", async () => {
    const { body } = await list("q=%E0%A6%AC%E0%A6%BE%E0%A6%9F%E0%A6%BE%E0%A6%B2%E0%A6%BF&sort=name");
    expect(body.map((p) => p.name)).toEqual([toolNamed("bevel").name, toolNamed("mortise").name]);
  });
});
