import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { OrderJson } from "@server/orders";
import { payment, testPaymentIntent } from "@server/db/schema";
import { asBearer, asCookie, jsonInit, signUp, type TestAccount } from "../support/accounts";
import { messageOf, orderFor, orderRow, paymentRowsOf } from "../support/orders";
import { useTestApp } from "../support/test-app";

const PAID_ORDER_KEPT = "This order is paid and cannot be cancelled.";
const ALREADY_PAID = "This order is already paid.";
const NOT_FOUND = "No payment with that transaction id was found.";
const NOT_SUCCEEDED = "That payment has not succeeded.";
const OTHER_ORDER = "That payment was not made for this order.";
const WRONG_AMOUNT = "The payment we received did not match this order's amount; it will be refunded.";
const INTENT_CANCELED = "This payment was cancelled: its order was cancelled or expired.";

const GOOD_CARD = { number: "4242 4242 4242 4242", expMonth: 12, expYear: 2034, cvc: "123" };
const billingDetails = { name: "Karim", email: "karim@example.test" };

describe("card payment with the built-in test-card provider", () => {
  const t = useTestApp();

  async function intentFor(buyer: TestAccount, orderId: string, extra: Record<string, unknown> = {}) {
    const res = await t.request("/api/create-payment-intent", jsonInit("POST", { orderId, ...extra }, asBearer(buyer)));
    expect(res.status).toBe(200);
    return ((await res.json()) as { clientSecret: string }).clientSecret;
  }

  function confirm(clientSecret: string, card: Partial<typeof GOOD_CARD> = {}) {
    return t.request(
      "/api/payments/test/confirm",
      jsonInit("POST", { clientSecret, card: { ...GOOD_CARD, ...card }, billingDetails }),
    );
  }

  async function pay(buyer: TestAccount, orderId: string) {
    const res = await confirm(await intentFor(buyer, orderId));
    expect(res.status).toBe(200);
    return ((await res.json()) as { paymentIntent: { id: string } }).paymentIntent.id;
  }

  function patch(buyer: TestAccount | null, orderId: string, body: unknown) {
    return t.request(`/api/order/${orderId}`, jsonInit("PATCH", body, buyer ? asBearer(buyer) : {}));
  }

  async function intentRow(clientSecret: string) {
    const [row] = await t.database.db
      .select()
      .from(testPaymentIntent)
      .where(eq(testPaymentIntent.clientSecret, clientSecret));
    return row!;
  }

  async function expectUnpaid(orderId: string) {
    expect((await orderRow(t, orderId)).status).toBe("unpaid");
    expect(await paymentRowsOf(t, orderId)).toHaveLength(0);
  }

  describe("POST /api/create-payment-intent", () => {
    it("charges the order's amount, whatever paybleAmount the browser sends, and reuses one intent per order", async () => {
      const buyer = await signUp(t);
      const orderId = await orderFor(t, buyer, 40);
      const secret = await intentFor(buyer, orderId, { paybleAmount: 1 });
      const intent = await intentRow(secret);
      expect(intent).toMatchObject({ orderId, amountPoisha: 125050 * 40, currency: "BDT" });
      expect(await intentFor(buyer, orderId)).toBe(secret);
    });

    it("is for the order's owner only, and only for an order that exists", async () => {
      const buyer = await signUp(t);
      const other = await signUp(t);
      const orderId = await orderFor(t, buyer);
      const post = (body: unknown, headers: Record<string, string>) =>
        t.request("/api/create-payment-intent", jsonInit("POST", body, headers));
      expect((await post({ orderId }, {})).status).toBe(401);
      const stranger = await post({ orderId }, asBearer(other));
      expect(stranger.status).toBe(403);
      expect(await messageOf(stranger)).toBe("You can only pay for your own orders.");
      expect((await post({ orderId: "00000000-0000-4000-8000-000000000000" }, asBearer(buyer))).status).toBe(404);
      expect((await post({ orderId: "not-an-id" }, asBearer(buyer))).status).toBe(404);
      const missing = await post({}, asBearer(buyer));
      expect(missing.status).toBe(400);
      expect(await messageOf(missing)).toBe("Order Is Required");
      expect(
        await t.database.db.select().from(testPaymentIntent).where(eq(testPaymentIntent.orderId, orderId)),
      ).toEqual([]);
    });

    it("works from the store's own pages with the session cookie", async () => {
      const buyer = await signUp(t);
      const orderId = await orderFor(t, buyer);
      const res = await t.request("/api/create-payment-intent", jsonInit("POST", { orderId }, asCookie(buyer)));
      expect(res.status).toBe(200);
    });
  });

  describe("POST /api/payments/test/confirm", () => {
    it("pays with 4242 4242 4242 4242: the order is paid with the intent's id, and one payment is recorded", async () => {
      const buyer = await signUp(t);
      const orderId = await orderFor(t, buyer);
      const res = await confirm(await intentFor(buyer, orderId));
      expect(res.status).toBe(200);
      const { paymentIntent } = (await res.json()) as { paymentIntent: { id: string; status: string } };
      expect(paymentIntent.status).toBe("succeeded");
      expect(await orderRow(t, orderId)).toMatchObject({ status: "paid", transactionId: paymentIntent.id });
      const rows = await paymentRowsOf(t, orderId);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        provider: "test",
        providerRef: paymentIntent.id,
        amountPoisha: 125050 * 20,
        currency: "BDT",
      });
      const mine = await t.request(`/api/order/${encodeURIComponent(buyer.email)}`, { headers: asBearer(buyer) });
      const listed = ((await mine.json()) as OrderJson[]).find((o) => o._id === orderId)!;
      expect(listed).toMatchObject({ paid: true, status: "paid", transactionId: paymentIntent.id });
    });

    it.each([
      ["the decline card", { number: "4000 0000 0000 0002" }, "Your card was declined."],
      ["the insufficient-funds card", { number: "4000000000009995" }, "Your card has insufficient funds."],
      ["a number that fails the Luhn check", { number: "4242 4242 4242 4241" }, "Your card number is invalid."],
      ["a short number", { number: "4242 4242" }, "Your card number is incomplete."],
      ["an expiry in the past", { expMonth: 1, expYear: 2020 }, "Your card's expiration date is in the past."],
      ["a month that does not exist", { expMonth: 13 }, "Your card's expiration month is invalid."],
      ["a short CVC", { cvc: "12" }, "Your card's security code is incomplete."],
      [
        "a real card in test mode",
        { number: "4111 1111 1111 1111" },
        "Your card was declined. This store is in test mode and takes test cards only.",
      ],
    ])("refuses %s with 402 and its own message, and the order stays unpaid", async (_, card, message) => {
      const buyer = await signUp(t);
      const orderId = await orderFor(t, buyer);
      const secret = await intentFor(buyer, orderId);
      const res = await confirm(secret, card);
      expect(res.status).toBe(402);
      expect(await messageOf(res)).toBe(message);
      await expectUnpaid(orderId);
      expect(await intentRow(secret)).toMatchObject({ status: "requires_payment_method", lastError: message });
    });

    it("lets a declined customer pay with another card", async () => {
      const buyer = await signUp(t);
      const orderId = await orderFor(t, buyer);
      const secret = await intentFor(buyer, orderId);
      expect((await confirm(secret, { number: "4000000000000002" })).status).toBe(402);
      expect((await confirm(secret)).status).toBe(200);
      expect((await orderRow(t, orderId)).status).toBe("paid");
    });

    it("answers an unknown client secret with 404 and a body without a card with 400", async () => {
      expect((await confirm("pi_test_nothing_secret_nothing")).status).toBe(404);
      const res = await t.request("/api/payments/test/confirm", jsonInit("POST", { clientSecret: "x" }));
      expect(res.status).toBe(400);
      expect(await messageOf(res)).toBe("Card Is Required");
    });

    it("charges a card once when the same confirmation arrives ten times at once", async () => {
      const buyer = await signUp(t);
      const orderId = await orderFor(t, buyer);
      const secret = await intentFor(buyer, orderId);
      const answers = await Promise.all(Array.from({ length: 10 }, () => confirm(secret)));
      expect(answers.map((r) => r.status).sort()).toEqual([200, ...Array<number>(9).fill(409)]);
      expect(await paymentRowsOf(t, orderId)).toHaveLength(1);
    });

    it("does not charge for an order cancelled after its payment form opened", async () => {
      const buyer = await signUp(t);
      const orderId = await orderFor(t, buyer);
      const secret = await intentFor(buyer, orderId);
      expect((await t.request(`/api/order/${orderId}`, { method: "DELETE", headers: asBearer(buyer) })).status).toBe(
        200,
      );
      // Cancelling the order cancelled its open payment, as Stripe's PaymentIntent cancel does.
      const res = await confirm(secret);
      expect(res.status).toBe(409);
      expect(await messageOf(res)).toBe(INTENT_CANCELED);
      expect((await intentRow(secret)).status).toBe("canceled");
      expect(await paymentRowsOf(t, orderId)).toHaveLength(0);
    });
  });

  describe("PATCH /api/order/{id}", () => {
    it("confirms a paid order again harmlessly: the same answer, one payment row", async () => {
      const buyer = await signUp(t);
      const orderId = await orderFor(t, buyer);
      const transactionId = await pay(buyer, orderId);
      for (let i = 0; i < 2; i++) {
        const res = await patch(buyer, orderId, { orders: orderId, transactionId });
        expect(res.status).toBe(200);
        expect(await res.json()).toEqual({ modifiedCount: 0, paid: true, transactionId });
      }
      expect(await paymentRowsOf(t, orderId)).toHaveLength(1);
    });

    it("refuses a transaction id the provider does not know", async () => {
      const buyer = await signUp(t);
      const orderId = await orderFor(t, buyer);
      for (const transactionId of ["pi_test_made_up", "'; drop table payment; --"]) {
        const res = await patch(buyer, orderId, { transactionId });
        expect(res.status).toBe(400);
        expect(await messageOf(res)).toBe(NOT_FOUND);
      }
      await expectUnpaid(orderId);
    });

    it("refuses a payment that has not succeeded (402)", async () => {
      const buyer = await signUp(t);
      const orderId = await orderFor(t, buyer);
      const secret = await intentFor(buyer, orderId);
      await confirm(secret, { number: "4000000000000002" });
      const res = await patch(buyer, orderId, { transactionId: (await intentRow(secret)).id });
      expect(res.status).toBe(402);
      expect(await messageOf(res)).toBe(NOT_SUCCEEDED);
      await expectUnpaid(orderId);
    });

    it("refuses a payment made for another order", async () => {
      const buyer = await signUp(t);
      const paidOrder = await orderFor(t, buyer);
      const unpaidOrder = await orderFor(t, buyer);
      const transactionId = await pay(buyer, paidOrder);
      const res = await patch(buyer, unpaidOrder, { transactionId });
      expect(res.status).toBe(400);
      expect(await messageOf(res)).toBe(OTHER_ORDER);
      await expectUnpaid(unpaidOrder);
    });

    it.each([
      ["a smaller amount", { amountPoisha: 100 }],
      ["another currency", { currency: "USD" }],
    ])("does not pay the order with a succeeded payment of %s, and keeps it as refund due", async (_, tampered) => {
      const buyer = await signUp(t);
      const orderId = await orderFor(t, buyer);
      const secret = await intentFor(buyer, orderId);
      await t.database.db
        .update(testPaymentIntent)
        .set({ ...tampered, status: "succeeded" })
        .where(eq(testPaymentIntent.clientSecret, secret));
      for (let i = 0; i < 2; i++) {
        const res = await patch(buyer, orderId, { transactionId: (await intentRow(secret)).id });
        expect(res.status).toBe(409);
        expect(await messageOf(res)).toBe(WRONG_AMOUNT);
      }
      expect(await orderRow(t, orderId)).toMatchObject({ status: "unpaid", transactionId: null, refund: "due" });
      const rows = await paymentRowsOf(t, orderId);
      expect(rows.map((r) => r.status)).toEqual(["refund_due"]);
    });

    it("is for the order's owner only", async () => {
      const buyer = await signUp(t);
      const other = await signUp(t);
      const orderId = await orderFor(t, buyer);
      const secret = await intentFor(buyer, orderId);
      const { id } = await intentRow(secret);
      expect((await patch(null, orderId, { transactionId: id })).status).toBe(401);
      expect((await patch(other, orderId, { transactionId: id })).status).toBe(403);
      const empty = await patch(buyer, orderId, {});
      expect(empty.status).toBe(400);
      expect(await messageOf(empty)).toBe("Transaction Id Is Required");
      expect((await patch(buyer, "not-an-id", { transactionId: id })).status).toBe(404);
      await expectUnpaid(orderId);
    });
  });

  describe("a paid order", () => {
    it("cannot be cancelled, paid again or given a new payment intent (409)", async () => {
      const buyer = await signUp(t);
      const orderId = await orderFor(t, buyer);
      const secret = await intentFor(buyer, orderId);
      expect((await confirm(secret)).status).toBe(200);
      const cancel = await t.request(`/api/order/${orderId}`, { method: "DELETE", headers: asBearer(buyer) });
      expect(cancel.status).toBe(409);
      expect(await messageOf(cancel)).toBe(PAID_ORDER_KEPT);
      const again = await t.request("/api/create-payment-intent", jsonInit("POST", { orderId }, asBearer(buyer)));
      expect(again.status).toBe(409);
      expect(await messageOf(again)).toBe(ALREADY_PAID);
      expect((await confirm(secret)).status).toBe(409);
      expect(await paymentRowsOf(t, orderId)).toHaveLength(1);
      expect((await orderRow(t, orderId)).status).toBe("paid");
    });
  });

  describe("the payment table", () => {
    it("refuses a second row for the same provider reference and a second settled payment of one order", async () => {
      const buyer = await signUp(t);
      const orderId = await orderFor(t, buyer);
      const otherOrder = await orderFor(t, buyer);
      const transactionId = await pay(buyer, orderId);
      const row = { provider: "test", amountPoisha: 125050 * 20, currency: "BDT" };
      await expect(
        t.database.db.insert(payment).values({ ...row, orderId: otherOrder, providerRef: transactionId }),
      ).rejects.toThrow();
      await expect(
        t.database.db.insert(payment).values({ ...row, orderId, providerRef: "pi_test_another" }),
      ).rejects.toThrow();
    });
  });
});
