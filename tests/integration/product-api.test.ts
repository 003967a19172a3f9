import { describe, expect, it } from "vitest";
import { product } from "@server/db/schema";
import { seedDemoData } from "@server/db/seed";
import { demoProducts } from "@server/db/seed-data";
import { useTestApp } from "../support/test-app";

describe("product API", () => {
  const t = useTestApp();

  it("lists nothing before the catalog is seeded", async () => {
    const res = await t.request("/api/product");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([]);
  });

  it("lists every seeded product with the spec's field names and Tk prices, newest first", async () => {
    await seedDemoData(t.database.db);
    const res = await t.request("/api/product");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/application\/json/);
    const body = (await res.json()) as Record<string, unknown>[];
    expect(body).toHaveLength(demoProducts.length);
    expect(Object.keys(body[0]!).sort()).toEqual(
      // The spec's fields, and the store's own: maxPerOrder (null: half of the stock), the category, the Bangla
      // name and description, whether the home page features it, what one piece weighs (the delivery charge) and
      // what its buyers' reviews give it, and its sizes: the lowest price, its options and its variants.
      [
        ...["Availability", "_id", "desc", "details", "image", "minimumQuantity", "name", "price"],
        ...["maxPerOrder", "categoryId", "nameBn", "descBn", "featured", "weight", "rating"],
        ...["priceFrom", "options", "variants", "images"],
      ].sort(),
    );
    expect(body.map((p) => p.name)).toEqual(demoProducts.map((p) => p.name));
    const plane = body.find((p) => p.name === "No. 4 Smoothing Plane")!;
    expect(plane.price).toBe(3850.5);
    expect(typeof plane.Availability).toBe("number");
    // The demo's auger bits come in four diameters: the spec's fields are the first one's, the stock all of theirs.
    const auger = body.find((p) => p.name === "Auger Drill Bit")!;
    expect(auger).toMatchObject({ price: 380, priceFrom: 380, minimumQuantity: 20, Availability: 700 });
    expect((auger.variants as { sku: string }[]).map((v) => v.sku)).toEqual(["AUG-06", "AUG-10", "AUG-12", "AUG-16"]);
  });

  it("keeps money in poisha in the database", async () => {
    const rows = await t.database.db.select().from(product);
    const plane = rows.find((p) => p.name === "No. 4 Smoothing Plane")!;
    expect(plane.pricePoisha).toBe(385050);
  });

  it("answers one product by id", async () => {
    const [first] = (await (await t.request("/api/product")).json()) as { _id: string; name: string }[];
    const res = await t.request(`/api/product/${first!._id}`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { _id: string; name: string };
    expect(body._id).toBe(first!._id);
    expect(body.name).toBe(first!.name);
  });

  it.each([
    ["an unknown id", "3f1c1f5e-8a0e-4a8e-9a53-0d2f8b1c9e11"],
    ["a malformed id", "not-an-id"],
    ["a Mongo-style id", "62a1f0c4e4b0a1b2c3d4e5f6"],
    ["an injection attempt", "1' or '1'='1"],
  ])("answers 404 with a message for %s, never 500", async (_label, id) => {
    const res = await t.request(`/api/product/${encodeURIComponent(id)}`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ code: "product.not_found", message: "Product not found" });
  });

  it("answers an unknown API path with a JSON 404", async () => {
    const res = await t.request("/api/nothing-here");
    expect(res.status).toBe(404);
    expect(((await res.json()) as { message: string }).message).toMatch(/No such API call/);
  });
});
