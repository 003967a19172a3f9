import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { payment, testPaymentIntent } from "@server/db/schema";
import { signUp, signUpAdmin, type TestAccount } from "../support/accounts";
import {
  adminView,
  buyerView,
  call,
  errorOf,
  historyRows,
  payByTestCard,
  placeOrder,
  sslcommerzHelpers,
  stripeHelpers,
  testIntentOf,
} from "../support/order-money";
import { orderRow, paymentRowsOf } from "../support/orders";
import { useSslcommerzApp, useStripeApp } from "../support/provider-apps";
import { useTestApp, type TestContext } from "../support/test-app";

const ORDER_TOTAL = 125050 * 20;

const refund = (t: TestContext, who: TestAccount | null, orderId: string) =>
  call(t, who, "POST", `/api/order/${orderId}/refund`);

const cancelAsAdmin = async (t: TestContext, admin: TestAccount, orderId: string) =>
  expect((await call(t, admin, "DELETE", `/api/order/${orderId}`, { reason: "Cannot deliver" })).status).toBe(200);

/** The one payment of the order, which is to be refunded. */
async function duePayment(t: TestContext, orderId: string) {
  const rows = await paymentRowsOf(t, orderId);
  expect(rows).toMatchObject([{ status: "refund_due" }]);
  expect((await orderRow(t, orderId)).refund).toBe("due");
  return rows[0]!;
}

async function expectRefunded(t: TestContext, orderId: string, paymentId: string, refundRef: string) {
  expect(await paymentRowsOf(t, orderId)).toMatchObject([{ id: paymentId, status: "refunded", refundRef }]);
  expect((await orderRow(t, orderId)).refund).toBe("refunded");
  expect((await historyRows(t, orderId)).filter(([s]) => s === "refunded")).toHaveLength(1);
}

/** Asked again after it was made: nothing more is due. */
async function expectNothingDue(t: TestContext, admin: TestAccount, orderId: string) {
  const again = await refund(t, admin, orderId);
  expect(again.status).toBe(409);
  expect(await errorOf(again)).toMatchObject({
    code: "order.no_refund_due",
    message: "This order has no payment to refund.",
  });
}

/** Two admins (or a double click) at once: each answer is the refund or "nothing due", never an error. */
async function refundTwiceAtOnce(t: TestContext, admin: TestAccount, orderId: string) {
  const answers = await Promise.all([refund(t, admin, orderId), refund(t, admin, orderId)]);
  const statuses = answers.map((r) => r.status).sort();
  expect([
    [200, 200],
    [200, 409],
  ]).toContainEqual(statuses);
}

/** A refund the provider refused changed nothing: still due, no event, the order as it was. */
async function expectUnchanged(t: TestContext, orderId: string, before: Awaited<ReturnType<typeof orderRow>>) {
  expect(await paymentRowsOf(t, orderId)).toMatchObject([{ status: "refund_due", refundRef: null }]);
  expect(await orderRow(t, orderId)).toEqual(before);
  expect((await historyRows(t, orderId)).filter(([s]) => s === "refunded")).toHaveLength(0);
}

describe("POST /api/order/{id}/refund with the test processor", () => {
  const t = useTestApp();

  async function paidThenCancelled(buyer: TestAccount, admin: TestAccount) {
    const { orderId } = await placeOrder(t, buyer);
    const intentId = await payByTestCard(t, buyer, orderId);
    await cancelAsAdmin(t, admin, orderId);
    return { orderId, intentId, due: await duePayment(t, orderId) };
  }

  it("refunds the payment due once, with the payment's own key; asked again, nothing is due", async () => {
    const buyer = await signUp(t);
    const admin = await signUpAdmin(t);
    const { orderId, due } = await paidThenCancelled(buyer, admin);
    const res = await refund(t, admin, orderId);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ modifiedCount: 1, refund: "refunded" });
    const intent = await testIntentOf(t, orderId);
    expect(intent.refundKey).toBe(`randa-refund-${due.id}`);
    expect(intent.refundId).toMatch(/^re_test_/);
    await expectRefunded(t, orderId, due.id, intent.refundId!);
    await expectNothingDue(t, admin, orderId);
    expect(await testIntentOf(t, orderId)).toEqual(intent);

    expect(await buyerView(t, buyer, orderId)).toMatchObject({ status: "cancelled", refund: "refunded" });
    const { history } = await adminView(t, admin, orderId);
    expect(history.at(-1)).toMatchObject({ status: "refunded", by: "admin", reason: "test" });
  });

  it("makes one refund when two admins ask at the same moment", async () => {
    const buyer = await signUp(t);
    const admin = await signUpAdmin(t);
    const other = await signUpAdmin(t);
    const { orderId, due } = await paidThenCancelled(buyer, admin);
    const answers = await Promise.all([refund(t, admin, orderId), refund(t, other, orderId)]);
    expect(answers.some((r) => r.status === 200)).toBe(true);
    for (const r of answers) expect([200, 409]).toContain(r.status);
    const intent = await testIntentOf(t, orderId);
    await expectRefunded(t, orderId, due.id, intent.refundId!);
    await expectNothingDue(t, admin, orderId);
  });

  it("is for admins only: 401 without an account, 403 for the buyer, 404 for an order that does not exist", async () => {
    const buyer = await signUp(t);
    const admin = await signUpAdmin(t);
    const { orderId, due } = await paidThenCancelled(buyer, admin);
    expect((await refund(t, null, orderId)).status).toBe(401);
    const own = await refund(t, buyer, orderId);
    expect(own.status).toBe(403);
    expect((await errorOf(own)).code).toBe("auth.admins_only");
    for (const id of ["00000000-0000-4000-8000-000000000000", "not-an-id"]) {
      const res = await refund(t, admin, id);
      expect(res.status).toBe(404);
      expect((await errorOf(res)).code).toBe("order.not_found");
    }
    expect((await paymentRowsOf(t, orderId))[0]).toEqual(due);
  });

  it("refuses an order with nothing due: unpaid, paid and kept, or cancelled before payment", async () => {
    const buyer = await signUp(t);
    const admin = await signUpAdmin(t);
    const unpaid = await placeOrder(t, buyer);
    const kept = await placeOrder(t, buyer);
    await payByTestCard(t, buyer, kept.orderId);
    const cancelled = await placeOrder(t, buyer);
    await cancelAsAdmin(t, admin, cancelled.orderId);
    for (const { orderId } of [unpaid, kept, cancelled]) await expectNothingDue(t, admin, orderId);
    expect((await orderRow(t, kept.orderId)).status).toBe("paid");
    expect(await paymentRowsOf(t, kept.orderId)).toMatchObject([{ status: "succeeded" }]);
  });

  it("leaves the payment due when the processor refuses (refunded by someone else): 409, nothing changes", async () => {
    const buyer = await signUp(t);
    const admin = await signUpAdmin(t);
    const { orderId, intentId } = await paidThenCancelled(buyer, admin);
    await t.database.db
      .update(testPaymentIntent)
      .set({ refundId: "re_test_elsewhere", refundKey: "someone-else" })
      .where(eq(testPaymentIntent.id, intentId));
    const before = await orderRow(t, orderId);
    const res = await refund(t, admin, orderId);
    expect(res.status).toBe(409);
    expect(await errorOf(res)).toMatchObject({
      code: "refund.failed",
      message: "The payment provider refused the refund. Please try again later.",
    });
    await expectUnchanged(t, orderId, before);
  });

  it("cannot refund through a provider the store no longer runs: 409, the payment stays due", async () => {
    const buyer = await signUp(t);
    const admin = await signUpAdmin(t);
    const { orderId } = await paidThenCancelled(buyer, admin);
    await t.database.db
      .update(payment)
      .set({ provider: "stripe", providerRef: "pi_from_before" })
      .where(eq(payment.orderId, orderId));
    const before = await orderRow(t, orderId);
    const res = await refund(t, admin, orderId);
    expect(res.status).toBe(409);
    expect((await errorOf(res)).code).toBe("refund.provider_missing");
    await expectUnchanged(t, orderId, before);
  });

  it("records cash handed back for a cash-on-delivery order cancelled after the cash was collected", async () => {
    const buyer = await signUp(t);
    const admin = await signUpAdmin(t);
    const { orderId } = await placeOrder(t, buyer);
    expect((await call(t, buyer, "POST", `/api/order/${orderId}/cash-on-delivery`)).status).toBe(200);
    expect((await call(t, admin, "POST", `/api/order/${orderId}/collect`)).status).toBe(200);
    await cancelAsAdmin(t, admin, orderId);
    const due = await duePayment(t, orderId);
    expect(due).toMatchObject({ provider: "cod", amountPoisha: ORDER_TOTAL });
    await refundTwiceAtOnce(t, admin, orderId);
    const [refunded] = await paymentRowsOf(t, orderId);
    expect(refunded!.refundRef).toMatch(/^COD-REFUND-[0-9A-F]{16}$/);
    await expectRefunded(t, orderId, due.id, refunded!.refundRef!);
    await expectNothingDue(t, admin, orderId);
    const { history } = await adminView(t, admin, orderId);
    expect(history.at(-1)).toMatchObject({ status: "refunded", by: "admin", reason: "cod" });
  });
});

describe("POST /api/order/{id}/refund with Stripe (through its stand-in)", () => {
  const { t, stripeApi } = useStripeApp();
  const stripe = stripeHelpers(t, stripeApi);

  async function paidThenCancelled(buyer: TestAccount, admin: TestAccount) {
    const { orderId } = await placeOrder(t, buyer);
    const intent = await stripe.start(buyer, orderId);
    expect((await stripe.confirmAtStripe(intent)).status).toBe(200);
    expect((await stripe.patch(buyer, orderId, intent.id)).status).toBe(200);
    await cancelAsAdmin(t, admin, orderId);
    return { orderId, intent, due: await duePayment(t, orderId) };
  }

  it("refunds the PaymentIntent at Stripe once, for the amount recorded, with the payment's idempotency key", async () => {
    const buyer = await signUp(t);
    const admin = await signUpAdmin(t);
    const { orderId, intent, due } = await paidThenCancelled(buyer, admin);
    expect((await refund(t, admin, orderId)).status).toBe(200);
    const made = stripe.refundsOf(intent.id);
    expect(made).toMatchObject([
      { object: "refund", amount: ORDER_TOTAL, currency: "bdt", payment_intent: intent.id, status: "succeeded" },
    ]);
    const calls = stripeApi.calls.filter((c) => c.path === "/v1/refunds");
    expect(calls).toHaveLength(1);
    expect(calls[0]!.idempotencyKey).toBe(`randa-refund-${due.id}`);
    expect(Object.fromEntries(calls[0]!.params)).toEqual({ payment_intent: intent.id, amount: String(ORDER_TOTAL) });
    await expectRefunded(t, orderId, due.id, made[0]!.id);
    await expectNothingDue(t, admin, orderId);
    expect(stripe.refundsOf(intent.id)).toHaveLength(1);
    const { history } = await adminView(t, admin, orderId);
    expect(history.at(-1)).toMatchObject({ status: "refunded", by: "admin", reason: "stripe" });
  });

  it("makes one refund at Stripe when it is asked twice at once", async () => {
    const buyer = await signUp(t);
    const admin = await signUpAdmin(t);
    const { orderId, intent, due } = await paidThenCancelled(buyer, admin);
    await refundTwiceAtOnce(t, admin, orderId);
    const made = stripe.refundsOf(intent.id);
    expect(made).toHaveLength(1);
    await expectRefunded(t, orderId, due.id, made[0]!.id);
  });

  it("gives back what the payment was, not the order's total: a payment of a wrong amount is refunded as made", async () => {
    const buyer = await signUp(t);
    const admin = await signUpAdmin(t);
    const { orderId } = await placeOrder(t, buyer);
    const short = stripeApi.addIntent({ amount: 100, currency: "bdt", status: "succeeded", metadata: { orderId } });
    expect((await stripe.webhook(short)).status).toBe(200);
    const due = await duePayment(t, orderId);
    expect(due).toMatchObject({ amountPoisha: 100, providerRef: short.id });
    expect((await orderRow(t, orderId)).status).toBe("unpaid");
    expect((await refund(t, admin, orderId)).status).toBe(200);
    expect(stripe.refundsOf(short.id)).toMatchObject([{ amount: 100 }]);
    await expectRefunded(t, orderId, due.id, stripe.refundsOf(short.id)[0]!.id);
  });

  it("leaves the payment due when Stripe is down (502), and refunds it once when asked again", async () => {
    const buyer = await signUp(t);
    const admin = await signUpAdmin(t);
    const { orderId, intent, due } = await paidThenCancelled(buyer, admin);
    const before = await orderRow(t, orderId);
    stripeApi.faults.refunds = true;
    try {
      const res = await refund(t, admin, orderId);
      expect(res.status).toBe(502);
      expect((await errorOf(res)).code).toBe("payment.stripe_unreachable");
    } finally {
      stripeApi.faults.refunds = false;
    }
    await expectUnchanged(t, orderId, before);
    expect((await refund(t, admin, orderId)).status).toBe(200);
    expect(stripe.refundsOf(intent.id)).toHaveLength(1);
    await expectRefunded(t, orderId, due.id, stripe.refundsOf(intent.id)[0]!.id);
  });

  it("leaves the payment due when Stripe refuses (already refunded in the dashboard): 409, nothing changes", async () => {
    const buyer = await signUp(t);
    const admin = await signUpAdmin(t);
    const { orderId, intent } = await paidThenCancelled(buyer, admin);
    expect((await stripe.refundAtStripe(intent.id, intent.amount)).status).toBe(200);
    const before = await orderRow(t, orderId);
    const res = await refund(t, admin, orderId);
    expect(res.status).toBe(409);
    expect((await errorOf(res)).code).toBe("refund.failed");
    await expectUnchanged(t, orderId, before);
    expect(stripe.refundsOf(intent.id)).toHaveLength(1);
  });
});

describe("POST /api/order/{id}/refund with SSLCommerz (through its stand-in)", () => {
  const { t, gateway } = useSslcommerzApp();
  const ssl = sslcommerzHelpers(t, gateway);

  async function paidThenCancelled(buyer: TestAccount, admin: TestAccount) {
    const { orderId } = await placeOrder(t, buyer);
    const fields = await ssl.payAtGateway(buyer, orderId);
    expect((await ssl.ipn(fields)).status).toBe(200);
    expect((await orderRow(t, orderId)).status).toBe("paid");
    await cancelAsAdmin(t, admin, orderId);
    const bankTranId = ssl.bankTranIdOf(fields);
    return { orderId, fields, bankTranId, due: await duePayment(t, orderId) };
  }

  it("refunds by the bank's transaction id once, for the amount recorded, with the payment's refund id", async () => {
    const buyer = await signUp(t);
    const admin = await signUpAdmin(t);
    const { orderId, bankTranId, fields, due } = await paidThenCancelled(buyer, admin);
    expect(due.gatewayRef).toBe(bankTranId);
    expect((await refund(t, admin, orderId)).status).toBe(200);
    const made = ssl.refundsOf(bankTranId);
    expect(made).toMatchObject([
      { amount: "25010.00", refundTransId: `randa-refund-${due.id}`, tranId: fields.get("tran_id") },
    ]);
    await expectRefunded(t, orderId, due.id, made[0]!.refundRefId);
    await expectNothingDue(t, admin, orderId);
    expect(ssl.refundsOf(bankTranId)).toHaveLength(1);
    const { history } = await adminView(t, admin, orderId);
    expect(history.at(-1)).toMatchObject({ status: "refunded", by: "admin", reason: "sslcommerz" });
  });

  it("makes one refund at the gateway when it is asked twice at once", async () => {
    const buyer = await signUp(t);
    const admin = await signUpAdmin(t);
    const { orderId, bankTranId, due } = await paidThenCancelled(buyer, admin);
    await refundTwiceAtOnce(t, admin, orderId);
    const made = ssl.refundsOf(bankTranId);
    expect(made).toHaveLength(1);
    await expectRefunded(t, orderId, due.id, made[0]!.refundRefId);
  });

  it("refunds a payment held for review that an admin cancelled instead of accepting", async () => {
    const buyer = await signUp(t);
    const admin = await signUpAdmin(t);
    const { orderId } = await placeOrder(t, buyer);
    const fields = await ssl.payAtGateway(buyer, orderId);
    gateway.tamper(fields.get("val_id")!, { risk_level: "1", risk_title: "Risky" });
    expect((await ssl.ipn(fields)).status).toBe(200);
    await cancelAsAdmin(t, admin, orderId);
    const due = await duePayment(t, orderId);
    expect((await refund(t, admin, orderId)).status).toBe(200);
    await expectRefunded(t, orderId, due.id, ssl.refundsOf(ssl.bankTranIdOf(fields))[0]!.refundRefId);
  });

  it("leaves the payment due when the gateway refuses (refunded in the merchant panel): 409, nothing changes", async () => {
    const buyer = await signUp(t);
    const admin = await signUpAdmin(t);
    const { orderId, bankTranId } = await paidThenCancelled(buyer, admin);
    expect(gateway.refundInPanel(bankTranId, "25010.00")).toMatchObject({ APIConnect: "DONE", status: "success" });
    const before = await orderRow(t, orderId);
    const res = await refund(t, admin, orderId);
    expect(res.status).toBe(409);
    expect((await errorOf(res)).code).toBe("refund.failed");
    await expectUnchanged(t, orderId, before);
    expect(ssl.refundsOf(bankTranId)).toHaveLength(1);
  });

  it("cannot refund a payment the gateway gave no bank transaction id for: 409, nothing changes", async () => {
    const buyer = await signUp(t);
    const admin = await signUpAdmin(t);
    const { orderId } = await placeOrder(t, buyer);
    const refundsBefore = gateway.refunds.size;
    const fields = await ssl.payAtGateway(buyer, orderId);
    gateway.tamper(fields.get("val_id")!, { bank_tran_id: "" });
    expect((await ssl.ipn(fields)).status).toBe(200);
    await cancelAsAdmin(t, admin, orderId);
    await duePayment(t, orderId);
    const before = await orderRow(t, orderId);
    const res = await refund(t, admin, orderId);
    expect(res.status).toBe(409);
    expect((await errorOf(res)).code).toBe("refund.failed");
    await expectUnchanged(t, orderId, before);
    expect(gateway.refunds.size).toBe(refundsBefore);
  });
});
