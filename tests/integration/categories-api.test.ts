import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { CategoryJson } from "@server/catalog";
import { category, OTHER_CATEGORY_ID, product } from "@server/db/schema";
import { asBearer, asCookie, jsonInit, signUp, signUpAdmin, type TestAccount } from "../support/accounts";
import { catalogChanged } from "../support/catalog-feed";
import { makeProduct, messageOf } from "../support/orders";
import { useTestApp } from "../support/test-app";

/** A name no other test in the file uses. */
const unique = (name: string) => `${name} ${randomUUID().slice(0, 6)}`;

describe("categories through the API", () => {
  const t = useTestApp();
  let admin: TestAccount;

  beforeAll(async () => {
    admin = await signUpAdmin(t);
  });

  async function listed(): Promise<CategoryJson[]> {
    const res = await t.request("/api/category");
    expect(res.status).toBe(200);
    return (await res.json()) as CategoryJson[];
  }

  const byId = async (id: string) => (await listed()).find((c) => c._id === id);

  async function add(body: unknown, as: TestAccount = admin) {
    return t.request("/api/category", jsonInit("POST", body, asBearer(as)));
  }

  async function added(nameEn = unique("Gouges"), nameBn = unique("গজ"), position?: number) {
    const res = await add({ nameEn, nameBn, position });
    expect(res.status).toBe(200);
    return ((await res.json()) as { insertedId: string }).insertedId;
  }

  const rename = (id: string, body: unknown, as: TestAccount = admin) =>
    t.request(`/api/category/${id}`, jsonInit("PUT", body, asBearer(as)));
  const remove = (id: string, as: TestAccount = admin) =>
    t.request(`/api/category/${id}`, { method: "DELETE", headers: asBearer(as) });

  async function productIn(categoryId: string) {
    return catalogChanged(t, () => makeProduct(t, { categoryId }));
  }

  describe("GET /api/category/{id}", () => {
    it("answers anyone one category by its id or its slug, with its product count", async () => {
      const id = await added(unique("Spokeshaves"), unique("স্পোকশেভ"));
      await productIn(id);
      const listedOne = await byId(id);
      const byItsId = await t.request(`/api/category/${id}`);
      expect(byItsId.status).toBe(200);
      expect(await byItsId.json()).toEqual(listedOne);
      const bySlug = await t.request(`/api/category/${listedOne!.slug}`);
      expect(await bySlug.json()).toEqual({ ...listedOne, products: 1 });
    });

    it("answers 404 for a category no id or slug names", async () => {
      const res = await t.request("/api/category/no-such-shelf");
      expect(res.status).toBe(404);
      expect(((await res.json()) as { code: string }).code).toBe("category.not_found");
    });
  });

  describe("GET /api/category", () => {
    it("lists every category to anyone, in the shop's order, with its slug, both names and its product count", async () => {
      const last = await added(unique("Zebra saws"), unique("জেব্রা"), 5);
      const first = await added(unique("Awls"), unique("আল"), 5);
      await productIn(first);
      await productIn(first);
      const categories = await listed();
      const positions = categories.map((c) => c.position);
      expect(positions).toEqual([...positions].sort((a, b) => a - b));
      const ids = categories.map((c) => c._id);
      // Same position: the English name decides.
      expect(ids.indexOf(first)).toBeLessThan(ids.indexOf(last));
      expect(categories.at(-1)).toEqual({
        _id: OTHER_CATEGORY_ID,
        slug: "other",
        name: "Other tools",
        nameBn: "অন্যান্য সরঞ্জাম",
        position: 1000,
        products: expect.any(Number) as number,
      });
      expect(await byId(first)).toMatchObject({ position: 5, products: 2 });
      expect(await byId(last)).toMatchObject({ position: 5, products: 0 });
    });

    it("counts the products on Other tools, where a product made without a category sits", async () => {
      const before = (await byId(OTHER_CATEGORY_ID))!.products;
      await catalogChanged(t, () => makeProduct(t));
      expect((await byId(OTHER_CATEGORY_ID))!.products).toBe(before + 1);
    });
  });

  describe("POST /api/category", () => {
    it("adds a category with a slug from its English name, last before Other tools", async () => {
      const nameEn = `Marking & Measuring! ${randomUUID().slice(0, 4)}`;
      const before = await listed();
      const lastShelf = Math.max(0, ...before.filter((c) => c._id !== OTHER_CATEGORY_ID).map((c) => c.position));
      const id = await added(nameEn, unique("মাপজোখ"));
      const made = await byId(id);
      expect(made).toMatchObject({
        name: nameEn,
        slug: `marking-measuring-${nameEn.slice(-4).toLowerCase()}`,
        position: lastShelf + 10,
        products: 0,
      });
      expect((await listed()).at(-1)?._id).toBe(OTHER_CATEGORY_ID);
    });

    it("numbers the slug when another category holds it already", async () => {
      const word = `Rasps${randomUUID().slice(0, 4)}`;
      const one = await added(word, unique("রাঁদা"));
      const two = await added(`${word}!`, unique("রাঁদা"));
      const three = await added(`${word}?`, unique("রাঁদা"));
      const slug = word.toLowerCase();
      expect((await byId(one))?.slug).toBe(slug);
      expect((await byId(two))?.slug).toBe(`${slug}-2`);
      expect((await byId(three))?.slug).toBe(`${slug}-3`);
    });

    it("refuses a name another category has, in English whatever the case, or in Bangla (409)", async () => {
      const nameEn = unique("Spokeshaves");
      const nameBn = unique("স্পোকশেভ");
      await added(nameEn, nameBn);
      const count = (await listed()).length;
      for (const body of [
        { nameEn: nameEn.toUpperCase(), nameBn: unique("অন্য") },
        { nameEn: unique("Other spokeshaves"), nameBn },
      ]) {
        const res = await add(body);
        expect(res.status).toBe(409);
        expect(await res.json()).toEqual({ code: "category.name_taken", message: "A category already has that name" });
      }
      expect((await listed()).length).toBe(count);
    });

    it.each<[string, unknown, string]>([
      ["no English name", { nameBn: "বাটালি" }, "English Name Is Required"],
      ["a blank English name", { nameEn: "   ", nameBn: "বাটালি" }, "English Name Is Required"],
      ["no Bangla name", { nameEn: "Chisels" }, "Bangla Name Is Required"],
      [
        "a name over 60 characters",
        { nameEn: "C".repeat(61), nameBn: "বাটালি" },
        "A category name can be at most 60 characters",
      ],
      [
        "a position below 0",
        { nameEn: "Chisels", nameBn: "বাটালি", position: -1 },
        "Position must be a whole number from 0 to 1000",
      ],
      [
        "a position over 1000",
        { nameEn: "Chisels", nameBn: "বাটালি", position: 1001 },
        "Position must be a whole number from 0 to 1000",
      ],
      [
        "a fractional position",
        { nameEn: "Chisels", nameBn: "বাটালি", position: 1.5 },
        "Position must be a whole number from 0 to 1000",
      ],
      [
        "a position as text",
        { nameEn: "Chisels", nameBn: "বাটালি", position: "3" },
        "Position must be a whole number from 0 to 1000",
      ],
      [
        "a name with a NUL character",
        { nameEn: "Chis\u0000els", nameBn: "বাটালি" },
        "A category name cannot contain control or text-direction characters",
      ],
      [
        "a Bangla name with a left-to-right isolate",
        { nameEn: "Chisels", nameBn: "বাটালি\u2066" },
        "A category name cannot contain control or text-direction characters",
      ],
      ["a Bangla name of zero-width spaces", { nameEn: "Chisels", nameBn: "\u200b\u200b" }, "Bangla Name Is Required"],
    ])("answers 400 for %s, and adds nothing", async (_, body, message) => {
      const count = (await listed()).length;
      const res = await add(body);
      expect(res.status).toBe(400);
      expect(await messageOf(res)).toBe(message);
      expect((await listed()).length).toBe(count);
    });

    it("answers 400 for a body that is not JSON, or not an object", async () => {
      const count = (await listed()).length;
      const res = await t.request("/api/category", {
        method: "POST",
        headers: { ...asBearer(admin), "Content-Type": "application/json" },
        body: "{nameEn:",
      });
      expect(res.status).toBe(400);
      expect(await messageOf(res)).toBe("The request body must be JSON.");
      const array = await add([]);
      expect(array.status).toBe(400);
      expect(((await array.json()) as { code: string }).code).toBe("request.invalid");
      expect((await listed()).length).toBe(count);
    });
  });

  describe("PUT /api/category/{id}", () => {
    it("renames a category in both languages and keeps its slug, and its position unless one is sent", async () => {
      const id = await added(unique("Scrapers"), unique("স্ক্র্যাপার"), 70);
      const { slug } = (await byId(id))!;
      const nameEn = unique("Card scrapers");
      const nameBn = unique("কার্ড স্ক্র্যাপার");
      const res = await rename(id, { nameEn, nameBn });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ acknowledged: true, modifiedCount: 1 });
      expect(await byId(id)).toMatchObject({ slug, name: nameEn, nameBn, position: 70 });
      expect((await rename(id, { nameEn, nameBn, position: 15 })).status).toBe(200);
      expect(await byId(id)).toMatchObject({ slug, position: 15 });
    });

    it("renames Other tools too, and keeps its slug", async () => {
      expect((await rename(OTHER_CATEGORY_ID, { nameEn: "Everything else", nameBn: "বাকি সব" })).status).toBe(200);
      expect(await byId(OTHER_CATEGORY_ID)).toMatchObject({
        slug: "other",
        name: "Everything else",
        nameBn: "বাকি সব",
      });
      await rename(OTHER_CATEGORY_ID, { nameEn: "Other tools", nameBn: "অন্যান্য সরঞ্জাম" });
    });

    it("refuses another category's name (409) and changes nothing", async () => {
      const taken = unique("Drawknives");
      await added(taken, unique("ড্রনাইফ"));
      const id = await added();
      const before = await byId(id);
      const res = await rename(id, { nameEn: taken.toLowerCase(), nameBn: unique("নতুন") });
      expect(res.status).toBe(409);
      expect(await messageOf(res)).toBe("A category already has that name");
      expect(await byId(id)).toEqual(before);
    });

    it("answers 404 for an unknown or malformed id, and 400 for a bad body", async () => {
      const names = { nameEn: unique("Nobody"), nameBn: unique("কেউ না") };
      for (const id of [randomUUID(), "chisels", "%00"]) {
        const res = await rename(id, names);
        expect(res.status, id).toBe(404);
        expect(await messageOf(res)).toBe("Category not found");
      }
      const id = await added();
      const res = await rename(id, { nameEn: "" });
      expect(res.status).toBe(400);
      expect(await messageOf(res)).toBe("English Name Is Required");
    });
  });

  describe("DELETE /api/category/{id}", () => {
    it("refuses a category that holds products (409, with their count) until they are moved, then removes it", async () => {
      const id = await added();
      const held = await productIn(id);
      await productIn(id);
      const refused = await remove(id);
      expect(refused.status).toBe(409);
      expect(await refused.json()).toEqual({
        code: "category.not_empty",
        params: { count: 2 },
        message: "This category still has 2 products: move them to another category first",
      });
      expect(await byId(id)).toMatchObject({ products: 2 });

      await t.database.db.update(product).set({ categoryId: OTHER_CATEGORY_ID }).where(eq(product.categoryId, id));
      const res = await remove(id);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ deletedCount: 1 });
      expect(await byId(id)).toBeUndefined();
      const [moved] = await t.database.db.select().from(product).where(eq(product.id, held.id));
      expect(moved?.categoryId).toBe(OTHER_CATEGORY_ID);

      const again = await remove(id);
      expect(again.status).toBe(404);
      expect(await messageOf(again)).toBe("Category not found");
    });

    it("never removes Other tools, even empty (409)", async () => {
      await t.database.db.delete(product).where(eq(product.categoryId, OTHER_CATEGORY_ID));
      const res = await remove(OTHER_CATEGORY_ID);
      expect(res.status).toBe(409);
      expect(await res.json()).toEqual({
        code: "category.keeps_other",
        message: "Other tools stays: products without a category sit there",
      });
      expect(await byId(OTHER_CATEGORY_ID)).toBeDefined();
    });

    it("answers 404 for an unknown or malformed id", async () => {
      for (const id of [randomUUID(), "not-an-id"]) expect((await remove(id)).status).toBe(404);
    });
  });

  it("refuses a customer every category write (403) and a stranger (401), and changes nothing", async () => {
    const customer = await signUp(t);
    const id = await added();
    const before = await listed();
    const names = { nameEn: unique("Hijacked"), nameBn: unique("দখল") };
    for (const headers of [asBearer(customer), asCookie(customer), {}]) {
      const expected = Object.keys(headers).length ? 403 : 401;
      const calls = [
        t.request("/api/category", jsonInit("POST", names, headers)),
        t.request(`/api/category/${id}`, jsonInit("PUT", names, headers)),
        t.request(`/api/category/${id}`, { method: "DELETE", headers }),
        t.request(`/api/category/${OTHER_CATEGORY_ID}`, { method: "DELETE", headers }),
      ];
      for (const res of await Promise.all(calls)) expect(res.status).toBe(expected);
    }
    expect(await listed()).toEqual(before);
  });

  it("a product added to a category while it is removed gets a clean answer: one or the other wins", async () => {
    for (let i = 0; i < 12; i++) {
      const id = await added();
      const [removal, adding] = await Promise.all([
        remove(id),
        t.request(
          "/api/product",
          jsonInit(
            "POST",
            {
              name: unique("Racing gouge"),
              price: 500,
              Availability: 40,
              minimumQuantity: 20,
              desc: "Sweep 7.",
              image: "/images/products/marking-gauge.svg",
              categoryId: id,
            },
            asBearer(admin),
          ),
        ),
      ]);
      const pair = `${removal.status} ${adding.status}`;
      expect(["200 400", "409 200"]).toContain(pair);
      const [row] = await t.database.db.select().from(category).where(eq(category.id, id));
      if (adding.status === 400) {
        expect(await adding.json()).toMatchObject({ code: "category.unknown", message: "Choose a category" });
        expect(row).toBeUndefined();
      } else {
        const { insertedId } = (await adding.json()) as { insertedId: string };
        expect(row).toBeDefined();
        const [made] = await t.database.db.select().from(product).where(eq(product.id, insertedId));
        expect(made?.categoryId).toBe(id);
      }
    }
  });
});
