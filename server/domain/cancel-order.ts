import { and, eq, sql } from "drizzle-orm";
import type { SessionUser } from "../auth/session";
import type { Db } from "../db/client";
import { order, payment, product } from "../db/schema";
import { conflict, forbidden, notFound } from "../errors";
import { isId, ORDER_NOT_FOUND } from "./orders";

export const PAID_ORDER_KEPT = "This order is paid and cannot be cancelled.";
export const SHIPPED_ORDER_KEPT = "This order has been shipped and cannot be cancelled.";
export const HELD_PAYMENT_KEPT = "This order has a payment waiting for the store's review and cannot be cancelled.";
export const NOT_YOUR_ORDER = "You can only cancel your own orders.";

/**
 * Cancels an unpaid order (its buyer or an admin) and gives its pieces back to the product's stock, in one
 * transaction. The row is kept, marked cancelled, as the shop's record.
 */
export async function cancelOrder(db: Db, actor: SessionUser, orderId: string): Promise<{ deletedCount: number }> {
  if (!isId(orderId)) throw notFound(ORDER_NOT_FOUND);
  return db.transaction(async (tx) => {
    // The row lock orders a cancel against a concurrent cancel or payment of the same order.
    const [row] = await tx.select().from(order).where(eq(order.id, orderId)).for("update");
    if (!row || row.status === "cancelled") throw notFound(ORDER_NOT_FOUND);
    if (row.buyerId !== actor.id && actor.role !== "admin") throw forbidden(NOT_YOUR_ORDER);
    // Cancelling is possible only before payment or shipping.
    if (row.transactionId || row.status === "paid") throw conflict(PAID_ORDER_KEPT);
    if (row.status !== "unpaid" && row.status !== "cod") throw conflict(SHIPPED_ORDER_KEPT);
    // Money a gateway took and held for review is the admin's to accept or refund, not lost with the order.
    const [held] = await tx
      .select({ id: payment.id })
      .from(payment)
      .where(and(eq(payment.orderId, row.id), eq(payment.status, "held")))
      .limit(1);
    if (held) throw conflict(HELD_PAYMENT_KEPT);
    await tx.update(order).set({ status: "cancelled", updatedAt: new Date() }).where(eq(order.id, row.id));
    if (row.productId) {
      await tx
        .update(product)
        .set({ availability: sql`${product.availability} + ${row.quantity}`, updatedAt: new Date() })
        .where(eq(product.id, row.productId));
    }
    return { deletedCount: 1 };
  });
}
