import { eq } from "drizzle-orm";
import { describe } from "vitest";
import { testPaymentIntent } from "@server/db/schema";
import { asBearer, jsonInit } from "../support/accounts";
import type { Ignored } from "../support/fingerprint";
import { fuzzEach, useFuzzAccounts } from "../support/fuzz/fuzz-call";
import { holdPayment, orderFor } from "../support/orders";
import { useTestApp } from "../support/test-app";

const GOOD_CARD = { number: "4242 4242 4242 4242", expMonth: 12, expYear: 2034, cvc: "123" };
const BILLING = { name: "Karim Uddin", email: "karim@example.test" };

/**
 * A declined card is written on the intent (`last_error`), as Stripe keeps `last_payment_error`: the test
 * processor's record of the attempt, not a row of the store's. Everything else must stay as it was.
 */
const DECLINES_RECORDED: Ignored = { columns: { "public.test_payment_intent": ["last_error", "updated_at"] } };

describe("fuzzing the payment calls (test-card provider): never a 5xx, and a refused request changes no row", () => {
  const t = useTestApp();
  const accounts = useFuzzAccounts(t);

  const anOrder = async () => ({ orderId: await orderFor(t, accounts.owner) });
  const anIntent = async () => {
    const { orderId } = await anOrder();
    const res = await t.request("/api/create-payment-intent", jsonInit("POST", { orderId }, asBearer(accounts.owner)));
    const { clientSecret } = (await res.json()) as { clientSecret: string };
    return { orderId, clientSecret, intentId: clientSecret.split("_secret_")[0]! };
  };
  /** A card payment the processor has taken and the store not yet heard of (PATCH is how it hears). */
  const aPaymentNotYetSettled = async () => {
    const s = await anIntent();
    await t.database.db
      .update(testPaymentIntent)
      .set({ status: "succeeded" })
      .where(eq(testPaymentIntent.id, s.intentId));
    return s;
  };
  /** A gateway payment held for the admin's review, as SSLCommerz's risky ones are. */
  const aHeldPayment = async () => {
    const { orderId } = await anOrder();
    await holdPayment(t, orderId);
    return { orderId };
  };

  // prettier-ignore
  fuzzEach(t, [
    { call: "POST /api/create-payment-intent",      as: "owner", scene: anOrder,               body: (s) => ({ orderId: s.orderId }) },
    { call: "POST /api/payments/test/confirm",      as: "owner", scene: anIntent,              body: (s) => ({ clientSecret: s.clientSecret, card: GOOD_CARD, billingDetails: BILLING }), ignored: DECLINES_RECORDED },
    { call: "PATCH /api/order/{id}",                as: "owner", scene: aPaymentNotYetSettled, id: (s) => s.orderId!, body: (s) => ({ transactionId: s.intentId }) },
    { call: "POST /api/order/{id}/accept-payment",  as: "admin", scene: aHeldPayment,          id: (s) => s.orderId! },
  ], accounts);
});
