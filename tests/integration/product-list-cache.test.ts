import { eq } from "drizzle-orm";
import pg from "pg";
import { beforeAll, describe, expect, it } from "vitest";
import { product } from "@server/db/schema";
import { asBearer, jsonInit, signUp, signUpAdmin, type TestAccount } from "../support/accounts";
import { makeProduct } from "../support/orders";
import { useTestApp } from "../support/test-app";

interface Listed {
  _id: string;
  Availability: number;
}

/** GET /api/product is kept in memory until the catalog changes; these are the changes it must not miss. */
describe("GET /api/product stays true to the database", () => {
  const t = useTestApp();
  let buyer: TestAccount;
  let admin: TestAccount;

  beforeAll(async () => {
    buyer = await signUp(t);
    admin = await signUpAdmin(t);
  });

  const listed = async (id: string) =>
    ((await (await t.request("/api/product")).json()) as Listed[]).find((p) => p._id === id);

  it("shows the stock an order just took", async () => {
    const { id } = await makeProduct(t, { availability: 200, minimumQuantity: 20 });
    expect((await listed(id))?.Availability).toBe(200);
    const res = await t.request("/api/order", jsonInit("POST", { productId: id, quantity: 40 }, asBearer(buyer)));
    expect(res.status).toBe(200);
    expect((await listed(id))?.Availability).toBe(160);
  });

  it("shows a product as soon as it is added, and not once it is deleted", async () => {
    await t.request("/api/product");
    const body = {
      name: "Cache Test Rasp",
      price: 900,
      Availability: 40,
      minimumQuantity: 20,
      desc: "A cabinet rasp.",
      image: "/images/products/marking-gauge.svg",
    };
    const added = await t.request("/api/product", jsonInit("POST", body, asBearer(admin)));
    const { insertedId } = (await added.json()) as { insertedId: string };
    expect((await listed(insertedId))?.Availability).toBe(40);
    await t.request(`/api/product/${insertedId}`, { method: "DELETE", headers: asBearer(admin) });
    expect(await listed(insertedId)).toBeUndefined();
  });

  it("shows a change another server process committed", async () => {
    // Made beside the API, as another process would: on PostgreSQL its announcement arrives a moment later.
    const { id } = await makeProduct(t, { availability: 500 });
    if (t.database.url) await expect.poll(async () => (await listed(id))?.Availability, { timeout: 5000 }).toBe(500);
    else expect((await listed(id))?.Availability).toBe(500);
    if (t.database.url) {
      // Another process's connection: its change reaches this one through the database's announcement.
      const other = new pg.Client({ connectionString: t.database.url });
      await other.connect();
      await other.query("update product set availability = 320 where id = $1", [id]);
      await other.end();
      await expect.poll(async () => (await listed(id))?.Availability, { timeout: 5000 }).toBe(320);
    } else {
      // An embedded database has one process; a change made beside the API is still seen at once.
      await t.database.db.update(product).set({ availability: 320 }).where(eq(product.id, id));
      expect((await listed(id))?.Availability).toBe(320);
    }
  });
});
