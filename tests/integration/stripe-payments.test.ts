import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { asBearer, jsonInit, signUp, type TestAccount } from "../support/accounts";
import { messageOf, orderFor, orderRow, paymentRowsOf } from "../support/orders";
import { type StandInIntent } from "../support/stripe-stand-in";
import { STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, useStripeApp } from "../support/provider-apps";

const WRONG_AMOUNT = "The payment we received did not match this order's amount; it will be refunded.";
const BAD_SIGNATURE = "The webhook signature could not be verified.";

describe("card payment with Stripe (through a stand-in for the Stripe API)", () => {
  const { t, stripeApi } = useStripeApp();
  const signer = new Stripe(STRIPE_SECRET_KEY);

  async function startPayment(buyer: TestAccount, orderId: string, extra: Record<string, unknown> = {}) {
    const res = await t.request("/api/create-payment-intent", jsonInit("POST", { orderId, ...extra }, asBearer(buyer)));
    expect(res.status).toBe(200);
    const { clientSecret } = (await res.json()) as { clientSecret: string };
    return [...stripeApi.intents.values()].find((i) => i.client_secret === clientSecret)!;
  }

  /** What Stripe.js does in the browser: confirm the intent with a test PaymentMethod. */
  async function confirmInStripe(intent: StandInIntent, paymentMethod = "pm_card_visa") {
    return fetch(`${stripeApi.url}/v1/payment_intents/${intent.id}/confirm`, {
      method: "POST",
      headers: { Authorization: `Bearer ${STRIPE_SECRET_KEY}`, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ payment_method: paymentMethod }),
    });
  }

  function patch(buyer: TestAccount, orderId: string, transactionId: string) {
    return t.request(`/api/order/${orderId}`, jsonInit("PATCH", { transactionId }, asBearer(buyer)));
  }

  function webhook(payload: string, signature: string) {
    return t.request("/api/payments/stripe/webhook", {
      method: "POST",
      headers: { "Content-Type": "application/json", "Stripe-Signature": signature },
      body: payload,
    });
  }

  function succeededEvent(intent: StandInIntent) {
    return JSON.stringify({
      id: `evt_${intent.id}`,
      object: "event",
      type: "payment_intent.succeeded",
      data: { object: { ...intent, status: "succeeded" } },
    });
  }

  const sign = (payload: string, secret = STRIPE_WEBHOOK_SECRET) =>
    signer.webhooks.generateTestHeaderString({ payload, secret });

  async function expectUnpaid(orderId: string) {
    expect((await orderRow(t, orderId)).status).toBe("unpaid");
    expect(await paymentRowsOf(t, orderId)).toHaveLength(0);
  }

  it("creates a PaymentIntent in BDT for the order's amount in poisha, with the order id and a key per order", async () => {
    const buyer = await signUp(t);
    const orderId = await orderFor(t, buyer, 40);
    const intent = await startPayment(buyer, orderId, { paybleAmount: 1 });
    expect(intent).toMatchObject({ amount: 125050 * 40, currency: "bdt", metadata: { orderId } });
    const call = stripeApi.calls.findLast((c) => c.method === "POST" && c.path === "/v1/payment_intents")!;
    expect(call.idempotencyKey).toBe(`randa-order-${orderId}`);
    expect((await startPayment(buyer, orderId)).id).toBe(intent.id);
  });

  it("marks the order paid when Stripe says its PaymentIntent succeeded", async () => {
    const buyer = await signUp(t);
    const orderId = await orderFor(t, buyer);
    const intent = await startPayment(buyer, orderId);
    expect((await confirmInStripe(intent)).status).toBe(200);
    const res = await patch(buyer, orderId, intent.id);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ modifiedCount: 1, paid: true, transactionId: intent.id });
    expect(await orderRow(t, orderId)).toMatchObject({ status: "paid", transactionId: intent.id });
    expect(await paymentRowsOf(t, orderId)).toMatchObject([{ provider: "stripe", providerRef: intent.id }]);
  });

  it("keeps the order unpaid after a declined card", async () => {
    const buyer = await signUp(t);
    const orderId = await orderFor(t, buyer);
    const intent = await startPayment(buyer, orderId);
    expect((await confirmInStripe(intent, "pm_card_chargeDeclined")).status).toBe(402);
    const res = await patch(buyer, orderId, intent.id);
    expect(res.status).toBe(402);
    expect(await messageOf(res)).toBe("That payment has not succeeded.");
    await expectUnpaid(orderId);
  });

  it("refuses a transaction id Stripe does not know", async () => {
    const buyer = await signUp(t);
    const orderId = await orderFor(t, buyer);
    for (const id of ["pi_made_up", "not a stripe id"]) {
      const res = await patch(buyer, orderId, id);
      expect(res.status).toBe(400);
      expect(await messageOf(res)).toBe("No payment with that transaction id was found.");
    }
    await expectUnpaid(orderId);
  });

  it.each([
    ["a smaller amount", { amount: 100, currency: "bdt" }],
    ["another currency", { amount: 125050 * 20, currency: "usd" }],
  ])(
    "does not pay the order with a succeeded PaymentIntent of %s, and records it once as refund due",
    async (_, money) => {
      const buyer = await signUp(t);
      const orderId = await orderFor(t, buyer);
      const forged = stripeApi.addIntent({ ...money, status: "succeeded", metadata: { orderId } });
      const res = await patch(buyer, orderId, forged.id);
      expect(res.status).toBe(409);
      expect(await messageOf(res)).toBe(WRONG_AMOUNT);
      const payload = succeededEvent(forged);
      const hook = await webhook(payload, sign(payload));
      expect(hook.status).toBe(200);
      expect((await orderRow(t, orderId)).status).toBe("unpaid");
      expect((await orderRow(t, orderId)).refund).toBe("due");
      expect((await paymentRowsOf(t, orderId)).map((p) => [p.providerRef, p.status])).toEqual([
        [forged.id, "refund_due"],
      ]);
    },
  );

  it("refuses a PaymentIntent made for another order", async () => {
    const buyer = await signUp(t);
    const orderId = await orderFor(t, buyer);
    const otherOrder = await orderFor(t, buyer);
    const intent = await startPayment(buyer, otherOrder);
    await confirmInStripe(intent);
    const res = await patch(buyer, orderId, intent.id);
    expect(res.status).toBe(400);
    expect(await messageOf(res)).toBe("That payment was not made for this order.");
    await expectUnpaid(orderId);
  });

  describe("POST /api/payments/stripe/webhook", () => {
    it("refuses an unsigned, wrongly signed or altered event and changes nothing", async () => {
      const buyer = await signUp(t);
      const orderId = await orderFor(t, buyer);
      const intent = await startPayment(buyer, orderId);
      await confirmInStripe(intent);
      const payload = succeededEvent(intent);
      const altered = payload.replace('"amount":', '"amount":1');
      for (const [body, signature] of [
        [payload, ""],
        [payload, sign(payload, "whsec_someone_else")],
        [altered, sign(payload)],
        [payload, "t=1,v1=deadbeef"],
      ] as const) {
        const res = await webhook(body, signature);
        expect(res.status).toBe(400);
        expect(await messageOf(res)).toBe(BAD_SIGNATURE);
      }
      await expectUnpaid(orderId);
    });

    it("marks the order paid on payment_intent.succeeded, and a replay changes nothing", async () => {
      const buyer = await signUp(t);
      const orderId = await orderFor(t, buyer);
      const intent = await startPayment(buyer, orderId);
      await confirmInStripe(intent);
      const payload = succeededEvent(intent);
      for (let i = 0; i < 3; i++) {
        const res = await webhook(payload, sign(payload));
        expect(res.status).toBe(200);
      }
      expect(await orderRow(t, orderId)).toMatchObject({ status: "paid", transactionId: intent.id });
      expect(await paymentRowsOf(t, orderId)).toHaveLength(1);
    });

    it("refuses a signed payment_intent.succeeded event it cannot read, and changes nothing", async () => {
      const buyer = await signUp(t);
      const orderId = await orderFor(t, buyer);
      const intent = await startPayment(buyer, orderId);
      await confirmInStripe(intent);
      const event = JSON.parse(succeededEvent(intent)) as { data: { object: Record<string, unknown> } };
      for (const data of [undefined, { object: null }, { object: { ...event.data.object, currency: undefined } }]) {
        const payload = JSON.stringify({ ...event, data });
        const res = await webhook(payload, sign(payload));
        expect(res.status).toBe(400);
        expect(await messageOf(res)).toBe("The webhook event could not be read.");
      }
      for (const payload of ["null", "[]", '"payment_intent.succeeded"']) {
        expect((await webhook(payload, sign(payload))).status).toBe(200);
      }
      await expectUnpaid(orderId);
    });

    it("acknowledges events about other things without touching any order", async () => {
      const buyer = await signUp(t);
      const orderId = await orderFor(t, buyer);
      const intent = await startPayment(buyer, orderId);
      const payload = JSON.stringify({
        id: "evt_failed",
        object: "event",
        type: "payment_intent.payment_failed",
        data: { object: intent },
      });
      expect((await webhook(payload, sign(payload))).status).toBe(200);
      await expectUnpaid(orderId);
    });

    it("races the browser's confirmation: the order is paid exactly once", async () => {
      const buyer = await signUp(t);
      const orderId = await orderFor(t, buyer);
      const intent = await startPayment(buyer, orderId);
      await confirmInStripe(intent);
      const payload = succeededEvent(intent);
      const answers = await Promise.all([
        ...Array.from({ length: 5 }, () => webhook(payload, sign(payload))),
        ...Array.from({ length: 5 }, () => patch(buyer, orderId, intent.id)),
      ]);
      expect(answers.map((r) => r.status)).toEqual(Array<number>(10).fill(200));
      const settled = await Promise.all(answers.slice(5).map((r) => r.json() as Promise<{ modifiedCount: number }>));
      expect(settled.filter((s) => s.modifiedCount === 1).length).toBeLessThanOrEqual(1);
      expect(await orderRow(t, orderId)).toMatchObject({ status: "paid", transactionId: intent.id });
      expect(await paymentRowsOf(t, orderId)).toHaveLength(1);
    });
  });

  it("has no test-card confirm call when Stripe takes the payments", async () => {
    const res = await t.request("/api/payments/test/confirm", jsonInit("POST", {}));
    expect(res.status).toBe(404);
  });
});
