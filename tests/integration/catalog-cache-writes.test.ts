import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createApp } from "@server/app";
import { ChangeVersion } from "@server/cache/change-version";
import { product } from "@server/db/schema";
import { asBearer, asCookie, jsonInit, signUp, signUpAdmin, type TestAccount } from "../support/accounts";
import { makeProduct, TEST_DELIVERY } from "../support/orders";
import { TEST_ORIGIN, useTestApp } from "../support/test-app";

interface Listed {
  _id: string;
  Availability: number;
  name: string;
}

/**
 * The product list is kept until the catalog changes. Here the app's catalog version hears only this process's
 * own writes (not the database's announcements), so what drops the cache, and what does not, is the app's doing.
 */
describe("only writes that changed the catalog drop the cached product list", () => {
  const t = useTestApp();
  const version = new ChangeVersion();
  let app: ReturnType<typeof createApp>;
  let customer: TestAccount;
  let admin: TestAccount;

  beforeAll(async () => {
    version.setLive(true);
    app = createApp({ services: { ...t.services, catalogVersion: version } });
    customer = await signUp(t);
    admin = await signUpAdmin(t);
  });

  const request = async (path: string, init?: RequestInit) => app.request(path, init);
  const listed = async (id: string) =>
    ((await (await request("/api/product")).json()) as Listed[]).find((p) => p._id === id);

  /** A product whose stock is then changed behind the app's back: the list shows the old count while it is cached. */
  async function cachedProduct() {
    const { id } = await makeProduct(t, { availability: 300, minimumQuantity: 1 });
    version.bump();
    expect((await listed(id))?.Availability).toBe(300);
    await t.database.db.update(product).set({ availability: 299 }).where(eq(product.id, id));
    expect((await listed(id))?.Availability).toBe(300);
    return id;
  }

  const stranger = { "Content-Type": "application/json" };
  const refused: [what: string, status: number, send: () => Promise<Response>][] = [
    [
      "an anonymous POST to an unknown API path",
      404,
      () => request("/api/nowhere", { method: "POST", headers: stranger, body: "{}" }),
    ],
    [
      "an anonymous POST to an unknown page",
      404,
      () => request("/nowhere", { method: "POST", headers: stranger, body: "{}" }),
    ],
    [
      "an anonymous DELETE of a product",
      401,
      () => request(`/api/product/${crypto.randomUUID()}`, { method: "DELETE" }),
    ],
    [
      "a customer's new product",
      403,
      () => request("/api/product", jsonInit("POST", { name: "Nope" }, asBearer(customer))),
    ],
    [
      "an admin's product that does not pass the schema",
      400,
      () => request("/api/product", jsonInit("POST", { name: "" }, asBearer(admin))),
    ],
    [
      "an order for more than the stock",
      409,
      async () => {
        const { id } = await makeProduct(t, { availability: 5, minimumQuantity: 1 });
        return request("/api/order", jsonInit("POST", { productId: id, quantity: 21 }, asBearer(customer)));
      },
    ],
    [
      "a review without a comment",
      400,
      () => request("/api/review", jsonInit("POST", { rating: 4 }, asBearer(customer))),
    ],
    [
      "a cross-site write with the admin's cookie",
      403,
      () =>
        request("/api/product", {
          method: "POST",
          headers: { Cookie: admin.cookie, Origin: "https://evil.example", "Content-Type": "text/plain" },
          body: "{}",
        }),
    ],
    [
      "a body over the limit",
      413,
      () =>
        request("/api/review", {
          method: "POST",
          headers: { ...asBearer(customer), "Content-Type": "application/json" },
          body: "x".repeat(65 * 1024),
        }),
    ],
    [
      "a profile saved (not the catalog)",
      200,
      () => request(`/api/profile/${customer.email}`, jsonInit("PUT", { location: "Gazipur" }, asCookie(customer))),
    ],
  ];

  it.each(refused)("keeps the list after %s (%i)", async (_, status, send) => {
    const id = await cachedProduct();
    const before = version.current;
    const res = await send();
    expect(res.status).toBe(status);
    expect(version.current).toBe(before);
    expect((await listed(id))?.Availability).toBe(300);
  });

  it("shows a product's edit at once", async () => {
    const id = await cachedProduct();
    const res = await request(`/api/product/${id}`, jsonInit("PUT", { Availability: 42 }, asBearer(admin)));
    expect(res.status).toBe(200);
    expect((await listed(id))?.Availability).toBe(42);
  });

  it("shows a new product at once, and a deleted one gone", async () => {
    await request("/api/product");
    const body = {
      name: "Cache Write Rasp",
      price: 900,
      Availability: 40,
      minimumQuantity: 20,
      desc: "A cabinet rasp.",
      image: "/images/products/marking-gauge.svg",
    };
    const added = await request("/api/product", jsonInit("POST", body, asBearer(admin)));
    const { insertedId } = (await added.json()) as { insertedId: string };
    expect((await listed(insertedId))?.name).toBe("Cache Write Rasp");
    expect((await request(`/api/product/${insertedId}`, { method: "DELETE", headers: asBearer(admin) })).status).toBe(
      200,
    );
    expect(await listed(insertedId)).toBeUndefined();
  });

  it("shows the stock an order took, and gives it back when the order is cancelled", async () => {
    const id = await cachedProduct();
    const placed = await request(
      "/api/order",
      jsonInit("POST", { productId: id, quantity: 21, delivery: TEST_DELIVERY }, asBearer(customer)),
    );
    expect(placed.status).toBe(200);
    expect((await listed(id))?.Availability).toBe(278);
    const { insertedId } = (await placed.json()) as { insertedId: string };
    const cancelled = await request(`/api/order/${insertedId}`, { method: "DELETE", headers: asBearer(customer) });
    expect(cancelled.status).toBe(200);
    expect((await listed(id))?.Availability).toBe(299);
  });

  it("drops the list when a review is added", async () => {
    const id = await cachedProduct();
    const res = await request(
      "/api/review",
      jsonInit("POST", { rating: 5, comment: "Keeps an edge." }, asBearer(customer)),
    );
    expect(res.status).toBe(200);
    expect((await listed(id))?.Availability).toBe(299);
  });

  it("takes the same write through a page's origin the same way", async () => {
    const id = await cachedProduct();
    const res = await request(
      `/api/product/${id}`,
      jsonInit("PUT", { Availability: 7 }, { Cookie: admin.cookie, Origin: TEST_ORIGIN }),
    );
    expect(res.status).toBe(200);
    expect((await listed(id))?.Availability).toBe(7);
  });
});
