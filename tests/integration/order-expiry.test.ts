import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "@server/config";
import { order } from "@server/db/schema";
import { scheduleOrderExpiry } from "@server/jobs/order-expiry";
import { prepareStore } from "@server/startup";
import { expireOrders } from "@server/orders/expire-orders";
import { asBearer, jsonInit, signUp, signUpAdmin } from "../support/accounts";
import { expiryJob } from "../support/contexts";
import {
  adminView,
  attemptsOf,
  buyerView,
  call,
  confirmTestCard,
  errorOf,
  historyRows,
  payByTestCard,
  placeOrder,
  sslcommerzHelpers,
  startTestCard,
  stockOf,
  stripeHelpers,
  testIntentOf,
} from "../support/order-money";
import { orderRow, paymentRowsOf, TEST_DELIVERY } from "../support/orders";
import { useSslcommerzApp, useStripeApp } from "../support/provider-apps";
import { useTestApp, type TestContext } from "../support/test-app";
import { insertStocked } from "../support/stock-ledger";

const MINUTE = 60_000;

/** A clock the test moves: the services read it for every order placed and every expiry round. */
function useClock(t: TestContext) {
  const clock = { now: new Date() };
  beforeAll(() => {
    t.services.now = () => clock.now;
  });
  return {
    get now() {
      return clock.now;
    },
    set(at: Date) {
      clock.now = at;
    },
    forward(minutes: number) {
      clock.now = new Date(clock.now.getTime() + minutes * MINUTE);
    },
  };
}

describe("unpaid orders expire when their hold runs out (test processor, a 1-minute hold)", () => {
  const t = useTestApp({ ORDER_HOLD_MINUTES: "1" });
  const clock = useClock(t);
  const expire = () => expireOrders(expiryJob(t));

  it("expires an unpaid order at the end of its hold, not before; its stock comes back once", async () => {
    const buyer = await signUp(t);
    const admin = await signUpAdmin(t);
    const placedAt = clock.now;
    const { orderId, productId, stockBefore } = await placeOrder(t, buyer, 20);
    expect(await stockOf(t, productId)).toBe(stockBefore - 20);
    const holdEnds = new Date(placedAt.getTime() + MINUTE).toISOString();
    expect(await buyerView(t, buyer, orderId)).toMatchObject({ status: "unpaid", expiresAt: holdEnds });

    clock.set(new Date(placedAt.getTime() + MINUTE - 1));
    await expire();
    expect((await orderRow(t, orderId)).status).toBe("unpaid");
    expect(await stockOf(t, productId)).toBe(stockBefore - 20);

    clock.set(new Date(placedAt.getTime() + MINUTE));
    expect(await expire()).toBe(1);
    expect(await stockOf(t, productId)).toBe(stockBefore);
    expect(await buyerView(t, buyer, orderId)).toMatchObject({ status: "expired", expiresAt: holdEnds, paid: false });

    clock.forward(5);
    expect(await expire()).toBe(0);
    expect(await stockOf(t, productId)).toBe(stockBefore);
    const { history } = await adminView(t, admin, orderId);
    expect(history.map((e) => [e.status, e.by, e.reason])).toEqual([
      ["placed", "buyer", null],
      ["expired", "store", null],
    ]);
    expect(history[1]!.at).toBe(holdEnds);
  });

  it("gives each order's stock back once when server copies expire at the same moment", async () => {
    const buyers = await Promise.all([signUp(t), signUp(t), signUp(t)]);
    const [shelf] = await insertStocked(t.database.db, {
      name: "Shared Shelf",
      image: "/images/products/marking-gauge.svg",
      pricePoisha: 5000,
      minimumQuantity: 20,
      maxPerOrder: 100,
      availability: 600,
    });
    const orderIds: string[] = [];
    for (let i = 0; i < 9; i++) {
      const res = await call(t, buyers[i % 3]!, "POST", "/api/order", {
        productId: shelf!.id,
        quantity: 20,
        delivery: TEST_DELIVERY,
      });
      expect(res.status).toBe(200);
      orderIds.push(((await res.json()) as { insertedId: string }).insertedId);
    }
    const others = await Promise.all(Array.from({ length: 3 }, () => placeOrder(t, buyers[0]!, 20)));
    expect(await stockOf(t, shelf!.id)).toBe(600 - 9 * 20);
    clock.forward(2);

    // Small batches, so that the copies meet on the same rows more than once.
    const counts = await Promise.all([
      expireOrders(expiryJob(t), 2),
      expireOrders(expiryJob(t), 3),
      expire(),
      expire(),
    ]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(12);
    expect(await stockOf(t, shelf!.id)).toBe(600);
    for (const other of others) expect(await stockOf(t, other.productId)).toBe(other.stockBefore);
    for (const id of [...orderIds, ...others.map((o) => o.orderId)]) {
      expect((await orderRow(t, id)).status).toBe("expired");
      expect((await historyRows(t, id)).filter(([status]) => status === "expired")).toHaveLength(1);
    }
    expect(await Promise.all([expire(), expire()])).toEqual([0, 0]);
    expect(await stockOf(t, shelf!.id)).toBe(600);
  });

  it("cannot be paid, confirmed for cash on delivery, re-addressed or cancelled once expired", async () => {
    const buyer = await signUp(t);
    const { orderId } = await placeOrder(t, buyer);
    clock.forward(2);
    await expire();

    const intent = await call(t, buyer, "POST", "/api/create-payment-intent", { orderId });
    expect(intent.status).toBe(409);
    expect(await errorOf(intent)).toMatchObject({
      code: "order.expired_not_payable",
      message: "This order expired and can no longer be paid. Please order again.",
    });
    const patch = await call(t, buyer, "PATCH", `/api/order/${orderId}`, { transactionId: "pi_test_made_up" });
    expect(patch.status).toBe(400);
    const cod = await call(t, buyer, "POST", `/api/order/${orderId}/cash-on-delivery`);
    expect(cod.status).toBe(409);
    expect((await errorOf(cod)).code).toBe("order.expired");
    const address = await call(t, buyer, "PUT", `/api/order/${orderId}/delivery`, TEST_DELIVERY);
    expect(address.status).toBe(409);
    const cancel = await call(t, buyer, "DELETE", `/api/order/${orderId}`);
    expect(cancel.status).toBe(409);
    expect((await errorOf(cancel)).code).toBe("order.expired");
    expect(await orderRow(t, orderId)).toMatchObject({ status: "expired", refund: null });
    expect(await paymentRowsOf(t, orderId)).toEqual([]);
  });

  it("cancels a test-card payment started before the hold ran out: its card form can no longer pay", async () => {
    const buyer = await signUp(t);
    const { orderId } = await placeOrder(t, buyer);
    const secret = await startTestCard(t, buyer, orderId);
    expect(await attemptsOf(t, orderId)).toMatchObject([{ provider: "test", orderId }]);
    clock.forward(2);
    await expire();
    expect((await testIntentOf(t, orderId)).status).toBe("canceled");

    const confirm = await confirmTestCard(t, secret);
    expect(confirm.status).toBe(409);
    expect(await errorOf(confirm)).toMatchObject({
      code: "payment.intent_canceled",
      message: "This payment was cancelled: its order was cancelled or expired.",
    });
    const { id: intentId } = await testIntentOf(t, orderId);
    const patch = await call(t, buyer, "PATCH", `/api/order/${orderId}`, { transactionId: intentId });
    expect(patch.status).toBe(409);
    expect((await errorOf(patch)).code).toBe("order.expired_not_payable");
    expect(await orderRow(t, orderId)).toMatchObject({ status: "expired", refund: null, transactionId: null });
    expect(await paymentRowsOf(t, orderId)).toEqual([]);
  });

  it("never expires an order the shop confirmed for cash on delivery or one paid, and shows them no expiry", async () => {
    const buyer = await signUp(t);
    const admin = await signUpAdmin(t);
    const cod = await placeOrder(t, buyer);
    expect((await call(t, buyer, "POST", `/api/order/${cod.orderId}/cash-on-delivery`)).status).toBe(200);
    expect((await call(t, admin, "POST", `/api/order/${cod.orderId}/confirm`)).status).toBe(200);
    const paid = await placeOrder(t, buyer);
    await payByTestCard(t, buyer, paid.orderId);
    clock.forward(48 * 60);
    await expire();
    expect(await buyerView(t, buyer, cod.orderId)).toMatchObject({
      status: "cod",
      expiresAt: null,
      awaitingConfirmation: false,
    });
    expect(await buyerView(t, buyer, paid.orderId)).toMatchObject({ status: "paid", expiresAt: null, paid: true });
    expect(await stockOf(t, cod.productId)).toBe(cod.stockBefore - 20);
    expect(await stockOf(t, paid.productId)).toBe(paid.stockBefore - 20);
    expect((await orderRow(t, paid.orderId)).expiresAt).toBeNull();
    expect((await historyRows(t, cod.orderId)).map(([status]) => status)).toEqual(["placed", "cod", "confirmed"]);
  });

  it("expires a cash-on-delivery order the shop has not confirmed in COD_CONFIRM_HOURS (24), its stock back once", async () => {
    const buyer = await signUp(t);
    const admin = await signUpAdmin(t);
    const cod = await placeOrder(t, buyer);
    const chosenAt = clock.now;
    expect((await call(t, buyer, "POST", `/api/order/${cod.orderId}/cash-on-delivery`)).status).toBe(200);
    const waiting = await buyerView(t, buyer, cod.orderId);
    expect(waiting).toMatchObject({ status: "cod", awaitingConfirmation: true });
    expect(new Date(waiting!.expiresAt!).getTime()).toBe(chosenAt.getTime() + 24 * 60 * MINUTE);

    // Past the unpaid hold, within the day: still held for the shop to call.
    clock.forward(23 * 60);
    await expire();
    expect(await stockOf(t, cod.productId)).toBe(cod.stockBefore - 20);
    clock.forward(61);
    await expire();
    await expire();
    expect(await adminView(t, admin, cod.orderId)).toMatchObject({ status: "expired", awaitingConfirmation: false });
    expect(await stockOf(t, cod.productId)).toBe(cod.stockBefore);
    expect((await historyRows(t, cod.orderId)).map(([status, by]) => [status, by])).toEqual([
      ["placed", "buyer"],
      ["cod", "buyer"],
      ["expired", "store"],
    ]);
    // Too late for the shop to confirm it, or to ship it.
    const late = await call(t, admin, "POST", `/api/order/${cod.orderId}/confirm`);
    expect(late.status).toBe(409);
    expect((await errorOf(late)).code).toBe("order.expired");
  });

  it("catches up at start-up on orders whose hold ran out while the store was down", async () => {
    const buyer = await signUp(t);
    const first = await placeOrder(t, buyer);
    const second = await placeOrder(t, buyer);
    clock.forward(30);
    const lines: string[] = [];
    const config = loadConfig({ DEMO_DATA: "false", AUTH_SECRET: "test-secret-that-is-long-enough-0123456789" });
    await prepareStore(t.services, config, (line) => lines.push(line));
    expect(lines).toContain("Expired 2 unpaid orders whose hold ran out while the store was down.");
    for (const { orderId, productId, stockBefore } of [first, second]) {
      expect((await orderRow(t, orderId)).status).toBe("expired");
      expect(await stockOf(t, productId)).toBe(stockBefore);
    }
    await prepareStore(t.services, config, (line) => lines.push(line));
    expect(lines.filter((l) => l.startsWith("Expired"))).toHaveLength(1);
  });

  it("expires orders on the schedule each server copy runs, and stops cleanly", async () => {
    const buyer = await signUp(t);
    const { orderId, productId, stockBefore } = await placeOrder(t, buyer);
    clock.forward(2);
    const lines: string[] = [];
    const schedule = scheduleOrderExpiry(t.services, 1, (line) => lines.push(line));
    try {
      await expect.poll(async () => (await orderRow(t, orderId)).status, { timeout: 5000 }).toBe("expired");
    } finally {
      await schedule.stop();
    }
    expect(lines).toContain("Expired 1 open order; their stock is back.");
    expect(await stockOf(t, productId)).toBe(stockBefore);
  });

  it("measures the hold from the order's placing, and never takes an order without one", async () => {
    const buyer = await signUp(t);
    const { orderId } = await placeOrder(t, buyer);
    const row = await orderRow(t, orderId);
    expect(row.expiresAt!.getTime()).toBe(clock.now.getTime() + MINUTE);
    await t.database.db.update(order).set({ expiresAt: null }).where(eq(order.id, orderId));
    clock.forward(10);
    await expire();
    // An order without a hold (one held for review, say) is never taken.
    expect((await orderRow(t, orderId)).status).toBe("unpaid");
  });
});

describe("expiry and Stripe (through its stand-in)", () => {
  const { t, stripeApi } = useStripeApp();
  const clock = useClock(t);
  const stripe = stripeHelpers(t, stripeApi);
  const expire = () => expireOrders(expiryJob(t));

  it("cancels the order's PaymentIntent at Stripe when the order expires", async () => {
    const buyer = await signUp(t);
    const { orderId } = await placeOrder(t, buyer);
    const intent = await stripe.start(buyer, orderId);
    clock.forward(61);
    await expire();
    expect((await orderRow(t, orderId)).status).toBe("expired");
    expect(stripeApi.intents.get(intent.id)!.status).toBe("canceled");
    expect(stripeApi.calls.filter((c) => c.path === `/v1/payment_intents/${intent.id}/cancel`)).toHaveLength(1);
    const late = await stripe.confirmAtStripe(intent);
    expect(late.status).toBe(400);
    expect(((await late.json()) as { error: { code: string } }).error.code).toBe("payment_intent_unexpected_state");
  });

  it("records a payment Stripe took as the order expired, told by webhook, as refund due; replays record it once", async () => {
    const buyer = await signUp(t);
    const admin = await signUpAdmin(t);
    const { orderId, productId, stockBefore } = await placeOrder(t, buyer);
    const intent = await stripe.start(buyer, orderId);
    expect((await stripe.confirmAtStripe(intent)).status).toBe(200);
    clock.forward(61);
    await expire();
    // Stripe refused the cancel (the intent had succeeded): nothing is lost, the payment is still to be told.
    expect(stripeApi.intents.get(intent.id)!.status).toBe("succeeded");
    expect(await stockOf(t, productId)).toBe(stockBefore);

    for (let i = 0; i < 3; i++) expect((await stripe.webhook(intent)).status).toBe(200);
    expect(await paymentRowsOf(t, orderId)).toMatchObject([
      { provider: "stripe", providerRef: intent.id, amountPoisha: intent.amount, status: "refund_due" },
    ]);
    expect(await orderRow(t, orderId)).toMatchObject({ status: "expired", refund: "due", transactionId: null });
    expect(await stockOf(t, productId)).toBe(stockBefore);
    expect(await buyerView(t, buyer, orderId)).toMatchObject({ status: "expired", refund: "due", paid: false });

    const patch = await stripe.patch(buyer, orderId, intent.id);
    expect(patch.status).toBe(409);
    expect(await errorOf(patch)).toMatchObject({
      code: "refund.after_expiry",
      message: "We received your payment after this order expired; it will be refunded.",
    });
    expect(await paymentRowsOf(t, orderId)).toHaveLength(1);
    const { history } = await adminView(t, admin, orderId);
    expect(history.map((e) => [e.status, e.by, e.reason])).toEqual([
      ["placed", "buyer", null],
      ["payment_started", "buyer", "stripe"],
      ["expired", "store", null],
      ["refund_due", "stripe", "order.expired_not_payable"],
    ]);
  });

  it("records it as refund due when the buyer's PATCH tells it first, and the webhook after changes nothing", async () => {
    const buyer = await signUp(t);
    const { orderId } = await placeOrder(t, buyer);
    const intent = await stripe.start(buyer, orderId);
    await stripe.confirmAtStripe(intent);
    clock.forward(61);
    await expire();
    const answers = await Promise.all([
      stripe.patch(buyer, orderId, intent.id),
      stripe.patch(buyer, orderId, intent.id),
    ]);
    for (const res of answers) {
      expect(res.status).toBe(409);
      expect((await errorOf(res)).code).toBe("refund.after_expiry");
    }
    expect((await stripe.webhook(intent)).status).toBe(200);
    expect(await paymentRowsOf(t, orderId)).toMatchObject([{ providerRef: intent.id, status: "refund_due" }]);
    expect((await historyRows(t, orderId)).filter(([s]) => s === "refund_due")).toHaveLength(1);
  });
});

describe("expiry and SSLCommerz (through its stand-in)", () => {
  const { t, gateway } = useSslcommerzApp();
  const clock = useClock(t);
  const ssl = sslcommerzHelpers(t, gateway);
  const expire = () => expireOrders(expiryJob(t));

  it("never expires an order whose payment the gateway holds for review", async () => {
    const buyer = await signUp(t);
    const { orderId, productId, stockBefore } = await placeOrder(t, buyer);
    const fields = await ssl.payAtGateway(buyer, orderId);
    gateway.tamper(fields.get("val_id")!, { risk_level: "1", risk_title: "Risky" });
    expect((await ssl.ipn(fields)).status).toBe(200);
    clock.forward(24 * 60);
    await expire();
    expect(await orderRow(t, orderId)).toMatchObject({ status: "unpaid", expiresAt: null });
    expect(await stockOf(t, productId)).toBe(stockBefore - 20);
    expect(await buyerView(t, buyer, orderId)).toMatchObject({ status: "unpaid", expiresAt: null });
    expect((await historyRows(t, orderId)).map(([s, by]) => `${s} by ${by}`)).toEqual([
      "placed by buyer",
      "payment_started by buyer",
      "held by sslcommerz",
    ]);
  });

  it("records a gateway payment made after the order expired as refund due, with the bank's transaction id", async () => {
    const buyer = await signUp(t);
    const { orderId } = await placeOrder(t, buyer);
    const fields = await ssl.payAtGateway(buyer, orderId);
    clock.forward(61);
    await expire();
    expect((await orderRow(t, orderId)).status).toBe("expired");
    const answers = await Promise.all([ssl.ipn(fields), ssl.ipn(fields), ssl.browserReturn(fields)]);
    expect(answers.map((r) => r.status)).toEqual([200, 200, 303]);
    expect(await paymentRowsOf(t, orderId)).toMatchObject([
      {
        provider: "sslcommerz",
        providerRef: fields.get("tran_id"),
        status: "refund_due",
        gatewayRef: ssl.bankTranIdOf(fields),
        amountPoisha: 125050 * 20,
      },
    ]);
    expect(await orderRow(t, orderId)).toMatchObject({ status: "expired", refund: "due" });
  });

  it("refuses a gateway session for an expired order", async () => {
    const buyer = await signUp(t);
    const { orderId } = await placeOrder(t, buyer);
    clock.forward(61);
    await expire();
    const res = await t.request("/api/payments/sslcommerz/session", jsonInit("POST", { orderId }, asBearer(buyer)));
    expect(res.status).toBe(409);
    expect((await errorOf(res)).code).toBe("order.expired_not_payable");
  });
});
