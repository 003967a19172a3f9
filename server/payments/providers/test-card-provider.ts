import { randomBytes } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import { M } from "@shared/messages";
import type { Db } from "../../db/client";
import { testPaymentIntent, type TestPaymentIntentRow } from "../../db/schema";
import { conflict } from "../../errors";
import type { CardPaymentProvider, ProviderPayment } from "./provider";

const token = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`;

export function testIntentPayment(row: TestPaymentIntentRow): ProviderPayment {
  return {
    provider: "test",
    reference: row.id,
    orderId: row.orderId,
    amountPoisha: row.amountPoisha,
    currency: row.currency,
    status: row.status === "succeeded" ? "succeeded" : "pending",
  };
}

/**
 * The embedded default: a card processor of our own that honours Stripe's test card numbers and keeps its
 * PaymentIntents in the store's database. No money moves. Cards are confirmed by `confirmTestCardPayment`.
 */
export function createTestCardProvider(db: Db): CardPaymentProvider {
  return {
    name: "test",
    browser: { provider: "test" },
    pageSources: { script: [], frame: [], connect: [] },

    async start(request) {
      const id = token("pi_test");
      // One intent per order, as Stripe's idempotency key makes it: a reloaded payment page reuses it.
      const [intent] = await db
        .insert(testPaymentIntent)
        .values({
          id,
          clientSecret: `${id}_secret_${randomBytes(12).toString("hex")}`,
          idempotencyKey: `order:${request.orderId}`,
          orderId: request.orderId,
          amountPoisha: request.amountPoisha,
          currency: request.currency,
        })
        .onConflictDoUpdate({ target: testPaymentIntent.idempotencyKey, set: { updatedAt: new Date() } })
        .returning();
      return { kind: "card", reference: intent!.id, clientSecret: intent!.clientSecret };
    },

    async retrieve(reference) {
      const [row] = await db.select().from(testPaymentIntent).where(eq(testPaymentIntent.id, reference));
      return row ? testIntentPayment(row) : null;
    },

    // The test processor settles the order in the same transaction that confirms the card.
    readNotification() {
      return Promise.resolve(null);
    },

    // Made once per idempotency key, as Stripe's refunds are; no money moved, so none moves back.
    async refund(request) {
      const [made] = await db
        .update(testPaymentIntent)
        .set({ refundId: token("re_test"), refundKey: request.idempotencyKey, updatedAt: new Date() })
        .where(
          and(
            eq(testPaymentIntent.id, request.reference),
            eq(testPaymentIntent.status, "succeeded"),
            isNull(testPaymentIntent.refundKey),
          ),
        )
        .returning();
      if (made) return { refundRef: made.refundId! };
      const [earlier] = await db.select().from(testPaymentIntent).where(eq(testPaymentIntent.id, request.reference));
      if (earlier?.refundKey === request.idempotencyKey) return { refundRef: earlier.refundId! };
      throw conflict(M.refund.failed);
    },

    async cancelAttempt(reference) {
      await db
        .update(testPaymentIntent)
        .set({ status: "canceled", updatedAt: new Date() })
        .where(and(eq(testPaymentIntent.id, reference), eq(testPaymentIntent.status, "requires_payment_method")));
    },
  };
}
