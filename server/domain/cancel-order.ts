import { eq, sql } from "drizzle-orm";
import type { SessionUser } from "../auth/session";
import type { Db } from "../db/client";
import { order, product } from "../db/schema";
import { assertAllowed, hasHeldPayment, lockOrder, orderFacts, type Order } from "./orders";

/**
 * Cancels an order its buyer or an admin may still cancel (shared/order-flow.ts) and gives its pieces back to the
 * product's stock, in one transaction. The row is kept, marked cancelled, as the shop's record.
 */
export async function cancelOrder(db: Db, actor: SessionUser, orderId: string | null): Promise<Order> {
  return db.transaction(async (tx) => {
    // The row lock orders a cancel against a concurrent cancel or payment of the same order.
    const row = await lockOrder(tx, orderId);
    assertAllowed(orderFacts(row, await hasHeldPayment(tx, row.id)), actor, "cancel");
    const [cancelled] = await tx
      .update(order)
      .set({ status: "cancelled", updatedAt: new Date() })
      .where(eq(order.id, row.id))
      .returning();
    if (row.productId) {
      await tx
        .update(product)
        .set({ availability: sql`${product.availability} + ${row.quantity}`, updatedAt: new Date() })
        .where(eq(product.id, row.productId));
    }
    return cancelled!;
  });
}
