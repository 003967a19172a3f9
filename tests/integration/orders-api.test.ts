import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { OrderJson } from "@server/orders";
import { order, product, type NewProductRow } from "@server/db/schema";
import { findUserByEmail } from "@server/accounts/sql/user-rows";
import { asBearer, asCookie, jsonInit, signUp, signUpAdmin, type TestAccount } from "../support/accounts";
import { makeProduct as makeOwnProduct } from "../support/orders";
import { useTestApp } from "../support/test-app";

const PRODUCT_NOT_FOUND = "Product not found";
const ORDER_NOT_FOUND = "Order not found";
const KEY_REUSED = "This Idempotency-Key was already used for a different order.";
const BAD_KEY = "Idempotency-Key must be 1 to 255 visible ASCII characters";

/** A message code: `area.name`. */
const CODE = /^[a-z]+\.[a-z_]+$/;

describe("orders API", () => {
  const t = useTestApp();

  const makeProduct = (overrides: Partial<NewProductRow> = {}) => makeOwnProduct(t, overrides);

  async function stockOf(productId: string) {
    const [row] = await t.database.db
      .select({ availability: product.availability })
      .from(product)
      .where(eq(product.id, productId));
    return row!.availability;
  }

  async function orderCount() {
    return (await t.database.db.select({ id: order.id }).from(order)).length;
  }

  async function orderRow(id: string) {
    const [row] = await t.database.db.select().from(order).where(eq(order.id, id));
    return row!;
  }

  /** Stock of the product and the number of order rows, to show that a refused request changed nothing. */
  async function snapshot(productId: string) {
    return { stock: await stockOf(productId), orders: await orderCount() };
  }

  function post(body: unknown, headers: Record<string, string> = {}) {
    return t.request("/api/order", jsonInit("POST", body, headers));
  }

  async function placeOrder(buyer: TestAccount, productId: string, quantity: number) {
    const res = await post({ productId, quantity }, asBearer(buyer));
    expect(res.status).toBe(200);
    return ((await res.json()) as { insertedId: string }).insertedId;
  }

  async function getJson<T>(path: string, headers: Record<string, string>) {
    const res = await t.request(path, { headers });
    expect(res.status).toBe(200);
    return (await res.json()) as T;
  }

  async function messageOf(res: Response) {
    return ((await res.json()) as { message: string }).message;
  }

  describe("POST /api/order", () => {
    it("places an order for the signed-in buyer at the product's price and takes the pieces from stock", async () => {
      const buyer = await signUp(t);
      const item = await makeProduct({ pricePoisha: 125050, availability: 200 });
      const res = await post({ productId: item.id, quantity: 40 }, asCookie(buyer));
      expect(res.status).toBe(200);
      const body = (await res.json()) as { insertedId: string };
      expect(Object.keys(body)).toEqual(["insertedId"]);
      expect(await stockOf(item.id)).toBe(160);

      const row = await orderRow(body.insertedId);
      const stored = await findUserByEmail(t.database.db, buyer.email);
      expect(row).toMatchObject({
        buyerId: stored!.id,
        buyerEmail: buyer.email,
        buyerName: buyer.name,
        productId: item.id,
        productName: item.name,
        image: item.image,
        pricePoisha: 125050,
        quantity: 40,
        payablePoisha: 5_002_000,
        status: "unpaid",
        transactionId: null,
      });

      const json = await getJson<OrderJson>(`/api/order/${buyer.email}/${body.insertedId}`, asBearer(buyer));
      expect(json).toMatchObject({ price: 1250.5, quantity: 40, paybleAmount: 50020 });
    });

    it("ignores the buyer, product snapshot, amount and payment fields a client sends", async () => {
      const buyer = await signUp(t);
      const victim = await signUp(t);
      const item = await makeProduct({ pricePoisha: 89000 });
      const res = await post(
        {
          productId: item.id,
          quantity: 20,
          buyerEmail: victim.email,
          buyerName: "Mallory",
          productName: "Free Stuff",
          price: 0.01,
          image: "/evil.png",
          paybleAmount: 0.2,
          paid: true,
          status: "paid",
          transactionId: "tx_forged",
        },
        asBearer(buyer),
      );
      expect(res.status).toBe(200);
      const { insertedId } = (await res.json()) as { insertedId: string };
      const row = await orderRow(insertedId);
      expect(row).toMatchObject({
        buyerId: (await findUserByEmail(t.database.db, buyer.email))!.id,
        buyerEmail: buyer.email,
        buyerName: buyer.name,
        productName: item.name,
        image: item.image,
        pricePoisha: 89000,
        payablePoisha: 1_780_000,
        status: "unpaid",
        transactionId: null,
      });
      const json = await getJson<OrderJson>(`/api/order/${buyer.email}/${insertedId}`, asCookie(buyer));
      expect(json).toMatchObject({
        buyerEmail: buyer.email,
        price: 890,
        paybleAmount: 17800,
        paid: false,
        status: "unpaid",
        transactionId: null,
      });
      expect(await getJson<OrderJson[]>(`/api/order/${victim.email}`, asBearer(victim))).toEqual([]);
    });

    it("sells the last pieces: a quantity equal to the stock leaves zero", async () => {
      const buyer = await signUp(t);
      // An order may take the whole stock when the product allows it (otherwise at most half: no-hoarding.test.ts).
      const item = await makeProduct({ availability: 60, maxPerOrder: 60 });
      await placeOrder(buyer, item.id, 60);
      expect(await stockOf(item.id)).toBe(0);
    });

    it("answers 400 'You have to buy at least {min}' below the product's minimum and changes nothing", async () => {
      const buyer = await signUp(t);
      const item = await makeProduct({ minimumQuantity: 40, availability: 200 });
      const before = await snapshot(item.id);
      const res = await post({ productId: item.id, quantity: 39 }, asBearer(buyer));
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        code: "quantity.below_minimum",
        params: { min: 40 },
        message: "You have to buy at least 40",
      });
      expect(await snapshot(item.id)).toEqual(before);
    });

    it("answers 409 when the quantity is above the stock and changes nothing", async () => {
      const buyer = await signUp(t);
      const item = await makeProduct({ availability: 100 });
      const before = await snapshot(item.id);
      const res = await post({ productId: item.id, quantity: 120 }, asCookie(buyer));
      expect(res.status).toBe(409);
      expect(await res.json()).toEqual({
        code: "stock.too_low",
        message: "Order Quantity Must Be Smaller Than Available Quantity",
      });
      expect(await snapshot(item.id)).toEqual(before);
    });

    it("answers 401 'Please sign in first.' with no session and changes nothing", async () => {
      const item = await makeProduct();
      const before = await snapshot(item.id);
      const res = await post({ productId: item.id, quantity: 20 });
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ code: "auth.sign_in_required", message: "Please sign in first." });
      expect(await snapshot(item.id)).toEqual(before);
    });
  });

  describe("bad input to POST /api/order", () => {
    const unknownId = randomUUID();

    it.each<[string, Record<string, unknown>, number, string | null]>([
      ["a zero quantity", { quantity: 0 }, 400, "Quantity must be at least 1"],
      ["a negative quantity", { quantity: -20 }, 400, "Quantity must be at least 1"],
      ["a fractional quantity", { quantity: 20.5 }, 400, "Quantity must be a whole number of pieces"],
      ["a huge quantity (1e12)", { quantity: 1e12 }, 400, "One order can be at most 10,00,000 Pis"],
      ["MAX_SAFE_INTEGER", { quantity: Number.MAX_SAFE_INTEGER }, 400, "One order can be at most 10,00,000 Pis"],
      ["a numeric string", { quantity: "20" }, 400, "Quantity must be a number of pieces"],
      ["a text quantity", { quantity: "abc" }, 400, "Quantity must be a number of pieces"],
      ["a null quantity (what NaN becomes in JSON)", { quantity: null }, 400, "Quantity must be a number of pieces"],
      ["a boolean quantity", { quantity: true }, 400, "Quantity must be a number of pieces"],
      ["an object quantity", { quantity: {} }, 400, "Quantity must be a number of pieces"],
      ["a missing quantity", { quantity: undefined }, 400, "Quantity Is Required"],
      ["a missing product id", { productId: undefined }, 400, "Product Is Required"],
      ["a numeric product id", { productId: 12345 }, 400, "Product Is Required"],
      ["an unknown product id", { productId: unknownId }, 404, PRODUCT_NOT_FOUND],
      ["a malformed product id", { productId: "not-an-id" }, 404, PRODUCT_NOT_FOUND],
      ["an injection attempt as product id", { productId: "1' or '1'='1" }, 404, PRODUCT_NOT_FOUND],
    ])("refuses %s with a message and changes nothing", async (_label, change, status, message) => {
      const buyer = await signUp(t);
      const item = await makeProduct();
      const before = await snapshot(item.id);
      const body = { productId: item.id, quantity: 20, ...change };
      const res = await post(body, asBearer(buyer));
      expect(res.status).toBe(status);
      expect(await messageOf(res)).toBe(message);
      expect(await snapshot(item.id)).toEqual(before);
    });

    it.each<[string, (productId: string) => string]>([
      ["a body that is not JSON", (productId) => `{productId: ${productId}, quantity: 20`],
      ["an empty body", () => ""],
      ["a JSON array", (productId) => JSON.stringify([{ productId, quantity: 20 }])],
      ["a JSON string", (productId) => JSON.stringify(productId)],
    ])("refuses %s with 400 and a message, and changes nothing", async (_label, bodyFor) => {
      const buyer = await signUp(t);
      const item = await makeProduct();
      const before = await snapshot(item.id);
      const res = await t.request("/api/order", {
        method: "POST",
        headers: { ...asBearer(buyer), "Content-Type": "application/json" },
        body: bodyFor(item.id),
      });
      expect(res.status).toBe(400);
      expect((await messageOf(res)).length).toBeGreaterThan(0);
      expect(await snapshot(item.id)).toEqual(before);
    });
  });

  describe("Idempotency-Key", () => {
    it("replays the first order for the same key and body: same id, one row, stock taken once", async () => {
      const buyer = await signUp(t);
      const item = await makeProduct({ availability: 200 });
      const key = `order-${randomUUID()}`;
      const headers = { ...asBearer(buyer), "Idempotency-Key": key };
      const first = await post({ productId: item.id, quantity: 40 }, headers);
      const second = await post({ productId: item.id, quantity: 40 }, headers);
      expect(first.status).toBe(200);
      expect(second.status).toBe(200);
      expect(first.headers.get("Idempotent-Replayed")).toBeNull();
      expect(second.headers.get("Idempotent-Replayed")).toBe("true");
      const a = (await first.json()) as { insertedId: string };
      const b = (await second.json()) as { insertedId: string };
      expect(b.insertedId).toBe(a.insertedId);
      expect(await stockOf(item.id)).toBe(160);
      const rows = await t.database.db.select().from(order).where(eq(order.productId, item.id));
      expect(rows.map((r) => r.id)).toEqual([a.insertedId]);
    });

    it("replays the same order when the retry spells the product id in upper case", async () => {
      const buyer = await signUp(t);
      const item = await makeProduct({ availability: 200 });
      const headers = { ...asBearer(buyer), "Idempotency-Key": `order-${randomUUID()}` };
      const first = await post({ productId: item.id, quantity: 40 }, headers);
      const second = await post({ productId: item.id.toUpperCase(), quantity: 40 }, headers);
      expect(second.status).toBe(200);
      expect(((await second.json()) as { insertedId: string }).insertedId).toBe(
        ((await first.json()) as { insertedId: string }).insertedId,
      );
      expect(await stockOf(item.id)).toBe(160);
    });

    it("makes one order and one decrement for five simultaneous requests with the same key", async () => {
      const buyer = await signUp(t);
      const item = await makeProduct({ availability: 200 });
      const headers = { ...asCookie(buyer), "Idempotency-Key": `burst-${randomUUID()}` };
      const answers = await Promise.all(
        Array.from({ length: 5 }, () => post({ productId: item.id, quantity: 20 }, headers)),
      );
      expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
      const ids = await Promise.all(answers.map(async (r) => ((await r.json()) as { insertedId: string }).insertedId));
      expect(new Set(ids).size).toBe(1);
      expect(answers.filter((r) => r.headers.get("Idempotent-Replayed") === "true")).toHaveLength(4);
      expect(await stockOf(item.id)).toBe(180);
      const rows = await t.database.db.select().from(order).where(eq(order.productId, item.id));
      expect(rows.map((r) => r.id)).toEqual([ids[0]]);
    });

    it("answers simultaneous requests with the same key with the one order even when it took the last pieces", async () => {
      const buyer = await signUp(t);
      const item = await makeProduct({ availability: 20 });
      const headers = { ...asBearer(buyer), "Idempotency-Key": `last-${randomUUID()}` };
      const answers = await Promise.all(
        Array.from({ length: 5 }, () => post({ productId: item.id, quantity: 20 }, headers)),
      );
      expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
      const ids = await Promise.all(answers.map(async (r) => ((await r.json()) as { insertedId: string }).insertedId));
      expect(new Set(ids).size).toBe(1);
      expect(await stockOf(item.id)).toBe(0);
      const rows = await t.database.db.select().from(order).where(eq(order.productId, item.id));
      expect(rows.map((r) => r.id)).toEqual([ids[0]]);
    });

    it.each<[string, (productId: string, other: string) => { productId: string; quantity: number }]>([
      ["a different quantity", (productId) => ({ productId, quantity: 60 })],
      ["a different product", (_productId, other) => ({ productId: other, quantity: 20 })],
    ])("answers 409 for the same key with %s and changes nothing", async (_label, second) => {
      const buyer = await signUp(t);
      const item = await makeProduct();
      const other = await makeProduct();
      const headers = { ...asBearer(buyer), "Idempotency-Key": `reuse-${randomUUID()}` };
      expect((await post({ productId: item.id, quantity: 20 }, headers)).status).toBe(200);
      const before = { item: await snapshot(item.id), other: await stockOf(other.id) };
      const res = await post(second(item.id, other.id), headers);
      expect(res.status).toBe(409);
      expect(await res.json()).toEqual({ code: "order.idempotency_key_reused", message: KEY_REUSED });
      expect({ item: await snapshot(item.id), other: await stockOf(other.id) }).toEqual(before);
    });

    it("keeps keys per buyer: two customers using the same key make two orders", async () => {
      const first = await signUp(t);
      const second = await signUp(t);
      const item = await makeProduct({ availability: 200 });
      const key = `shared-${randomUUID()}`;
      const a = await post({ productId: item.id, quantity: 20 }, { ...asBearer(first), "Idempotency-Key": key });
      const b = await post({ productId: item.id, quantity: 20 }, { ...asBearer(second), "Idempotency-Key": key });
      expect(a.status).toBe(200);
      expect(b.status).toBe(200);
      expect(b.headers.get("Idempotent-Replayed")).toBeNull();
      const idA = ((await a.json()) as { insertedId: string }).insertedId;
      const idB = ((await b.json()) as { insertedId: string }).insertedId;
      expect(idA).not.toBe(idB);
      expect((await orderRow(idA)).buyerEmail).toBe(first.email);
      expect((await orderRow(idB)).buyerEmail).toBe(second.email);
      expect(await stockOf(item.id)).toBe(160);
    });

    it.each([
      ["300 characters long", "k".repeat(300)],
      ["containing a space", "my key"],
    ])("answers 400 for a key %s and changes nothing", async (_label, key) => {
      const buyer = await signUp(t);
      const item = await makeProduct();
      const before = await snapshot(item.id);
      const res = await post({ productId: item.id, quantity: 20 }, { ...asBearer(buyer), "Idempotency-Key": key });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ code: "order.idempotency_key_invalid", message: BAD_KEY });
      expect(await snapshot(item.id)).toEqual(before);
    });
  });

  describe("GET /api/order/{email}", () => {
    it("lists the user's own orders with the spec's fields and Tk amounts", async () => {
      const buyer = await signUp(t);
      const item = await makeProduct({ pricePoisha: 385050 });
      const id = await placeOrder(buyer, item.id, 20);
      const before = Date.now();
      const list = await getJson<OrderJson[]>(`/api/order/${buyer.email}`, asCookie(buyer));
      expect(list).toEqual([
        {
          _id: id,
          buyerEmail: buyer.email,
          buyerName: buyer.name,
          productId: item.id,
          productName: item.name,
          image: item.image,
          price: 3850.5,
          quantity: 20,
          paybleAmount: 77010,
          // The order's one line, and no delivery charge: the spec's call is goods only (decision 0030).
          items: [
            {
              productId: item.id,
              // The tool's one variant: its SKU as bought, and no option values.
              variantId: expect.any(String),
              sku: `RND-${item.id.replaceAll("-", "").slice(0, 12).toUpperCase()}`,
              variant: null,
              name: item.name,
              nameBn: null,
              image: item.image,
              price: 3850.5,
              quantity: 20,
              weight: 0,
            },
          ],
          deliveryCharge: 0,
          total: 77010,
          paid: false,
          status: "unpaid",
          transactionId: null,
          paymentMethod: null,
          delivery: null,
          createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
          expiresAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
          awaitingConfirmation: false,
          refund: null,
          cancelReason: null,
          // No BIN given, and no Mushak-6.3 issued: an unpaid order of a shop not registered for VAT.
          buyerBin: null,
          mushak: null,
          history: [{ status: "placed", at: expect.stringMatching(/^\d{4}-/), by: "buyer", reason: null }],
        },
      ]);
      expect(Math.abs(Date.parse(list[0]!.createdAt) - before)).toBeLessThan(60_000);
      // An unpaid order holds its stock for ORDER_HOLD_MINUTES (60).
      expect(Date.parse(list[0]!.expiresAt!) - Date.parse(list[0]!.createdAt)).toBeGreaterThan(59 * 60_000);
      expect(Date.parse(list[0]!.expiresAt!) - Date.parse(list[0]!.createdAt)).toBeLessThan(61 * 60_000);
    });

    it("lists only that user's orders, not another customer's", async () => {
      const buyer = await signUp(t);
      const other = await signUp(t);
      const item = await makeProduct();
      const mine = [await placeOrder(buyer, item.id, 20), await placeOrder(buyer, item.id, 40)];
      await placeOrder(other, item.id, 20);
      const list = await getJson<OrderJson[]>(`/api/order/${buyer.email}`, asBearer(buyer));
      expect(list.map((o) => o._id).sort()).toEqual([...mine].sort());
      expect(list.every((o) => o.buyerEmail === buyer.email)).toBe(true);
    });

    it("keeps a customer's orders from other customers (403) and strangers (401)", async () => {
      const buyer = await signUp(t);
      const other = await signUp(t);
      const item = await makeProduct();
      await placeOrder(buyer, item.id, 20);
      const res = await t.request(`/api/order/${buyer.email}`, { headers: asCookie(other) });
      expect(res.status).toBe(403);
      expect(JSON.stringify(await res.json())).not.toContain(item.name);
      const stranger = await t.request(`/api/order/${buyer.email}`);
      expect(stranger.status).toBe(401);
      expect(await stranger.json()).toEqual({ code: "auth.sign_in_required", message: "Please sign in first." });
    });

    it("lets an admin read anyone's orders", async () => {
      const buyer = await signUp(t);
      const admin = await signUpAdmin(t);
      const item = await makeProduct();
      const id = await placeOrder(buyer, item.id, 20);
      const list = await getJson<OrderJson[]>(`/api/order/${buyer.email}`, asBearer(admin));
      expect(list.map((o) => o._id)).toEqual([id]);
    });

    it("no longer lists a cancelled order", async () => {
      const buyer = await signUp(t);
      const item = await makeProduct();
      const kept = await placeOrder(buyer, item.id, 20);
      const cancelled = await placeOrder(buyer, item.id, 20);
      const del = await t.request(`/api/order/${cancelled}`, { method: "DELETE", headers: asBearer(buyer) });
      expect(del.status).toBe(200);
      const list = await getJson<OrderJson[]>(`/api/order/${buyer.email}`, asBearer(buyer));
      expect(list.map((o) => o._id)).toEqual([kept]);
    });
  });

  describe("GET /api/order/{email}/{orderId}", () => {
    it("answers the owner and an admin with the order", async () => {
      const buyer = await signUp(t);
      const admin = await signUpAdmin(t);
      const item = await makeProduct();
      const id = await placeOrder(buyer, item.id, 40);
      const [listed] = await getJson<OrderJson[]>(`/api/order/${buyer.email}`, asBearer(buyer));
      const own = await getJson<OrderJson>(`/api/order/${buyer.email}/${id}`, asCookie(buyer));
      expect(own).toEqual(listed);
      expect(own).toMatchObject({ _id: id, quantity: 40, productId: item.id });
      expect(await getJson<OrderJson>(`/api/order/${buyer.email}/${id}`, asBearer(admin))).toEqual(listed);
    });

    it("answers another customer 403 and a stranger 401", async () => {
      const buyer = await signUp(t);
      const other = await signUp(t);
      const item = await makeProduct();
      const id = await placeOrder(buyer, item.id, 20);
      expect((await t.request(`/api/order/${buyer.email}/${id}`, { headers: asBearer(other) })).status).toBe(403);
      expect((await t.request(`/api/order/${buyer.email}/${id}`)).status).toBe(401);
    });

    it("answers 404 for the owner's email with someone else's order id", async () => {
      const buyer = await signUp(t);
      const other = await signUp(t);
      const item = await makeProduct();
      const othersOrder = await placeOrder(other, item.id, 20);
      const res = await t.request(`/api/order/${buyer.email}/${othersOrder}`, { headers: asCookie(buyer) });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ code: "order.not_found", message: ORDER_NOT_FOUND });
    });

    it.each([
      ["an unknown id", randomUUID()],
      ["a malformed id", "not-an-id"],
      ["a Mongo-style id", "62a1f0c4e4b0a1b2c3d4e5f6"],
      ["an injection attempt", "1' or '1'='1"],
    ])("answers 404 'Order not found' for %s", async (_label, id) => {
      const buyer = await signUp(t);
      const res = await t.request(`/api/order/${buyer.email}/${encodeURIComponent(id)}`, {
        headers: asBearer(buyer),
      });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ code: "order.not_found", message: ORDER_NOT_FOUND });
    });

    it("answers 404 for a cancelled order", async () => {
      const buyer = await signUp(t);
      const item = await makeProduct();
      const id = await placeOrder(buyer, item.id, 20);
      expect((await t.request(`/api/order/${id}`, { method: "DELETE", headers: asBearer(buyer) })).status).toBe(200);
      const res = await t.request(`/api/order/${buyer.email}/${id}`, { headers: asBearer(buyer) });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ code: "order.not_found", message: ORDER_NOT_FOUND });
    });
  });

  describe("GET /api/order", () => {
    it("lists every order for an admin, cancelled ones included with status 'cancelled'", async () => {
      const first = await signUp(t);
      const second = await signUp(t);
      const admin = await signUpAdmin(t);
      const item = await makeProduct();
      const open = await placeOrder(first, item.id, 20);
      const cancelled = await placeOrder(second, item.id, 40);
      expect((await t.request(`/api/order/${cancelled}`, { method: "DELETE", headers: asBearer(second) })).status).toBe(
        200,
      );
      // A page of them, newest first: these two are on the first.
      const res = await t.request("/api/order", { headers: asCookie(admin) });
      const all = (await res.json()) as OrderJson[];
      const count = await orderCount();
      expect(res.headers.get("X-Total-Count")).toBe(String(count));
      expect(all).toHaveLength(Math.min(count, 100));
      expect(all.find((o) => o._id === open)).toMatchObject({ buyerEmail: first.email, status: "unpaid" });
      expect(all.find((o) => o._id === cancelled)).toMatchObject({
        buyerEmail: second.email,
        status: "cancelled",
        paid: false,
      });
    });

    it("keeps the list of all orders from customers (403) and strangers (401)", async () => {
      const customer = await signUp(t);
      const res = await t.request("/api/order", { headers: asBearer(customer) });
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ code: "auth.admins_only", message: "Only an admin can do that." });
      expect((await t.request("/api/order")).status).toBe(401);
    });
  });

  describe("DELETE /api/order/{id}", () => {
    function cancel(id: string, headers: Record<string, string> = {}) {
      return t.request(`/api/order/${encodeURIComponent(id)}`, { method: "DELETE", headers });
    }

    it("cancels the owner's unpaid order: the row is kept as 'cancelled' and the stock comes back", async () => {
      const buyer = await signUp(t);
      const item = await makeProduct({ availability: 200 });
      const id = await placeOrder(buyer, item.id, 60);
      expect(await stockOf(item.id)).toBe(140);
      const res = await cancel(id, asCookie(buyer));
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ deletedCount: 1 });
      expect((await orderRow(id)).status).toBe("cancelled");
      expect(await stockOf(item.id)).toBe(200);
      const list = await getJson<OrderJson[]>(`/api/order/${buyer.email}`, asCookie(buyer));
      expect(list.map((o) => o._id)).not.toContain(id);
    });

    it("answers 404 to cancelling the same order again and gives no stock back twice", async () => {
      const buyer = await signUp(t);
      const item = await makeProduct({ availability: 200 });
      const id = await placeOrder(buyer, item.id, 20);
      expect((await cancel(id, asBearer(buyer))).status).toBe(200);
      const again = await cancel(id, asBearer(buyer));
      expect(again.status).toBe(404);
      expect(await again.json()).toEqual({ code: "order.not_found", message: ORDER_NOT_FOUND });
      expect(await stockOf(item.id)).toBe(200);
    });

    it("answers another customer 403 and leaves the order and the stock alone", async () => {
      const buyer = await signUp(t);
      const other = await signUp(t);
      const item = await makeProduct({ availability: 200 });
      const id = await placeOrder(buyer, item.id, 20);
      const res = await cancel(id, asCookie(other));
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({
        code: "order.not_yours_to_cancel",
        message: "You can only cancel your own orders.",
      });
      expect((await orderRow(id)).status).toBe("unpaid");
      expect(await stockOf(item.id)).toBe(180);
    });

    it("lets an admin cancel a customer's order and gives the stock back", async () => {
      const buyer = await signUp(t);
      const admin = await signUpAdmin(t);
      const item = await makeProduct({ availability: 200 });
      const id = await placeOrder(buyer, item.id, 40);
      const res = await cancel(id, asBearer(admin));
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ deletedCount: 1 });
      expect((await orderRow(id)).status).toBe("cancelled");
      expect(await stockOf(item.id)).toBe(200);
    });

    it("answers 409 for a paid order to its owner, and keeps it and the stock", async () => {
      const buyer = await signUp(t);
      const item = await makeProduct({ availability: 200 });
      const id = await placeOrder(buyer, item.id, 20);
      await t.database.db.update(order).set({ status: "paid", transactionId: "pi_test_1" }).where(eq(order.id, id));
      const res = await cancel(id, asBearer(buyer));
      expect(res.status).toBe(409);
      expect(await res.json()).toEqual({
        code: "order.paid_not_cancellable",
        message: "This order is paid and cannot be cancelled.",
      });
      expect((await orderRow(id)).status).toBe("paid");
      expect(await stockOf(item.id)).toBe(180);
    });

    it.each([
      ["a malformed id", "not-an-id"],
      ["an unknown id", randomUUID()],
    ])("answers 404 'Order not found' for %s", async (_label, id) => {
      const buyer = await signUp(t);
      const res = await cancel(id, asBearer(buyer));
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ code: "order.not_found", message: ORDER_NOT_FOUND });
    });

    it("answers 401 with no session and leaves the order alone", async () => {
      const buyer = await signUp(t);
      const item = await makeProduct({ availability: 200 });
      const id = await placeOrder(buyer, item.id, 20);
      const res = await cancel(id);
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ code: "auth.sign_in_required", message: "Please sign in first." });
      expect((await orderRow(id)).status).toBe("unpaid");
      expect(await stockOf(item.id)).toBe(180);
    });
  });

  describe("PUT /api/product/{id}", () => {
    function setStock(id: string, body: unknown, headers: Record<string, string> = {}) {
      return t.request(`/api/product/${encodeURIComponent(id)}`, jsonInit("PUT", body, headers));
    }

    it("lets an admin set the stock count, zero included", async () => {
      const admin = await signUpAdmin(t);
      const item = await makeProduct({ availability: 200 });
      const res = await setStock(item.id, { Availability: 500 }, asCookie(admin));
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ acknowledged: true, modifiedCount: 1 });
      expect(await stockOf(item.id)).toBe(500);
      const product = (await (await t.request(`/api/product/${item.id}`)).json()) as { Availability: number };
      expect(product.Availability).toBe(500);
      expect((await setStock(item.id, { Availability: 0 }, asBearer(admin))).status).toBe(200);
      expect(await stockOf(item.id)).toBe(0);
    });

    it("answers a customer 403 and a stranger 401, and keeps the stock", async () => {
      const customer = await signUp(t);
      const item = await makeProduct({ availability: 200 });
      const forbidden = await setStock(item.id, { Availability: 999 }, asBearer(customer));
      expect(forbidden.status).toBe(403);
      expect(await forbidden.json()).toEqual({ code: "auth.admins_only", message: "Only an admin can do that." });
      const stranger = await setStock(item.id, { Availability: 999 });
      expect(stranger.status).toBe(401);
      expect(await stockOf(item.id)).toBe(200);
    });

    it.each<[string, unknown, string]>([
      ["a negative count", { Availability: -1 }, "Availability cannot be negative"],
      ["a fractional count", { Availability: 10.5 }, "Availability must be a whole number of pieces"],
      ["a text count", { Availability: "500" }, "Availability must be a number of pieces"],
      ["a null count", { Availability: null }, "Availability must be a number of pieces"],
      ["no field at all", {}, "Nothing to change: send the fields to update, such as Availability."],
    ])("answers 400 for %s and keeps the stock", async (_label, body, message) => {
      const admin = await signUpAdmin(t);
      const item = await makeProduct({ availability: 200 });
      const res = await setStock(item.id, body, asBearer(admin));
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ code: expect.stringMatching(CODE), message });
      expect(await stockOf(item.id)).toBe(200);
    });

    it.each([
      ["an unknown id", randomUUID()],
      ["a malformed id", "not-an-id"],
    ])("answers 404 for %s", async (_label, id) => {
      const admin = await signUpAdmin(t);
      const res = await setStock(id, { Availability: 10 }, asBearer(admin));
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ code: "product.not_found", message: PRODUCT_NOT_FOUND });
    });
  });

  describe("the order's product snapshot", () => {
    it("keeps the name, image and price the order was placed at when the product changes", async () => {
      const buyer = await signUp(t);
      const item = await makeProduct({ pricePoisha: 220000 });
      const id = await placeOrder(buyer, item.id, 20);
      const before = await getJson<OrderJson>(`/api/order/${buyer.email}/${id}`, asBearer(buyer));
      await t.database.db
        .update(product)
        .set({ name: "Renamed Plane", image: "/images/products/other.svg", pricePoisha: 990000 })
        .where(eq(product.id, item.id));
      const after = await getJson<OrderJson>(`/api/order/${buyer.email}/${id}`, asBearer(buyer));
      expect(after).toEqual(before);
      expect(after).toMatchObject({ productName: item.name, image: item.image, price: 2200, paybleAmount: 44000 });
    });
  });

  describe("DELETE /api/user/{email} of a customer with orders", () => {
    it("answers 409 and keeps the customer and their orders", async () => {
      const admin = await signUpAdmin(t);
      const buyer = await signUp(t);
      const item = await makeProduct();
      const id = await placeOrder(buyer, item.id, 20);
      const res = await t.request(`/api/user/${buyer.email}`, { method: "DELETE", headers: asCookie(admin) });
      expect(res.status).toBe(409);
      expect(await res.json()).toEqual({
        code: "user.has_orders",
        message: "This customer has orders; their account is kept with the shop's records.",
      });
      expect(await findUserByEmail(t.database.db, buyer.email)).toBeDefined();
      expect((await orderRow(id)).status).toBe("unpaid");
      expect((await t.request(`/api/order/${buyer.email}`, { headers: asBearer(buyer) })).status).toBe(200);
    });
  });
});
