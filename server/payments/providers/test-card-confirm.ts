import { and, eq } from "drizzle-orm";
import { cardProblem } from "@shared/card-check";
import { english, M } from "@shared/messages";
import type { TestCardConfirm } from "@shared/schemas/payment";
import type { Db } from "../../db/client";
import { testPaymentIntent } from "../../db/schema";
import { settlePayment } from "../sql/payment-rows";
import { conflict, notFound, paymentFailed } from "../../errors";
import { storeMetrics } from "../../metrics/store-metrics";
import { testCardDecline } from "./test-cards";
import { testIntentPayment } from "./test-card-provider";

/**
 * The test processor's confirm call: charges a test card for a PaymentIntent, as Stripe's confirm does. A card
 * that pays marks the intent succeeded and settles the order in the same transaction, the way Stripe's
 * webhook would settle it a moment later; the browser's PATCH /api/order/{id} then finds the order paid.
 */
export async function confirmTestCardPayment(
  db: Db,
  input: TestCardConfirm,
  mushakRate: number | null,
  now = new Date(),
) {
  const [intent] = await db
    .select()
    .from(testPaymentIntent)
    .where(eq(testPaymentIntent.clientSecret, input.clientSecret));
  if (!intent) throw notFound(M.payment.no_such_intent);
  if (intent.status === "succeeded") throw conflict(M.payment.intent_already_succeeded);
  if (intent.status === "canceled") throw conflict(M.payment.intent_canceled);

  const decline = cardProblem(input.card, now) ?? testCardDecline(input.card.number);
  if (decline) {
    await db
      .update(testPaymentIntent)
      .set({ lastError: english(decline), updatedAt: new Date() })
      .where(eq(testPaymentIntent.id, intent.id));
    storeMetrics.payments.inc({ provider: "test", outcome: "declined" });
    throw paymentFailed(decline);
  }

  return db.transaction(async (tx) => {
    const [paid] = await tx
      .update(testPaymentIntent)
      .set({ status: "succeeded", lastError: null, updatedAt: new Date() })
      .where(and(eq(testPaymentIntent.id, intent.id), eq(testPaymentIntent.status, "requires_payment_method")))
      .returning();
    if (!paid) throw conflict(M.payment.intent_already_succeeded);
    // The card is charged: an order that can no longer take the payment (cancelled or expired while the card form
    // was open, paid another way) records it as refund due, as a Stripe payment reported late is.
    await settlePayment(tx, testIntentPayment(paid), mushakRate);
    return { paymentIntent: { id: paid.id, status: "succeeded" as const } };
  });
}
