import { and, eq } from "drizzle-orm";
import { cardProblem } from "~/lib/card-check";
import type { TestCardConfirm } from "~/schemas/payment";
import type { Db } from "../db/client";
import { testPaymentIntent } from "../db/schema";
import { settlePayment } from "../domain/payments";
import { conflict, notFound, paymentFailed } from "../errors";
import { testCardDecline } from "./test-cards";
import { testIntentPayment } from "./test-card-provider";

export const NO_SUCH_INTENT = "No such payment intent.";
export const INTENT_ALREADY_SUCCEEDED = "This payment has already succeeded.";

/**
 * POST /api/payments/test/confirm: charges a test card for a PaymentIntent, as Stripe's confirm does. A card
 * that pays marks the intent succeeded and settles the order in the same transaction, the way Stripe's
 * webhook would settle it a moment later; the browser's PATCH /api/order/{id} then finds the order paid.
 */
export async function confirmTestCardPayment(db: Db, input: TestCardConfirm, now = new Date()) {
  const [intent] = await db
    .select()
    .from(testPaymentIntent)
    .where(eq(testPaymentIntent.clientSecret, input.clientSecret));
  if (!intent) throw notFound(NO_SUCH_INTENT);
  if (intent.status === "succeeded") throw conflict(INTENT_ALREADY_SUCCEEDED);

  const decline = cardProblem(input.card, now) ?? testCardDecline(input.card.number);
  if (decline) {
    await db
      .update(testPaymentIntent)
      .set({ lastError: decline, updatedAt: new Date() })
      .where(eq(testPaymentIntent.id, intent.id));
    throw paymentFailed(decline);
  }

  return db.transaction(async (tx) => {
    const [paid] = await tx
      .update(testPaymentIntent)
      .set({ status: "succeeded", lastError: null, updatedAt: new Date() })
      .where(and(eq(testPaymentIntent.id, intent.id), eq(testPaymentIntent.status, "requires_payment_method")))
      .returning();
    if (!paid) throw conflict(INTENT_ALREADY_SUCCEEDED);
    // A cancelled or already-paid order, or a changed amount, refuses here and the card is not charged.
    await settlePayment(tx, testIntentPayment(paid));
    return { paymentIntent: { id: paid.id, status: "succeeded" as const } };
  });
}
