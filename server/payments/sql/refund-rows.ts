import { and, eq } from "drizzle-orm";
import type { SessionUser } from "../../auth/session";
import type { Db } from "../../db/client";
import { order, payment, type PaymentRow } from "../../db/schema";
import { recordEvent } from "../../orders";
import { assertAllowed, hasHeldPayment, isId, lockOrder, orderFacts, type Order } from "../../orders";
import { notFound } from "../../errors";
import { M } from "@shared/messages";

/** The payments an admin may give back on the order now: those due, in the order they arrived. */
export async function paymentsDue(db: Db, actor: SessionUser, orderId: string | null): Promise<PaymentRow[]> {
  if (!isId(orderId)) throw notFound(M.order.not_found);
  const [row] = await db.select().from(order).where(eq(order.id, orderId));
  if (!row) throw notFound(M.order.not_found);
  assertAllowed(orderFacts(row, await hasHeldPayment(db, row.id)), actor, "refund");
  return db
    .select()
    .from(payment)
    .where(and(eq(payment.orderId, row.id), eq(payment.status, "refund_due")))
    .orderBy(payment.createdAt);
}

/**
 * Records that the provider gave the payment back. Two admins refunding at once both asked the provider with the
 * payment's own idempotency key and got the same refund; the first to get here records it, the second finds it
 * recorded. The order is refunded when nothing more is due on it.
 */
export async function markRefunded(db: Db, actor: SessionUser, due: PaymentRow, refundRef: string): Promise<Order> {
  return db.transaction(async (tx) => {
    const row = await lockOrder(tx, due.orderId);
    const [done] = await tx
      .update(payment)
      .set({ status: "refunded", refundRef, updatedAt: new Date() })
      .where(and(eq(payment.id, due.id), eq(payment.status, "refund_due")))
      .returning({ id: payment.id });
    if (!done) return row;
    const [stillDue] = await tx
      .select({ id: payment.id })
      .from(payment)
      .where(and(eq(payment.orderId, row.id), eq(payment.status, "refund_due")))
      .limit(1);
    await recordEvent(tx, row.id, "refunded", { by: "admin", userId: actor.id }, { reason: due.provider });
    if (stillDue) return row;
    const [refunded] = await tx
      .update(order)
      .set({ refund: "refunded", updatedAt: new Date() })
      .where(eq(order.id, row.id))
      .returning();
    return refunded!;
  });
}
