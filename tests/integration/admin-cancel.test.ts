import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { order } from "@server/db/schema";
import { cancelReturningStock } from "@server/orders/sql/cancel-returning-stock";
import { findUserByEmail } from "@server/accounts/sql/user-rows";
import { expireOrders } from "@server/orders/expire-orders";
import { asBearer, signUp, signUpAdmin, type TestAccount } from "../support/accounts";
import { expiryJob } from "../support/contexts";
import {
  adminView,
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
import { orderRow, paymentRowsOf } from "../support/orders";
import { useSslcommerzApp, useStripeApp } from "../support/provider-apps";
import { useTestApp, type TestContext } from "../support/test-app";

const REASON = "The workshop cannot make this batch before Eid; sorry.";

/** DELETE /api/order/{id} with a raw body (or none), as any client may send it. */
function cancelRaw(t: TestContext, who: TestAccount, orderId: string, body?: string, type = "application/json") {
  return t.request(`/api/order/${orderId}`, {
    method: "DELETE",
    headers: { ...asBearer(who), ...(body === undefined ? {} : { "Content-Type": type }) },
    ...(body === undefined ? {} : { body }),
  });
}

const cancel = (t: TestContext, who: TestAccount, orderId: string, body?: unknown) =>
  cancelRaw(t, who, orderId, body === undefined ? undefined : JSON.stringify(body));

describe("DELETE /api/order/{id} by an admin (test processor)", () => {
  const t = useTestApp();

  it("cancels an unpaid order with a reason: stock back once, the started payment cancelled, the buyer told why", async () => {
    const buyer = await signUp(t);
    const admin = await signUpAdmin(t);
    const { orderId, productId, stockBefore } = await placeOrder(t, buyer);
    const secret = await startTestCard(t, buyer, orderId);
    const res = await cancel(t, admin, orderId, { reason: `  ${REASON}  ` });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ deletedCount: 1 });
    expect(await stockOf(t, productId)).toBe(stockBefore);
    expect(await orderRow(t, orderId)).toMatchObject({
      status: "cancelled",
      cancelledBy: "admin",
      cancelReason: REASON,
      refund: null,
    });
    expect((await testIntentOf(t, orderId)).status).toBe("canceled");
    const confirm = await confirmTestCard(t, secret);
    expect(confirm.status).toBe(409);
    expect((await errorOf(confirm)).code).toBe("payment.intent_canceled");
    expect(await paymentRowsOf(t, orderId)).toEqual([]);

    const seen = await buyerView(t, buyer, orderId);
    expect(seen).toMatchObject({ status: "cancelled", cancelReason: REASON, refund: null, paid: false });
    expect(seen!.history.map((e) => [e.status, e.by, e.reason])).toEqual([
      ["placed", "buyer", null],
      ["payment_started", "buyer", "test"],
      ["cancelled", "admin", REASON],
    ]);
    const one = await t.request(`/api/order/${encodeURIComponent(buyer.email)}/${orderId}`, {
      headers: asBearer(buyer),
    });
    expect(one.status).toBe(200);
    expect(await one.json()).toMatchObject({ _id: orderId, cancelReason: REASON });

    const again = await cancel(t, admin, orderId);
    expect(again.status).toBe(409);
    expect((await errorOf(again)).code).toBe("order.cancelled");
    expect(await stockOf(t, productId)).toBe(stockBefore);
  });

  it("cancels a cash-on-delivery order (cash collected or not) and gives its stock back", async () => {
    const buyer = await signUp(t);
    const admin = await signUpAdmin(t);
    const cod = await placeOrder(t, buyer);
    const collected = await placeOrder(t, buyer);
    for (const o of [cod, collected]) {
      expect((await call(t, buyer, "POST", `/api/order/${o.orderId}/cash-on-delivery`)).status).toBe(200);
    }
    expect((await call(t, admin, "POST", `/api/order/${collected.orderId}/collect`)).status).toBe(200);
    for (const o of [cod, collected]) {
      expect((await cancel(t, admin, o.orderId)).status).toBe(200);
      expect(await stockOf(t, o.productId)).toBe(o.stockBefore);
    }
    expect(await orderRow(t, cod.orderId)).toMatchObject({ status: "cancelled", refund: null, cancelReason: null });
    expect(await orderRow(t, collected.orderId)).toMatchObject({ status: "cancelled", refund: "due" });
    expect(await paymentRowsOf(t, collected.orderId)).toMatchObject([{ provider: "cod", status: "refund_due" }]);
  });

  it("cancels a paid order: stock back and its payment due back, which the buyer sees", async () => {
    const buyer = await signUp(t);
    const admin = await signUpAdmin(t);
    const { orderId, productId, stockBefore } = await placeOrder(t, buyer);
    const intentId = await payByTestCard(t, buyer, orderId);
    expect(await stockOf(t, productId)).toBe(stockBefore - 20);
    expect((await cancel(t, admin, orderId, { reason: REASON })).status).toBe(200);
    expect(await stockOf(t, productId)).toBe(stockBefore);
    expect(await paymentRowsOf(t, orderId)).toMatchObject([
      { provider: "test", providerRef: intentId, status: "refund_due", amountPoisha: 125050 * 20 },
    ]);
    expect(await buyerView(t, buyer, orderId)).toMatchObject({
      status: "cancelled",
      refund: "due",
      cancelReason: REASON,
      transactionId: intentId,
    });
    const { history } = await adminView(t, admin, orderId);
    expect(history.slice(-2).map((e) => [e.status, e.by, e.reason])).toEqual([
      ["cancelled", "admin", REASON],
      ["refund_due", "admin", "order.cancelled"],
    ]);
  });

  it("refuses to cancel a shipped, delivered, expired or cancelled order (409), and changes nothing", async () => {
    const buyer = await signUp(t);
    const admin = await signUpAdmin(t);
    const shipped = await placeOrder(t, buyer);
    const delivered = await placeOrder(t, buyer);
    for (const o of [shipped, delivered]) {
      await payByTestCard(t, buyer, o.orderId);
      expect((await call(t, admin, "PUT", `/api/order/${o.orderId}/status`, { status: "shipped" })).status).toBe(200);
    }
    expect(
      (await call(t, admin, "PUT", `/api/order/${delivered.orderId}/status`, { status: "delivered" })).status,
    ).toBe(200);
    const expired = await placeOrder(t, buyer);
    await t.database.db
      .update(order)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(order.id, expired.orderId));
    await expireOrders(expiryJob(t));
    const cancelled = await placeOrder(t, buyer);
    expect((await cancel(t, admin, cancelled.orderId)).status).toBe(200);

    for (const [o, code] of [
      [shipped, "order.shipped_not_cancellable"],
      [delivered, "order.shipped_not_cancellable"],
      [expired, "order.expired"],
      [cancelled, "order.cancelled"],
    ] as const) {
      const before = await orderRow(t, o.orderId);
      const events = await historyRows(t, o.orderId);
      const stock = await stockOf(t, o.productId);
      const res = await cancel(t, admin, o.orderId, { reason: REASON });
      expect(res.status).toBe(409);
      expect((await errorOf(res)).code).toBe(code);
      expect(await orderRow(t, o.orderId)).toEqual(before);
      expect(await historyRows(t, o.orderId)).toEqual(events);
      expect(await stockOf(t, o.productId)).toBe(stock);
    }
  });

  it("takes no body, an empty body, {} or a blank reason as no reason", async () => {
    const buyer = await signUp(t);
    const admin = await signUpAdmin(t);
    for (const body of [undefined, "", "{}", '{"reason":""}', '{"reason":"   "}']) {
      const { orderId } = await placeOrder(t, buyer);
      const res = await cancelRaw(t, admin, orderId, body);
      expect(res.status, `body ${JSON.stringify(body)}`).toBe(200);
      expect(await orderRow(t, orderId)).toMatchObject({ status: "cancelled", cancelReason: null });
      expect((await historyRows(t, orderId)).at(-1)).toEqual(["cancelled", "admin", null]);
    }
  });

  it("refuses a reason over 500 characters, one that is not text, or a body that is not JSON (400), and changes nothing", async () => {
    const buyer = await signUp(t);
    const admin = await signUpAdmin(t);
    const { orderId, productId, stockBefore } = await placeOrder(t, buyer);
    const before = await orderRow(t, orderId);
    for (const [body, code] of [
      [JSON.stringify({ reason: "x".repeat(501) }), "order.reason_too_long"],
      [JSON.stringify({ reason: 42 }), "order.reason_too_long"],
      [JSON.stringify({ reason: "bad\u0000text" }), "order.reason_unsafe"],
      [JSON.stringify({ reason: "\u202edlo tuo" }), "order.reason_unsafe"],
      ["reason=sold out", "request.not_json"],
      ["{", "request.not_json"],
    ] as const) {
      const res = await cancelRaw(t, admin, orderId, body);
      expect(res.status, body).toBe(400);
      expect((await errorOf(res)).code).toBe(code);
    }
    expect(await orderRow(t, orderId)).toEqual(before);
    expect(await stockOf(t, productId)).toBe(stockBefore - 20);
    expect(await historyRows(t, orderId)).toEqual([["placed", "buyer", null]]);

    const longest = "y".repeat(500);
    expect((await cancel(t, admin, orderId, { reason: longest })).status).toBe(200);
    expect((await orderRow(t, orderId)).cancelReason).toBe(longest);
  });

  it("lets the buyer cancel only before payment, whatever money fields they send", async () => {
    const buyer = await signUp(t);
    const paid = await placeOrder(t, buyer);
    await payByTestCard(t, buyer, paid.orderId);
    const smuggled = {
      reason: "changed my mind",
      refund: "due",
      status: "cancelled",
      cancelledBy: "admin",
      paid: true,
    };
    const refused = await cancel(t, buyer, paid.orderId, smuggled);
    expect(refused.status).toBe(409);
    expect(await errorOf(refused)).toMatchObject({
      code: "order.paid_not_cancellable",
      message: "This order is paid and cannot be cancelled.",
    });
    expect(await orderRow(t, paid.orderId)).toMatchObject({ status: "paid", refund: null, cancelledBy: null });
    expect(await paymentRowsOf(t, paid.orderId)).toMatchObject([{ status: "succeeded" }]);

    const unpaid = await placeOrder(t, buyer);
    expect((await cancel(t, buyer, unpaid.orderId, smuggled)).status).toBe(200);
    expect(await orderRow(t, unpaid.orderId)).toMatchObject({
      status: "cancelled",
      cancelledBy: "buyer",
      refund: null,
      cancelReason: "changed my mind",
    });
    expect(await stockOf(t, unpaid.productId)).toBe(unpaid.stockBefore);
    // The buyer's own cancel takes the order off their list, as before.
    expect(await buyerView(t, buyer, unpaid.orderId)).toBeUndefined();
    const one = await t.request(`/api/order/${encodeURIComponent(buyer.email)}/${unpaid.orderId}`, {
      headers: asBearer(buyer),
    });
    expect(one.status).toBe(404);
    expect((await historyRows(t, unpaid.orderId)).at(-1)).toEqual(["cancelled", "buyer", "changed my mind"]);
  });

  it("does not let another customer cancel someone's order", async () => {
    const buyer = await signUp(t);
    const stranger = await signUp(t);
    const { orderId } = await placeOrder(t, buyer);
    const res = await cancel(t, stranger, orderId, { reason: REASON });
    expect(res.status).toBe(403);
    expect((await orderRow(t, orderId)).status).toBe("unpaid");
  });

  it("records a card payment confirmed as the cancel went through as refund due, and tells the buyer", async () => {
    const buyer = await signUp(t);
    const admin = await signUpAdmin(t);
    const { orderId, productId, stockBefore } = await placeOrder(t, buyer);
    const secret = await startTestCard(t, buyer, orderId);
    // The cancel has committed and its payment is not cancelled yet: the card form is still open.
    const adminUser = await findUserByEmail(t.database.db, admin.email);
    const asAdmin = { id: adminUser!.id, name: adminUser!.name, email: adminUser!.email, role: "admin" as const };
    await cancelReturningStock(t.database.db, asAdmin, orderId, REASON);
    const confirm = await confirmTestCard(t, secret);
    expect(confirm.status).toBe(200);
    const { id: intentId } = await testIntentOf(t, orderId);
    expect(await paymentRowsOf(t, orderId)).toMatchObject([{ providerRef: intentId, status: "refund_due" }]);
    expect(await orderRow(t, orderId)).toMatchObject({ status: "cancelled", refund: "due", transactionId: null });
    expect(await stockOf(t, productId)).toBe(stockBefore);

    const patch = await call(t, buyer, "PATCH", `/api/order/${orderId}`, { transactionId: intentId });
    expect(patch.status).toBe(409);
    expect(await errorOf(patch)).toMatchObject({
      code: "refund.after_cancel",
      message: "We received your payment after this order was cancelled; it will be refunded.",
    });
    expect(await paymentRowsOf(t, orderId)).toHaveLength(1);
    expect((await historyRows(t, orderId)).slice(-2)).toEqual([
      ["cancelled", "admin", REASON],
      ["refund_due", "test", "order.cancelled_not_payable"],
    ]);
  });
});

describe("DELETE /api/order/{id} by an admin, with Stripe (through its stand-in)", () => {
  const { t, stripeApi } = useStripeApp();
  const stripe = stripeHelpers(t, stripeApi);

  it("cancels the order's PaymentIntent at Stripe", async () => {
    const buyer = await signUp(t);
    const admin = await signUpAdmin(t);
    const { orderId } = await placeOrder(t, buyer);
    const intent = await stripe.start(buyer, orderId);
    expect((await cancel(t, admin, orderId, { reason: REASON })).status).toBe(200);
    expect(stripeApi.intents.get(intent.id)!.status).toBe("canceled");
    expect((await stripe.confirmAtStripe(intent)).status).toBe(400);
  });

  it("records a payment Stripe took before the cancel, told by webhook after it, once, as refund due", async () => {
    const buyer = await signUp(t);
    const admin = await signUpAdmin(t);
    const { orderId, productId, stockBefore } = await placeOrder(t, buyer);
    const intent = await stripe.start(buyer, orderId);
    expect((await stripe.confirmAtStripe(intent)).status).toBe(200);
    expect((await cancel(t, admin, orderId, { reason: REASON })).status).toBe(200);
    expect(stripeApi.intents.get(intent.id)!.status).toBe("succeeded");

    const hooks = await Promise.all([stripe.webhook(intent), stripe.webhook(intent), stripe.webhook(intent)]);
    expect(hooks.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(await paymentRowsOf(t, orderId)).toMatchObject([
      { provider: "stripe", providerRef: intent.id, status: "refund_due", amountPoisha: intent.amount },
    ]);
    expect(await orderRow(t, orderId)).toMatchObject({ status: "cancelled", refund: "due" });
    expect(await stockOf(t, productId)).toBe(stockBefore);
    const patch = await stripe.patch(buyer, orderId, intent.id);
    expect(patch.status).toBe(409);
    expect((await errorOf(patch)).code).toBe("refund.after_cancel");
    expect(await buyerView(t, buyer, orderId)).toMatchObject({ status: "cancelled", refund: "due" });
    expect((await historyRows(t, orderId)).slice(-2)).toEqual([
      ["cancelled", "admin", REASON],
      ["refund_due", "stripe", "order.cancelled_not_payable"],
    ]);
  });

  it("shows the buyer an order they cancelled again once a payment on it is owed back to them", async () => {
    const buyer = await signUp(t);
    const { orderId } = await placeOrder(t, buyer);
    const intent = await stripe.start(buyer, orderId);
    expect((await stripe.confirmAtStripe(intent)).status).toBe(200);
    expect((await cancel(t, buyer, orderId)).status).toBe(200);
    expect(await buyerView(t, buyer, orderId)).toBeUndefined();
    expect((await stripe.webhook(intent)).status).toBe(200);
    expect(await buyerView(t, buyer, orderId)).toMatchObject({ status: "cancelled", refund: "due" });
    const patch = await stripe.patch(buyer, orderId, intent.id);
    expect(patch.status).toBe(409);
    expect((await errorOf(patch)).code).toBe("refund.after_cancel");
    expect((await historyRows(t, orderId)).slice(-2)).toEqual([
      ["cancelled", "buyer", null],
      ["refund_due", "stripe", "order.cancelled_not_payable"],
    ]);
  });

  it("answers the buyer's PATCH of a payment that did not go through on a cancelled order with the cancel", async () => {
    const buyer = await signUp(t);
    const admin = await signUpAdmin(t);
    const { orderId } = await placeOrder(t, buyer);
    const intent = await stripe.start(buyer, orderId);
    expect((await cancel(t, admin, orderId)).status).toBe(200);
    const patch = await stripe.patch(buyer, orderId, intent.id);
    expect(patch.status).toBe(409);
    expect((await errorOf(patch)).code).toBe("order.cancelled_not_payable");
    expect(await paymentRowsOf(t, orderId)).toEqual([]);
  });
});

describe("DELETE /api/order/{id} by an admin, with SSLCommerz (through its stand-in)", () => {
  const { t, gateway } = useSslcommerzApp();
  const ssl = sslcommerzHelpers(t, gateway);

  it("cancels an order whose payment the gateway holds for review: stock back, the held payment due back", async () => {
    const buyer = await signUp(t);
    const admin = await signUpAdmin(t);
    const { orderId, productId, stockBefore } = await placeOrder(t, buyer);
    const fields = await ssl.payAtGateway(buyer, orderId);
    gateway.tamper(fields.get("val_id")!, { risk_level: "1", risk_title: "Risky" });
    expect((await ssl.ipn(fields)).status).toBe(200);
    expect((await cancel(t, buyer, orderId)).status).toBe(409);
    expect((await cancel(t, admin, orderId, { reason: REASON })).status).toBe(200);
    expect(await stockOf(t, productId)).toBe(stockBefore);
    expect(await paymentRowsOf(t, orderId)).toMatchObject([
      { status: "refund_due", providerRef: fields.get("tran_id") },
    ]);
    expect(await orderRow(t, orderId)).toMatchObject({ status: "cancelled", refund: "due" });
    const accept = await call(t, admin, "POST", `/api/order/${orderId}/accept-payment`);
    expect(accept.status).toBe(409);
    expect((await ssl.ipn(fields)).status).toBe(200);
    expect(await paymentRowsOf(t, orderId)).toHaveLength(1);
  });

  it("records a gateway payment whose IPN comes after the cancel, once however often it is sent, as refund due", async () => {
    const buyer = await signUp(t);
    const admin = await signUpAdmin(t);
    const { orderId, productId, stockBefore } = await placeOrder(t, buyer);
    const fields = await ssl.payAtGateway(buyer, orderId);
    expect((await cancel(t, admin, orderId, { reason: REASON })).status).toBe(200);
    const answers = await Promise.all([ssl.ipn(fields), ssl.ipn(fields), ssl.browserReturn(fields), ssl.ipn(fields)]);
    expect(answers.map((r) => r.status)).toEqual([200, 200, 303, 200]);
    expect(await paymentRowsOf(t, orderId)).toMatchObject([
      { provider: "sslcommerz", status: "refund_due", gatewayRef: ssl.bankTranIdOf(fields) },
    ]);
    expect(await orderRow(t, orderId)).toMatchObject({ status: "cancelled", refund: "due", transactionId: null });
    expect(await stockOf(t, productId)).toBe(stockBefore);
    expect((await historyRows(t, orderId)).filter(([s]) => s === "refund_due")).toEqual([
      ["refund_due", "sslcommerz", "order.cancelled_not_payable"],
    ]);
  });
});
