import { randomUUID } from "node:crypto";
import { and, count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { ProductJson } from "@server/catalog";
import { order, product } from "@server/db/schema";
import { asBearer, jsonInit, signUp, signUpAdmin, type TestAccount } from "../support/accounts";
import { readAnswer } from "../support/action-answer";
import { buyItNow } from "../support/cart-page-scenes";
import { makeProduct, TEST_DELIVERY } from "../support/orders";
import { usePageApp } from "../support/page-app";

const MAX_OPEN = 5;
const TOO_MANY_OPEN = `You already have ${MAX_OPEN} unpaid orders. Pay or cancel one before ordering again.`;
const atMost = (max: number) => `One order can take at most ${max} Pis of this tool`;
const STOCK_TOO_LOW = "Order Quantity Must Be Smaller Than Available Quantity";

describe("no hoarding", () => {
  const t = usePageApp({ MAX_OPEN_ORDERS: String(MAX_OPEN) });

  function placeOrder(buyer: TestAccount, productId: string, quantity = 20, key?: string) {
    const headers = { ...asBearer(buyer), ...(key ? { "Idempotency-Key": key } : {}) };
    return t.request("/api/order", jsonInit("POST", { productId, quantity, delivery: TEST_DELIVERY }, headers));
  }

  async function placed(buyer: TestAccount, productId: string, quantity = 20) {
    const res = await placeOrder(buyer, productId, quantity);
    expect(res.status, await res.clone().text()).toBe(200);
    return ((await res.json()) as { insertedId: string }).insertedId;
  }

  async function refusal(res: Response) {
    return { status: res.status, ...((await res.json()) as { message: string; code: string }) };
  }

  async function stockOf(productId: string) {
    const [row] = await t.database.db.select().from(product).where(eq(product.id, productId));
    return row!.availability;
  }

  async function ordersOf(buyer: TestAccount) {
    const [row] = await t.database.db.select({ n: count() }).from(order).where(eq(order.buyerEmail, buyer.email));
    return row!.n;
  }

  async function openOrdersOf(buyer: TestAccount) {
    const [row] = await t.database.db
      .select({ n: count() })
      .from(order)
      .where(and(eq(order.buyerEmail, buyer.email), eq(order.status, "unpaid")));
    return row!.n;
  }

  /** `MAX_OPEN` unpaid orders of the buyer, each of a product of its own. */
  async function atTheLimit(buyer: TestAccount) {
    const ids: string[] = [];
    for (let i = 0; i < MAX_OPEN; i++) ids.push(await placed(buyer, (await makeProduct(t)).id));
    return ids;
  }

  async function pay(buyer: TestAccount, orderId: string) {
    const intent = await t.request("/api/create-payment-intent", jsonInit("POST", { orderId }, asBearer(buyer)));
    expect(intent.status).toBe(200);
    const { clientSecret } = (await intent.json()) as { clientSecret: string };
    const card = { number: "4242 4242 4242 4242", expMonth: 12, expYear: 2034, cvc: "123" };
    const billingDetails = { name: "Karim", email: buyer.email };
    const res = await t.request("/api/payments/test/confirm", jsonInit("POST", { clientSecret, card, billingDetails }));
    expect(res.status).toBe(200);
  }

  describe(`at most MAX_OPEN_ORDERS (${MAX_OPEN}) unpaid orders a buyer`, () => {
    it("refuses one more with 409 and its message, and takes no stock", async () => {
      const buyer = await signUp(t);
      await atTheLimit(buyer);
      const { id } = await makeProduct(t);
      expect(await refusal(await placeOrder(buyer, id))).toEqual({
        status: 409,
        code: "order.too_many_open",
        message: TOO_MANY_OPEN,
        params: { max: MAX_OPEN },
      });
      expect(await stockOf(id)).toBe(200);
      expect(await ordersOf(buyer)).toBe(MAX_OPEN);
      // Another buyer is not held back.
      await placed(await signUp(t), id);
    });

    it("frees a slot when one is paid, confirmed by the shop for cash on delivery, or cancelled", async () => {
      const buyer = await signUp(t);
      const admin = await signUpAdmin(t);
      const [first, second, third] = await atTheLimit(buyer);
      const { id } = await makeProduct(t, { availability: 10_000 });

      await pay(buyer, first!);
      await placed(buyer, id);
      expect((await placeOrder(buyer, id)).status).toBe(409);

      const cod = await t.request(`/api/order/${second}/cash-on-delivery`, {
        method: "POST",
        headers: asBearer(buyer),
      });
      expect(cod.status).toBe(200);
      // Cash on delivery the shop has not confirmed still holds stock without money: still open.
      expect(await refusal(await placeOrder(buyer, id))).toMatchObject({ status: 409, code: "order.too_many_open" });
      const confirm = await t.request(`/api/order/${second}/confirm`, { method: "POST", headers: asBearer(admin) });
      expect(confirm.status).toBe(200);
      await placed(buyer, id);
      expect((await placeOrder(buyer, id)).status).toBe(409);

      const cancel = await t.request(`/api/order/${third}`, { method: "DELETE", headers: asBearer(buyer) });
      expect(cancel.status).toBe(200);
      await placed(buyer, id);
      expect(await refusal(await placeOrder(buyer, id))).toMatchObject({ status: 409, message: TOO_MANY_OPEN });
      expect(await openOrdersOf(buyer)).toBe(MAX_OPEN);
    });

    it("still answers a retried order with its Idempotency-Key at the limit, instead of refusing it", async () => {
      const buyer = await signUp(t);
      for (let i = 0; i < MAX_OPEN - 1; i++) await placed(buyer, (await makeProduct(t)).id);
      const { id } = await makeProduct(t);
      const key = randomUUID();
      const first = await placeOrder(buyer, id, 20, key);
      expect(first.status).toBe(200);
      const again = await placeOrder(buyer, id, 20, key);
      expect(again.status).toBe(200);
      expect(again.headers.get("Idempotent-Replayed")).toBe("true");
      expect(await again.json()).toEqual(await first.json());
      expect(await stockOf(id)).toBe(180);
    });

    it("lets exactly one of ten orders placed at once pass when the buyer holds one fewer than the limit", async () => {
      for (let round = 0; round < 5; round++) {
        const buyer = await signUp(t);
        for (let i = 0; i < MAX_OPEN - 1; i++) await placed(buyer, (await makeProduct(t)).id);
        const { id } = await makeProduct(t, { availability: 10_000 });
        const answers = await Promise.all(Array.from({ length: 10 }, () => placeOrder(buyer, id)));
        const statuses = answers.map((a) => a.status).sort();
        expect(statuses, `round ${round}`).toEqual([200, ...Array<number>(9).fill(409)]);
        for (const refused of answers.filter((a) => a.status === 409)) {
          expect(await refusal(refused)).toMatchObject({ code: "order.too_many_open" });
        }
        expect(await openOrdersOf(buyer)).toBe(MAX_OPEN);
        expect(await stockOf(id)).toBe(10_000 - 20);
      }
    });

    it("refuses Buy It Now (checkout's Place order of its line) with the same 409 and message", async () => {
      const buyer = await signUp(t);
      await atTheLimit(buyer);
      const { id } = await makeProduct(t);
      const answer = await readAnswer(await buyItNow(t, buyer, id, 20));
      expect(answer).toMatchObject({ status: 409, refused: true, message: TOO_MANY_OPEN });
      expect(await stockOf(id)).toBe(200);
    });
  });

  describe("one order takes at most half of the stock, unless the product says otherwise", () => {
    it("takes exactly half, and refuses more with 409 naming the number", async () => {
      const buyer = await signUp(t);
      const { id } = await makeProduct(t, { availability: 200, minimumQuantity: 20 });
      expect(await refusal(await placeOrder(buyer, id, 120))).toEqual({
        status: 409,
        code: "stock.over_per_order",
        message: atMost(100),
        params: { max: 100 },
      });
      expect(await refusal(await placeOrder(buyer, id, 120))).toMatchObject({ message: atMost(100) });
      expect(await stockOf(id)).toBe(200);
      await placed(buyer, id, 100);
      // Half of what is left now, for another buyer (this one holds one order's worth already).
      const other = await signUp(t);
      expect(await refusal(await placeOrder(other, id, 60))).toMatchObject({ status: 409, message: atMost(50) });
      await placed(other, id, 40);
      expect(await stockOf(id)).toBe(60);
    });

    it("rounds half down", async () => {
      const buyer = await signUp(t);
      const { id } = await makeProduct(t, { availability: 41, minimumQuantity: 1 });
      expect(await refusal(await placeOrder(buyer, id, 21))).toMatchObject({ status: 409, message: atMost(20) });
      await placed(buyer, id, 1);
    });

    it("still sells the minimum order when half of the stock is less, so the last pieces can go", async () => {
      const buyer = await signUp(t);
      // Half of 48 is 24, under the minimum of 25: one order may still take 25 (45 is on the step, and refused).
      const low = await makeProduct(t, { availability: 48, minimumQuantity: 25 });
      expect(await refusal(await placeOrder(buyer, low.id, 45))).toMatchObject({ status: 409, message: atMost(25) });
      await placed(buyer, low.id, 25);
      expect(await stockOf(low.id)).toBe(23);
      const last = await makeProduct(t, { availability: 1, minimumQuantity: 1 });
      await placed(buyer, last.id, 1);
      expect(await stockOf(last.id)).toBe(0);
    });

    it("refuses more than the stock as before, whatever the limit", async () => {
      const buyer = await signUp(t);
      const { id } = await makeProduct(t, { availability: 100, maxPerOrder: 500 });
      expect(await refusal(await placeOrder(buyer, id, 120))).toMatchObject({ status: 409, message: STOCK_TOO_LOW });
      await placed(buyer, id, 100);
    });

    it("refuses Add to cart and Buy It Now (Place order of its line) over the limit with the same 409 and message", async () => {
      const buyer = await signUp(t);
      const { id } = await makeProduct(t);
      const added = await readAnswer(
        await t.postForm("/cart", { intent: "add", productId: id, quantity: "120" }, buyer),
      );
      expect(added).toMatchObject({ status: 409, refused: true, message: atMost(100) });
      const answer = await readAnswer(await buyItNow(t, buyer, id, 120));
      expect(answer).toMatchObject({ status: 409, refused: true, message: atMost(100) });
      expect(await stockOf(id)).toBe(200);
      const done = await readAnswer(await buyItNow(t, buyer, id, 100));
      expect(done).toMatchObject({
        status: 302,
        location: expect.stringMatching(/^\/dashboard\/payment\/[0-9a-f-]{36}$/),
      });
      expect(await stockOf(id)).toBe(100);
    });
  });

  describe("a product's own maxPerOrder", () => {
    const body = (extra: Record<string, unknown> = {}) => ({
      name: `Dovetail Saw ${randomUUID().slice(0, 8)}`,
      image: "/images/products/marking-gauge.svg",
      price: 1450.5,
      minimumQuantity: 20,
      Availability: 1000,
      desc: "Cuts fine joints.",
      ...extra,
    });

    async function added(admin: TestAccount, extra: Record<string, unknown>) {
      const res = await t.request("/api/product", jsonInit("POST", body(extra), asBearer(admin)));
      expect(res.status, await res.clone().text()).toBe(200);
      return ((await res.json()) as { insertedId: string }).insertedId;
    }

    async function productJson(id: string) {
      return { product: (await (await t.request(`/api/product/${id}`)).json()) as ProductJson };
    }

    it("is set through the API, shown in the product's JSON, and replaces the half-stock rule", async () => {
      const admin = await signUpAdmin(t);
      const buyer = await signUp(t);
      const small = await added(admin, { maxPerOrder: 60 });
      expect((await productJson(small)).product.maxPerOrder).toBe(60);
      expect(await refusal(await placeOrder(buyer, small, 80))).toEqual({
        status: 409,
        code: "stock.over_per_order",
        message: atMost(60),
        params: { max: 60 },
      });
      await placed(buyer, small, 60);

      // More than half of the stock, when the admin says so.
      const big = await added(admin, { Availability: 200, maxPerOrder: 160 });
      await placed(buyer, big, 160);
      expect(await stockOf(big)).toBe(40);

      const plain = await added(admin, {});
      expect((await productJson(plain)).product.maxPerOrder).toBeNull();
    });

    it("is changed and cleared with PUT; null brings the half-stock rule back", async () => {
      const admin = await signUpAdmin(t);
      const buyer = await signUp(t);
      const id = await added(admin, { maxPerOrder: 60 });
      const put = (changes: Record<string, unknown>) =>
        t.request(`/api/product/${id}`, jsonInit("PUT", changes, asBearer(admin)));
      expect((await put({ maxPerOrder: 80 })).status).toBe(200);
      expect((await productJson(id)).product.maxPerOrder).toBe(80);
      expect((await put({ maxPerOrder: null })).status).toBe(200);
      expect((await productJson(id)).product.maxPerOrder).toBeNull();
      await placed(buyer, id, 500);
    });

    it.each([
      [{ maxPerOrder: 2.5 }, "Most Per Order must be a whole number of pieces"],
      [{ maxPerOrder: 0 }, "Most Per Order must be at least 1"],
      [{ maxPerOrder: "ten" }, "Most Per Order must be a number of pieces"],
      [{ maxPerOrder: 1_000_001 }, "Most Per Order can be at most 10,00,000 Pis"],
      [{ maxPerOrder: 10, minimumQuantity: 20 }, "Most Per Order cannot be less than the Minimum Quantity"],
    ])("refuses %j with 400 and adds nothing", async (extra, message) => {
      const admin = await signUpAdmin(t);
      const [before] = await t.database.db.select({ n: count() }).from(product);
      const res = await t.request("/api/product", jsonInit("POST", body(extra), asBearer(admin)));
      expect(await refusal(res)).toMatchObject({ status: 400, message });
      const [after] = await t.database.db.select({ n: count() }).from(product);
      expect(after!.n).toBe(before!.n);
    });

    it("refuses a PUT that would put it under the stored minimum, or the minimum over it, and changes nothing", async () => {
      const admin = await signUpAdmin(t);
      const id = await added(admin, { maxPerOrder: 60 });
      const put = (changes: Record<string, unknown>) =>
        t.request(`/api/product/${id}`, jsonInit("PUT", changes, asBearer(admin)));
      const below = "Most Per Order cannot be less than the Minimum Quantity";
      expect(await refusal(await put({ maxPerOrder: 10 }))).toMatchObject({ status: 400, message: below });
      expect(await refusal(await put({ minimumQuantity: 80 }))).toMatchObject({ status: 400, message: below });
      expect((await productJson(id)).product).toMatchObject({ maxPerOrder: 60, minimumQuantity: 20 });
    });

    it("is set in Add Product and changed or cleared in Edit Product", async () => {
      const admin = await signUpAdmin(t);
      const name = `Spokeshave ${randomUUID().slice(0, 8)}`;
      const fields = {
        name,
        price: "950",
        availability: "400",
        minimumQuantity: "20",
        maxPerOrder: "300",
        description: "Shapes curves.",
        details: "",
        image: "/images/products/marking-gauge.svg",
      };
      const add = await readAnswer(await t.postForm("/dashboard/addproduct", fields, admin));
      expect(add).toMatchObject({ status: 200, done: true });
      const [row] = await t.database.db.select().from(product).where(eq(product.name, name));
      expect(row!.maxPerOrder).toBe(300);

      const edit = (changes: Record<string, string>) =>
        t.postForm(`/dashboard/manageproduct/${row!.id}`, { ...fields, ...changes }, admin).then(readAnswer);
      expect(await edit({ maxPerOrder: "120" })).toMatchObject({ status: 200, done: true });
      expect((await productJson(row!.id)).product.maxPerOrder).toBe(120);

      const refused = await edit({ maxPerOrder: "5" });
      expect(refused).toMatchObject({ status: 400, refused: true });
      expect(refused.formErrors).toMatchObject({
        maxPerOrder: "Most Per Order cannot be less than the Minimum Quantity",
      });
      expect((await productJson(row!.id)).product.maxPerOrder).toBe(120);

      expect(await edit({ maxPerOrder: "" })).toMatchObject({ status: 200, done: true });
      expect((await productJson(row!.id)).product.maxPerOrder).toBeNull();
    });

    it("is refused over it through Add to cart and Buy It Now (Place order of its line) with the same message", async () => {
      const buyer = await signUp(t);
      const { id } = await makeProduct(t, { availability: 1000, maxPerOrder: 40 });
      const added = await readAnswer(
        await t.postForm("/cart", { intent: "add", productId: id, quantity: "60" }, buyer),
      );
      expect(added).toMatchObject({ status: 409, refused: true, message: atMost(40) });
      const answer = await readAnswer(await buyItNow(t, buyer, id, 60));
      expect(answer).toMatchObject({ status: 409, refused: true, message: atMost(40) });
      expect(await stockOf(id)).toBe(1000);
    });
  });
});
