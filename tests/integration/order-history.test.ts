import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { OrderEventJson } from "@server/orders";
import { order } from "@server/db/schema";
import { expireOrders } from "@server/orders/expire-orders";
import { signUp, signUpAdmin, type TestAccount } from "../support/accounts";
import { expiryJob } from "../support/contexts";
import {
  adminView,
  buyerView,
  call,
  payByTestCard,
  placeOrder,
  sslcommerzHelpers,
  startTestCard,
  stripeHelpers,
} from "../support/order-money";
import { useSslcommerzApp, useStripeApp } from "../support/provider-apps";
import { useTestApp, type TestContext } from "../support/test-app";

type Step = [status: string, by: string, reason: string | null];

const stepsOf = (history: OrderEventJson[]): Step[] => history.map((e) => [e.status, e.by, e.reason]);

/** The order's history as the admin's GET /api/order shows it, checked for times in order. */
async function historyOf(t: TestContext, admin: TestAccount, orderId: string) {
  const { history } = await adminView(t, admin, orderId);
  const times = history.map((e) => Date.parse(e.at));
  for (const time of times) expect(Number.isNaN(time)).toBe(false);
  expect(times).toEqual([...times].sort((a, b) => a - b));
  return stepsOf(history);
}

const move = (t: TestContext, admin: TestAccount, orderId: string, status: "shipped" | "delivered") =>
  call(t, admin, "PUT", `/api/order/${orderId}/status`, { status });

describe("an order's history (test processor)", () => {
  const t = useTestApp();

  it("records a card order from its placing to its delivery: who did what", async () => {
    const buyer = await signUp(t);
    const admin = await signUpAdmin(t);
    const { orderId } = await placeOrder(t, buyer);
    // The card form opened twice uses one payment: started once.
    await startTestCard(t, buyer, orderId);
    await payByTestCard(t, buyer, orderId);
    expect((await move(t, admin, orderId, "shipped")).status).toBe(200);
    expect((await move(t, admin, orderId, "delivered")).status).toBe(200);
    expect(await historyOf(t, admin, orderId)).toEqual([
      ["placed", "buyer", null],
      ["payment_started", "buyer", "test"],
      ["paid", "test", null],
      ["shipped", "admin", null],
      ["delivered", "admin", null],
    ]);
    // The buyer sees the same history on their order.
    expect(stepsOf((await buyerView(t, buyer, orderId))!.history)).toEqual(await historyOf(t, admin, orderId));
  });

  it("records a cash-on-delivery order: confirmed by the buyer, cash collected, shipped and delivered by an admin", async () => {
    const buyer = await signUp(t);
    const admin = await signUpAdmin(t);
    const { orderId } = await placeOrder(t, buyer);
    expect((await call(t, buyer, "POST", `/api/order/${orderId}/cash-on-delivery`)).status).toBe(200);
    expect((await move(t, admin, orderId, "shipped")).status).toBe(200);
    expect((await call(t, admin, "POST", `/api/order/${orderId}/collect`)).status).toBe(200);
    expect((await move(t, admin, orderId, "delivered")).status).toBe(200);
    expect(await historyOf(t, admin, orderId)).toEqual([
      ["placed", "buyer", null],
      ["cod", "buyer", null],
      ["shipped", "admin", null],
      ["collected", "admin", null],
      ["delivered", "admin", null],
    ]);
  });

  it("records a refused change not at all", async () => {
    const buyer = await signUp(t);
    const admin = await signUpAdmin(t);
    const { orderId } = await placeOrder(t, buyer);
    expect((await move(t, admin, orderId, "shipped")).status).toBe(409);
    expect((await call(t, admin, "POST", `/api/order/${orderId}/collect`)).status).toBe(409);
    expect((await call(t, buyer, "POST", `/api/order/${orderId}/refund`)).status).toBe(403);
    expect(await historyOf(t, admin, orderId)).toEqual([["placed", "buyer", null]]);
  });

  it("records the buyer's cancel with their reason; the shop still sees it", async () => {
    const buyer = await signUp(t);
    const admin = await signUpAdmin(t);
    const { orderId } = await placeOrder(t, buyer);
    expect((await call(t, buyer, "DELETE", `/api/order/${orderId}`, { reason: "Ordered the wrong size" })).status).toBe(
      200,
    );
    expect(await historyOf(t, admin, orderId)).toEqual([
      ["placed", "buyer", null],
      ["cancelled", "buyer", "Ordered the wrong size"],
    ]);
  });

  it("records an admin's cancel of a paid order, the refund due and the refund", async () => {
    const buyer = await signUp(t);
    const admin = await signUpAdmin(t);
    const { orderId } = await placeOrder(t, buyer);
    await payByTestCard(t, buyer, orderId);
    expect(
      (await call(t, admin, "DELETE", `/api/order/${orderId}`, { reason: "Damaged in the workshop" })).status,
    ).toBe(200);
    expect((await call(t, admin, "POST", `/api/order/${orderId}/refund`)).status).toBe(200);
    expect(await historyOf(t, admin, orderId)).toEqual([
      ["placed", "buyer", null],
      ["payment_started", "buyer", "test"],
      ["paid", "test", null],
      ["cancelled", "admin", "Damaged in the workshop"],
      ["refund_due", "admin", "order.cancelled"],
      ["refunded", "admin", "test"],
    ]);
  });

  it("records an expiry by the store, at the moment the hold ran out", async () => {
    const buyer = await signUp(t);
    const admin = await signUpAdmin(t);
    const { orderId } = await placeOrder(t, buyer);
    const ranOut = new Date(Date.now() - 60_000);
    await t.database.db.update(order).set({ expiresAt: ranOut }).where(eq(order.id, orderId));
    const clock = new Date();
    t.services.now = () => clock;
    try {
      await expireOrders(expiryJob(t));
    } finally {
      delete t.services.now;
    }
    const { history } = await adminView(t, admin, orderId);
    expect(stepsOf(history)).toEqual([
      ["placed", "buyer", null],
      ["expired", "store", null],
    ]);
    expect(history[1]!.at).toBe(clock.toISOString());
  });
});

describe("an order's history with Stripe (through its stand-in)", () => {
  const { t, stripeApi } = useStripeApp();
  const stripe = stripeHelpers(t, stripeApi);

  it("records a second payment of a paid order as refund due, by Stripe", async () => {
    const buyer = await signUp(t);
    const admin = await signUpAdmin(t);
    const { orderId } = await placeOrder(t, buyer);
    const intent = await stripe.start(buyer, orderId);
    await stripe.confirmAtStripe(intent);
    expect((await stripe.webhook(intent)).status).toBe(200);
    const second = stripeApi.addIntent({
      amount: intent.amount,
      currency: "bdt",
      status: "succeeded",
      metadata: { orderId },
    });
    expect((await stripe.webhook(second)).status).toBe(200);
    const patch = await stripe.patch(buyer, orderId, second.id);
    expect(patch.status).toBe(409);
    expect(((await patch.json()) as { code: string }).code).toBe("refund.paid_twice");
    expect(await historyOf(t, admin, orderId)).toEqual([
      ["placed", "buyer", null],
      ["payment_started", "buyer", "stripe"],
      ["paid", "stripe", null],
      ["refund_due", "stripe", "order.already_paid"],
    ]);
    expect((await call(t, admin, "POST", `/api/order/${orderId}/refund`)).status).toBe(200);
    expect(stripe.refundsOf(second.id)).toHaveLength(1);
    expect(stripe.refundsOf(intent.id)).toHaveLength(0);
    expect(await adminView(t, admin, orderId)).toMatchObject({ status: "paid", refund: "refunded" });
  });
});

describe("an order's history with SSLCommerz (through its stand-in)", () => {
  const { t, gateway } = useSslcommerzApp();
  const ssl = sslcommerzHelpers(t, gateway);

  it("records a payment held for review by the gateway, and its acceptance by an admin", async () => {
    const buyer = await signUp(t);
    const admin = await signUpAdmin(t);
    const { orderId } = await placeOrder(t, buyer);
    const fields = await ssl.payAtGateway(buyer, orderId);
    gateway.tamper(fields.get("val_id")!, { risk_level: "1", risk_title: "Risky" });
    expect((await ssl.ipn(fields)).status).toBe(200);
    expect((await call(t, admin, "POST", `/api/order/${orderId}/accept-payment`)).status).toBe(200);
    expect(await historyOf(t, admin, orderId)).toEqual([
      ["placed", "buyer", null],
      ["payment_started", "buyer", "sslcommerz"],
      ["held", "sslcommerz", null],
      ["accepted", "admin", null],
    ]);
  });

  it("records a held payment the order no longer needs, once another payment paid it, as refund due", async () => {
    const buyer = await signUp(t);
    const admin = await signUpAdmin(t);
    const { orderId } = await placeOrder(t, buyer);
    const risky = await ssl.payAtGateway(buyer, orderId);
    gateway.tamper(risky.get("val_id")!, { risk_level: "1", risk_title: "Risky" });
    expect((await ssl.ipn(risky)).status).toBe(200);
    const safe = await ssl.payAtGateway(buyer, orderId);
    expect((await ssl.ipn(safe)).status).toBe(200);
    expect(await historyOf(t, admin, orderId)).toEqual([
      ["placed", "buyer", null],
      ["payment_started", "buyer", "sslcommerz"],
      ["held", "sslcommerz", null],
      ["payment_started", "buyer", "sslcommerz"],
      ["paid", "sslcommerz", null],
      ["refund_due", "sslcommerz", "order.already_paid"],
    ]);
    expect(await adminView(t, admin, orderId)).toMatchObject({ status: "paid", refund: "due" });
    expect((await call(t, admin, "POST", `/api/order/${orderId}/refund`)).status).toBe(200);
    expect(ssl.refundsOf(ssl.bankTranIdOf(risky))).toHaveLength(1);
    expect(ssl.refundsOf(ssl.bankTranIdOf(safe))).toHaveLength(0);
  });
});
