import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { stockEntry } from "@server/db/schema";
import { expireOrders } from "@server/orders/expire-orders";
import { asBearer, jsonInit, signUp, signUpAdmin, type TestAccount } from "../support/accounts";
import { expiryJob } from "../support/contexts";
import { changedTables, fingerprint } from "../support/fingerprint";
import { call } from "../support/order-money";
import { makeProduct, TEST_DELIVERY } from "../support/orders";
import { expectLedgersBalanced } from "../support/stock-ledger";
import { useTestApp } from "../support/test-app";

interface EntryJson {
  _id: string;
  change: number;
  after: number;
  reason: string;
  orderId: string | null;
  by: string;
  byName: string | null;
  note: string | null;
  at: string;
}

const NEW_PRODUCT = {
  name: "Ledger Gauge",
  price: 850,
  Availability: 120,
  minimumQuantity: 20,
  desc: "A marking gauge.",
  image: "/images/products/marking-gauge.svg",
};

describe("the stock ledger: every change of a product's stock is a row, and the stock is their sum", () => {
  const t = useTestApp({ ORDER_HOLD_MINUTES: "1" });
  let admin: TestAccount;
  let buyer: TestAccount;
  let clock = new Date();

  beforeAll(async () => {
    t.services.now = () => clock;
    admin = await signUpAdmin(t, { name: "Farzana Admin" });
    buyer = await signUp(t, { name: "Rahim Buyer" });
  });

  async function ledgerOf(productId: string, query = ""): Promise<EntryJson[]> {
    const res = await t.request(`/api/product/${productId}/stock${query}`, { headers: asBearer(admin) });
    expect(res.status).toBe(200);
    return (await res.json()) as EntryJson[];
  }

  const record = (productId: string, body: unknown, who: TestAccount | null = admin) =>
    call(t, who, "POST", `/api/product/${productId}/stock`, body);

  async function stockOf(productId: string): Promise<number> {
    const res = await t.request(`/api/product/${productId}`);
    return ((await res.json()) as { Availability: number }).Availability;
  }

  it("opens with Add Product's stock in the admin's name; the spec's stock count is a stock-take", async () => {
    const added = await call(t, admin, "POST", "/api/product", NEW_PRODUCT);
    expect(added.status).toBe(200);
    const { insertedId: id } = (await added.json()) as { insertedId: string };
    expect(await ledgerOf(id)).toMatchObject([
      { change: 120, after: 120, reason: "opening", by: "admin", byName: "Farzana Admin", orderId: null },
    ]);

    expect((await call(t, admin, "PUT", `/api/product/${id}`, { Availability: 95 })).status).toBe(200);
    // The same count again changes nothing, so it writes nothing.
    expect((await call(t, admin, "PUT", `/api/product/${id}`, { Availability: 95, price: 900 })).status).toBe(200);
    const ledger = await ledgerOf(id);
    expect(ledger.map((e) => [e.reason, e.change, e.after])).toEqual([
      ["counted", -25, 95],
      ["opening", 120, 120],
    ]);
    expect(ledger[0]).toMatchObject({ by: "admin", byName: "Farzana Admin" });
    await expectLedgersBalanced(t.database.db, [id]);
  });

  it("records pieces received, written off and counted, with the note, and answers the stock after", async () => {
    const { id } = await makeProduct(t, { availability: 200 });
    const received = await record(id, { reason: "received", change: 60, note: "  From Kaptan Bazar  " });
    expect(received.status).toBe(200);
    expect(await received.json()).toMatchObject({ change: 60, Availability: 260, productAvailability: 260 });

    const damaged = await record(id, { reason: "damaged", change: -7, note: "Rusted in the monsoon" });
    expect(await damaged.json()).toMatchObject({ change: -7, Availability: 253, productAvailability: 253 });
    // A stock-take as the count on the shelf: the change is reckoned from the stock under its lock.
    const counted = await record(id, { reason: "counted", count: 250 });
    expect(await counted.json()).toMatchObject({ change: -3, Availability: 250, productAvailability: 250 });
    const found = await record(id, { reason: "counted", change: 4 });
    expect(await found.json()).toMatchObject({ change: 4, Availability: 254, productAvailability: 254 });

    expect(await stockOf(id)).toBe(254);
    expect((await ledgerOf(id)).map((e) => [e.reason, e.change, e.after, e.note])).toEqual([
      ["counted", 4, 254, null],
      ["counted", -3, 250, null],
      ["damaged", -7, 253, "Rusted in the monsoon"],
      ["received", 60, 260, "From Kaptan Bazar"],
      ["opening", 200, 200, "test data"],
    ]);
    await expectLedgersBalanced(t.database.db, [id]);
  });

  it("takes the product's id in capitals as the same product", async () => {
    const { id } = await makeProduct(t, { availability: 200 });
    const received = await record(id.toUpperCase(), { reason: "received", change: 5 });
    expect(received.status, await received.clone().text()).toBe(200);
    expect(await received.json()).toMatchObject({ change: 5, Availability: 205, productAvailability: 205 });
    await expectLedgersBalanced(t.database.db, [id]);
  });

  it("names the order and the buyer when an order takes pieces, and the store when its hold runs out", async () => {
    const { id } = await makeProduct(t, { availability: 300 });
    const placed = await call(t, buyer, "POST", "/api/order", { productId: id, quantity: 40, delivery: TEST_DELIVERY });
    const { insertedId: first } = (await placed.json()) as { insertedId: string };
    const second = await call(t, buyer, "POST", "/api/order", { productId: id, quantity: 20, delivery: TEST_DELIVERY });
    const { insertedId: other } = (await second.json()) as { insertedId: string };
    expect((await call(t, buyer, "DELETE", `/api/order/${first}`)).status).toBe(200);
    clock = new Date(clock.getTime() + 2 * 60_000);
    expect(await expireOrders(expiryJob(t))).toBeGreaterThanOrEqual(1);

    expect((await ledgerOf(id)).map((e) => [e.reason, e.change, e.after, e.orderId, e.by, e.byName])).toEqual([
      ["expired", 20, 300, other, "store", null],
      ["cancelled", 40, 280, first, "buyer", "Rahim Buyer"],
      ["placed", -20, 240, other, "buyer", "Rahim Buyer"],
      ["placed", -40, 260, first, "buyer", "Rahim Buyer"],
      ["opening", 300, 300, null, "store", null],
    ]);
    await expectLedgersBalanced(t.database.db, [id]);
  });

  it("a checkout of several lines writes a row per line, each with the stock after it", async () => {
    const [a, b] = [await makeProduct(t, { availability: 100 }), await makeProduct(t, { availability: 80 })];
    const cart = asBearer(buyer);
    for (const p of [a, b]) {
      const res = await t.request("/api/cart/items", jsonInit("POST", { productId: p.id, quantity: 20 }, cart));
      expect(res.status).toBe(200);
    }
    const res = await t.request("/api/checkout", jsonInit("POST", { delivery: TEST_DELIVERY }, cart));
    expect(res.status).toBe(200);
    const { insertedId } = (await res.json()) as { insertedId: string };
    expect((await ledgerOf(a.id))[0]).toMatchObject({ reason: "placed", change: -20, after: 80, orderId: insertedId });
    expect((await ledgerOf(b.id))[0]).toMatchObject({ reason: "placed", change: -20, after: 60, orderId: insertedId });
    await expectLedgersBalanced(t.database.db, [a.id, b.id]);
  });

  it("refuses what is not a change an admin may record, saying why, and changes nothing", async () => {
    const { id } = await makeProduct(t, { availability: 30 });
    const refusals: [unknown, number, string][] = [
      [{ reason: "received", change: -5 }, 400, "stock.received_positive"],
      [{ reason: "damaged", change: 5 }, 400, "stock.damaged_negative"],
      [{ reason: "counted", change: 0 }, 400, "stock.change_invalid"],
      [{ reason: "received" }, 400, "stock.change_required"],
      [{ reason: "received", change: 2.5 }, 400, "stock.change_invalid"],
      [{ reason: "received", change: 1_000_001 }, 400, "stock.change_invalid"],
      [{ reason: "received", count: 40 }, 400, "stock.count_only_counted"],
      [{ reason: "counted", count: 40, change: 10 }, 400, "stock.change_or_count"],
      [{ reason: "counted", count: -1 }, 400, "stock.count_invalid"],
      [{ reason: "counted", count: 30 }, 400, "stock.unchanged"],
      [{ reason: "placed", change: -5 }, 400, "stock.reason_unknown"],
      [{ reason: "received", change: 5, note: "x".repeat(201) }, 400, "stock.note_too_long"],
      [{ reason: "received", change: 5, note: "a\u202eb" }, 400, "stock.note_unsafe"],
      [{ reason: "damaged", change: -31 }, 409, "stock.below_zero"],
    ];
    for (const [body, status, code] of refusals) {
      const before = await fingerprint(t.database);
      const res = await record(id, body);
      const said = (await res.json()) as { code: string };
      expect([res.status, said.code], JSON.stringify(body)).toEqual([status, code]);
      // The rate limit's own counter is the only row a refused change may touch.
      expect(changedTables(before, await fingerprint(t.database)).filter((n) => n !== "public.request_limit")).toEqual(
        [],
      );
    }
    expect((await record(id, { reason: "damaged", change: -31 }).then((r) => r.json())).message).toBe(
      "The stock is 30 Pis: it cannot fall below zero",
    );
    expect(await stockOf(id)).toBe(30);
  });

  it("is for admins alone, about a product that exists", async () => {
    const { id } = await makeProduct(t);
    const body = { reason: "received", change: 10 };
    expect((await record(id, body, buyer)).status).toBe(403);
    expect((await record(id, body, null)).status).toBe(401);
    expect((await t.request(`/api/product/${id}/stock`, { headers: asBearer(buyer) })).status).toBe(403);
    expect((await t.request(`/api/product/${id}/stock`)).status).toBe(401);
    const nobody = "3f1c1f5e-8a0e-4a8e-9a53-0d2f8b1c9e11";
    expect((await record(nobody, body)).status).toBe(404);
    expect((await record("not-an-id", body)).status).toBe(404);
    expect((await t.request(`/api/product/${nobody}/stock`, { headers: asBearer(admin) })).status).toBe(404);
    const rows = await t.database.db.select().from(stockEntry).where(eq(stockEntry.productId, id));
    expect(rows.map((r) => r.reason)).toEqual(["opening"]);
  });

  it("is a list in pages, newest first, with the total", async () => {
    const { id } = await makeProduct(t, { availability: 10 });
    for (let i = 1; i <= 4; i++) expect((await record(id, { reason: "received", change: i })).status).toBe(200);
    const res = await t.request(`/api/product/${id}/stock?page=2&limit=2`, { headers: asBearer(admin) });
    expect(res.headers.get("x-total-count")).toBe("5");
    expect(res.headers.get("link")).toContain('rel="prev"');
    expect(((await res.json()) as EntryJson[]).map((e) => e.change)).toEqual([2, 1]);
    expect((await t.request(`/api/product/${id}/stock?limit=101`, { headers: asBearer(admin) })).status).toBe(400);
  });
});

describe("the stock changes' rate limit", () => {
  const t = useTestApp({ STOCK_LIMIT_PER_HOUR: "2" });

  it("refuses an admin's third change in an hour with 429, and records nothing for it", async () => {
    const admin = await signUpAdmin(t);
    const { id } = await makeProduct(t, { availability: 10 });
    const send = () => call(t, admin, "POST", `/api/product/${id}/stock`, { reason: "received", change: 5 });
    expect((await send()).status).toBe(200);
    expect((await send()).status).toBe(200);
    const refused = await send();
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    const rows = await t.database.db.select().from(stockEntry).where(eq(stockEntry.productId, id));
    expect(rows).toHaveLength(3);
  });
});
