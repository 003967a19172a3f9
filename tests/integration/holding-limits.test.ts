import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { OrderJson } from "@server/orders";
import { order, product } from "@server/db/schema";
import type { Message } from "@shared/messages";
import { translate } from "~/i18n/use-message";
import { asBearer, jsonInit, signUp, signUpAdmin, type TestAccount } from "../support/accounts";
import { readAnswer } from "../support/action-answer";
import { buyItNow } from "../support/cart-page-scenes";
import { makeProduct, TEST_DELIVERY } from "../support/orders";
import { usePageApp } from "../support/page-app";

// Issue "No one holds the stock hostage" (decision 0026): what one buyer's open orders hold together, what
// cash-on-delivery orders awaiting the shop hold for one phone, the shop's confirmation, the step of 20 as a rule,
// and a race with the deletion of the buyer answered 409.

const holding = (held: number, max: number) =>
  `Your orders not yet paid or confirmed already hold ${held} Pis of this tool; one buyer may hold at most ${max}. ` +
  "Pay for or cancel one before ordering more.";

describe("no one holds the stock hostage", () => {
  const t = usePageApp();

  function placeOrder(buyer: TestAccount, productId: string, quantity: number, phone = TEST_DELIVERY.phone) {
    const delivery = { ...TEST_DELIVERY, phone };
    return t.request("/api/order", jsonInit("POST", { productId, quantity, delivery }, asBearer(buyer)));
  }

  async function placed(buyer: TestAccount, productId: string, quantity: number, phone?: string) {
    const res = await placeOrder(buyer, productId, quantity, phone);
    expect(res.status, await res.clone().text()).toBe(200);
    return ((await res.json()) as { insertedId: string }).insertedId;
  }

  const post = (as: TestAccount, path: string) => t.request(path, { method: "POST", headers: asBearer(as) });
  const chooseCod = (buyer: TestAccount, orderId: string) => post(buyer, `/api/order/${orderId}/cash-on-delivery`);
  const confirm = (admin: TestAccount, orderId: string) => post(admin, `/api/order/${orderId}/confirm`);

  async function refusal(res: Response) {
    return { status: res.status, ...((await res.json()) as { message: string; code: string; params?: unknown }) };
  }

  async function stockOf(productId: string) {
    const [row] = await t.database.db.select().from(product).where(eq(product.id, productId));
    return row!.availability;
  }

  async function adminView(admin: TestAccount, orderId: string) {
    const res = await t.request(`/api/order?q=${orderId}`, { headers: asBearer(admin) });
    return ((await res.json()) as OrderJson[]).find((o) => o._id === orderId)!;
  }

  describe("one buyer's open orders together hold at most one order's worth of a product", () => {
    it("refuses unpaid orders of 300 then 140 of 600 (the attack held 300, 150, 75 and 40) with 409", async () => {
      const buyer = await signUp(t);
      const { id } = await makeProduct(t, { availability: 600, minimumQuantity: 20 });
      await placed(buyer, id, 300);
      expect(await refusal(await placeOrder(buyer, id, 140))).toEqual({
        status: 409,
        code: "order.holding_limit",
        message: holding(300, 300),
        params: { held: 300, max: 300 },
      });
      expect(await refusal(await placeOrder(buyer, id, 20))).toMatchObject({
        status: 409,
        code: "order.holding_limit",
      });
      expect(await stockOf(id)).toBe(300);
      // Another buyer is not held back by the first one's holdings.
      await placed(await signUp(t), id, 140);
      expect(await stockOf(id)).toBe(160);
    });

    it("counts cash-on-delivery orders the shop has not confirmed: 80 then 40 of 160 refused, until the shop confirms", async () => {
      const buyer = await signUp(t);
      const admin = await signUpAdmin(t);
      const { id } = await makeProduct(t, { availability: 160, minimumQuantity: 20 });
      const first = await placed(buyer, id, 80);
      expect((await chooseCod(buyer, first)).status).toBe(200);
      expect(await refusal(await placeOrder(buyer, id, 40))).toMatchObject({
        status: 409,
        code: "order.holding_limit",
        params: { held: 80, max: 80 },
      });
      expect(await stockOf(id)).toBe(80);

      // Confirmed by the shop (by phone), it no longer counts: the buyer may order again, by today's stock.
      expect((await confirm(admin, first)).status).toBe(200);
      await placed(buyer, id, 40);
      expect(await stockOf(id)).toBe(40);
    });

    it("frees what an order held when it is paid, cancelled or expires", async () => {
      const buyer = await signUp(t);
      const { id } = await makeProduct(t, { availability: 400, minimumQuantity: 20 });
      const first = await placed(buyer, id, 200);
      expect((await placeOrder(buyer, id, 20)).status).toBe(409);
      expect((await t.request(`/api/order/${first}`, { method: "DELETE", headers: asBearer(buyer) })).status).toBe(200);
      await placed(buyer, id, 200);
    });

    it("refuses Buy It Now (checkout's Place order of its line) with the same 409, in English and in Bangla", async () => {
      const buyer = await signUp(t);
      const { id, variantId } = await makeProduct(t, { availability: 160, minimumQuantity: 20 });
      await placed(buyer, id, 80);
      const english = await readAnswer(await buyItNow(t, buyer, id, 40));
      expect(english).toMatchObject({ status: 409, refused: true, message: holding(80, 80) });
      // The page shows the refusal's code, beside its line, in the reader's language.
      const said = (english.data as { errors: Record<string, Message> }).errors[`lines.${variantId}`]!;
      expect(translate(said, "bn")).toBe(
        "আপনার পরিশোধ বা নিশ্চিত না হওয়া অর্ডারগুলোতে এই যন্ত্রের ৮০ পিস ধরা আছে; একজন ক্রেতা সর্বোচ্চ ৮০ পিস ধরে " +
          "রাখতে পারেন। আরও অর্ডার করার আগে একটির মূল্য পরিশোধ করুন বা বাতিল করুন।",
      );
      expect(await stockOf(id)).toBe(80);
    });
  });

  describe("cash-on-delivery orders awaiting the shop hold at most one order's worth per phone number", () => {
    it("refuses a second account's cash on delivery to the same phone past the limit, with 409", async () => {
      const [a, b, c] = [await signUp(t), await signUp(t), await signUp(t)];
      const admin = await signUpAdmin(t);
      const phone = "01811223344";
      const { id } = await makeProduct(t, { availability: 400, minimumQuantity: 20 });
      const first = await placed(a, id, 120, phone);
      expect((await chooseCod(a, first)).status).toBe(200);

      const second = await placed(b, id, 100, phone);
      expect(await refusal(await chooseCod(b, second))).toEqual({
        status: 409,
        code: "order.phone_holding_limit",
        message:
          "Cash-on-delivery orders to this phone number already wait for 120 Pis of this tool; at most 200 may " +
          "wait for the shop's confirmation at once. Pay online, or wait for the shop to confirm.",
        params: { held: 120, max: 200 },
      });
      expect((await adminView(admin, second)).status).toBe("unpaid");

      // Another phone is another buyer.
      const third = await placed(c, id, 80, "01911223344");
      expect((await chooseCod(c, third)).status).toBe(200);

      // Once the shop confirms the first, the phone waits for nothing: the second may choose cash on delivery.
      expect((await confirm(admin, first)).status).toBe(200);
      expect((await chooseCod(b, second)).status).toBe(200);
    });

    it("answers the same 409 on Pay Order's Cash on Delivery", async () => {
      const [a, b] = [await signUp(t), await signUp(t)];
      const phone = "01511223344";
      const { id } = await makeProduct(t, { availability: 200, minimumQuantity: 20 });
      expect((await chooseCod(a, await placed(a, id, 100, phone))).status).toBe(200);
      const second = await placed(b, id, 40, phone);
      const answer = await readAnswer(await t.postForm(`/dashboard/payment/${second}`, { intent: "cod" }, b));
      expect(answer).toMatchObject({ status: 409, refused: true });
      expect(answer.message).toContain("Cash-on-delivery orders to this phone number already wait for 100 Pis");
      const [row] = await t.database.db.select().from(order).where(eq(order.id, second));
      expect(row!.status).toBe("unpaid");
    });
  });

  describe("the shop confirms a cash-on-delivery order", () => {
    it("is the admin's alone, only for one awaiting it, once; the order no longer expires", async () => {
      const buyer = await signUp(t);
      const admin = await signUpAdmin(t);
      const { id } = await makeProduct(t, { availability: 400 });
      const unpaid = await placed(buyer, id, 20);
      expect(await refusal(await confirm(admin, unpaid))).toMatchObject({
        status: 409,
        code: "order.not_awaiting_confirmation",
      });
      expect((await chooseCod(buyer, unpaid)).status).toBe(200);
      expect(await refusal(await confirm(buyer, unpaid))).toMatchObject({ status: 403, code: "auth.admins_only" });
      expect((await t.request(`/api/order/${unpaid}/confirm`, { method: "POST" })).status).toBe(401);
      const waiting = await adminView(admin, unpaid);
      expect(waiting).toMatchObject({ status: "cod", awaitingConfirmation: true });
      expect(waiting.expiresAt).not.toBeNull();

      expect(await confirm(admin, unpaid).then((r) => r.json())).toEqual({ modifiedCount: 1 });
      const confirmed = await adminView(admin, unpaid);
      expect(confirmed).toMatchObject({ status: "cod", awaitingConfirmation: false, expiresAt: null });
      expect(confirmed.history.map((e) => `${e.status} by ${e.by}`)).toEqual([
        "placed by buyer",
        "cod by buyer",
        "confirmed by admin",
      ]);
      expect(await refusal(await confirm(admin, unpaid))).toMatchObject({ status: 409 });
    });

    it("is done by shipping or taking the cash of one not yet confirmed", async () => {
      const buyer = await signUp(t);
      const admin = await signUpAdmin(t);
      const { id } = await makeProduct(t, { availability: 400 });
      const shipped = await placed(buyer, id, 20);
      expect((await chooseCod(buyer, shipped)).status).toBe(200);
      const ship = await t.request(
        `/api/order/${shipped}/status`,
        jsonInit("PUT", { status: "shipped" }, asBearer(admin)),
      );
      expect(ship.status).toBe(200);
      const [row] = await t.database.db.select().from(order).where(eq(order.id, shipped));
      expect(row).toMatchObject({ status: "shipped", expiresAt: null });
      expect(row!.confirmedAt).not.toBeNull();

      const collected = await placed(buyer, id, 20);
      expect((await chooseCod(buyer, collected)).status).toBe(200);
      expect((await post(admin, `/api/order/${collected}/collect`)).status).toBe(200);
      expect(await adminView(admin, collected)).toMatchObject({ awaitingConfirmation: false, expiresAt: null });
    });
  });

  describe("the step of 20 is a rule", () => {
    it("refuses 21 on a minimum of 20 with 400 and its message, on the API and Add to cart (Place order: 409, the line named); 40 passes", async () => {
      const buyer = await signUp(t);
      const { id } = await makeProduct(t, { availability: 200, minimumQuantity: 20 });
      expect(await refusal(await placeOrder(buyer, id, 21))).toEqual({
        status: 400,
        code: "quantity.off_step",
        message: "Quantity goes up in steps of 20 from the minimum of 20: order 20 or 40 Pis",
        params: { min: 20, lower: 20, higher: 40 },
      });
      const page = await readAnswer(await t.postForm("/cart", { intent: "add", productId: id, quantity: "55" }, buyer));
      expect(page).toMatchObject({ status: 400, refused: true });
      expect(page.message).toBe("Quantity goes up in steps of 20 from the minimum of 20: order 40 or 60 Pis");
      // Place order refuses the order as a whole (409), with the line's own message beside it.
      const placing = await readAnswer(await buyItNow(t, buyer, id, 55));
      expect(placing).toMatchObject({ status: 409, refused: true });
      expect(placing.message).toBe("Quantity goes up in steps of 20 from the minimum of 20: order 40 or 60 Pis");
      expect(await stockOf(id)).toBe(200);
      await placed(buyer, id, 40);
      expect(await stockOf(id)).toBe(160);
    });

    it("counts the steps from the product's own minimum", async () => {
      const buyer = await signUp(t);
      const { id } = await makeProduct(t, { availability: 200, minimumQuantity: 5 });
      expect((await placeOrder(buyer, id, 20)).status).toBe(400);
      await placed(buyer, id, 25);
    });
  });

  describe("races answer 4xx", () => {
    it("answers an order placed while an admin deletes its buyer with 409 or the order, never a 500", async () => {
      const admin = await signUpAdmin(t);
      const { id } = await makeProduct(t, { availability: 10_000, maxPerOrder: 100 });
      const seen = new Set<number>();
      for (let round = 0; round < 8; round++) {
        const buyer = await signUp(t);
        const [ordered, deleted] = await Promise.all([
          placeOrder(buyer, id, 20),
          t.request(`/api/user/${encodeURIComponent(buyer.email)}`, { method: "DELETE", headers: asBearer(admin) }),
        ]);
        seen.add(ordered.status);
        expect([200, 401, 409], await ordered.clone().text()).toContain(ordered.status);
        expect([200, 409], await deleted.clone().text()).toContain(deleted.status);
        // Either the customer went (and no order was made) or the order was made (and the customer kept).
        expect(ordered.status === 200).toBe(deleted.status === 409);
        if (ordered.status === 409) {
          expect(await refusal(ordered)).toMatchObject({
            code: expect.stringMatching(/^(order\.account_gone|request\.changed_meanwhile)$/),
          });
        }
      }
      expect(seen.size).toBeGreaterThan(0);
    });
  });
});
