import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import type { ProductJson } from "@server/catalog";
import { OTHER_CATEGORY_ID } from "@server/db/schema";
import { asBearer, jsonInit, signUpAdmin, type TestAccount } from "../support/accounts";
import { messageOf } from "../support/orders";
import { useTestApp } from "../support/test-app";

/** A product's category, Bangla name and description, and featured mark, through POST and PUT /api/product. */
describe("a product's category, Bangla texts and featured mark", () => {
  const t = useTestApp();
  let admin: TestAccount;
  let chisels: string;
  let planes: string;

  beforeAll(async () => {
    admin = await signUpAdmin(t);
    chisels = await categoryNamed("Chisels", "বাটালি");
    planes = await categoryNamed("Planes", "রান্দা");
  });

  async function categoryNamed(nameEn: string, nameBn: string) {
    const res = await t.request("/api/category", jsonInit("POST", { nameEn, nameBn }, asBearer(admin)));
    expect(res.status).toBe(200);
    return ((await res.json()) as { insertedId: string }).insertedId;
  }

  const body = (overrides: Record<string, unknown> = {}) => ({
    name: `Mortise Chisel ${randomUUID().slice(0, 6)}`,
    price: 780,
    Availability: 100,
    minimumQuantity: 20,
    desc: "Thick blade for levering out waste.",
    image: "/images/products/marking-gauge.svg",
    ...overrides,
  });

  async function added(overrides: Record<string, unknown> = {}) {
    const res = await t.request("/api/product", jsonInit("POST", body(overrides), asBearer(admin)));
    expect(res.status, await res.clone().text()).toBe(200);
    return ((await res.json()) as { insertedId: string }).insertedId;
  }

  const read = async (id: string) => (await (await t.request(`/api/product/${id}`)).json()) as ProductJson;
  const put = (id: string, changes: unknown) =>
    t.request(`/api/product/${id}`, jsonInit("PUT", changes, asBearer(admin)));
  const productCount = async () => {
    const res = await t.request("/api/product");
    return Number(res.headers.get("X-Total-Count"));
  };

  it("adds a product in a category, with its Bangla name and description, featured", async () => {
    const id = await added({
      categoryId: chisels,
      nameBn: "  মর্টিস বাটালি  ",
      descBn: "বর্জ্য তুলে আনার জন্য মোটা ফলা।",
      featured: true,
    });
    expect(await read(id)).toMatchObject({
      categoryId: chisels,
      nameBn: "মর্টিস বাটালি",
      descBn: "বর্জ্য তুলে আনার জন্য মোটা ফলা।",
      featured: true,
    });
  });

  it("adds a product without them on Other tools, with no Bangla texts, not featured", async () => {
    const id = await added();
    expect(await read(id)).toMatchObject({
      categoryId: OTHER_CATEGORY_ID,
      nameBn: null,
      descBn: null,
      featured: false,
    });
    const counts = (await (await t.request("/api/category")).json()) as { _id: string; products: number }[];
    expect(counts.find((c) => c._id === OTHER_CATEGORY_ID)?.products).toBeGreaterThanOrEqual(1);
  });

  it("moves a product to another category, clears its Bangla texts with empty or null, and unmarks it", async () => {
    const id = await added({ categoryId: chisels, nameBn: "বাটালি", descBn: "ধারালো।", featured: true });
    expect((await put(id, { categoryId: planes })).status).toBe(200);
    expect(await read(id)).toMatchObject({ categoryId: planes, nameBn: "বাটালি", descBn: "ধারালো।", featured: true });
    expect((await put(id, { nameBn: "", descBn: null, featured: false })).status).toBe(200);
    expect(await read(id)).toMatchObject({ categoryId: planes, nameBn: null, descBn: null, featured: false });
    // A text of spaces is none too.
    expect((await put(id, { nameBn: "   " })).status).toBe(200);
    expect((await read(id)).nameBn).toBeNull();
  });

  it.each<[string, Record<string, unknown>, string, string]>([
    ["an unknown category", { categoryId: randomUUID() }, "category.unknown", "Choose a category"],
    ["a category's slug for its id", { categoryId: "chisels" }, "category.unknown", "Choose a category"],
    ["a null category", { categoryId: null }, "category.unknown", "Choose a category"],
    [
      "a Bangla name over 200 characters",
      { nameBn: "ক".repeat(201) },
      "product.name_bn_too_long",
      "Bangla Name can be at most 200 characters",
    ],
    ["a Bangla name that is a number", { nameBn: 7 }, "product.name_bn_not_text", "Bangla Name must be text"],
    [
      "a Bangla description over 5000 characters",
      { descBn: "খ".repeat(5001) },
      "product.description_bn_too_long",
      "Bangla Description can be at most 5000 characters",
    ],
    ["featured as text", { featured: "yes" }, "product.featured_invalid", "Featured must be true or false"],
  ])("refuses %s with 400 and adds nothing", async (_, change, code, message) => {
    const before = await productCount();
    const res = await t.request("/api/product", jsonInit("POST", body(change), asBearer(admin)));
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code, message });
    expect(await productCount()).toBe(before);
  });

  it("refuses a move to an unknown category with 400 and keeps the product where it was", async () => {
    const id = await added({ categoryId: chisels });
    const res = await put(id, { categoryId: randomUUID() });
    expect(res.status).toBe(400);
    expect(await messageOf(res)).toBe("Choose a category");
    expect((await read(id)).categoryId).toBe(chisels);
  });

  it("refuses a category removed since the form was loaded with 400, not a failure of the store's", async () => {
    const gone = await categoryNamed(`Gone ${randomUUID().slice(0, 6)}`, `নেই ${randomUUID().slice(0, 6)}`);
    expect((await t.request(`/api/category/${gone}`, { method: "DELETE", headers: asBearer(admin) })).status).toBe(200);
    const before = await productCount();
    const res = await t.request("/api/product", jsonInit("POST", body({ categoryId: gone }), asBearer(admin)));
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: "category.unknown" });
    expect(await productCount()).toBe(before);
  });
});
