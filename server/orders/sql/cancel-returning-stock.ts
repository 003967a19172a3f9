import { eq, sql } from "drizzle-orm";
import { M } from "@shared/messages";
import type { SessionUser } from "../../auth/session";
import type { Db } from "../../db/client";
import { order, product } from "../../db/schema";
import { personOf, recordEvent } from "./order-history";
import { assertAllowed, hasHeldPayment, lockOrder, orderFacts, type Order } from "./order-rows";
import { oweAll } from "../../payments";

/**
 * Cancels an order its buyer or an admin may still cancel (shared/order-flow.ts): the buyer before any money or
 * shipping, an admin any order not yet shipped, with a reason the buyer is shown. Its pieces go back to stock and
 * money it received becomes refund due, in one transaction under the order's row lock, so stock comes back once.
 * The row is kept, marked cancelled, as the shop's record.
 */
export async function cancelReturningStock(
  db: Db,
  actor: SessionUser,
  orderId: string | null,
  reason: string | null = null,
): Promise<Order> {
  return db.transaction(async (tx) => {
    const row = await lockOrder(tx, orderId);
    assertAllowed(orderFacts(row, await hasHeldPayment(tx, row.id)), actor, "cancel");
    const who = personOf(actor, row.buyerId);
    await tx
      .update(order)
      .set({
        status: "cancelled",
        cancelledBy: who.by === "admin" ? "admin" : "buyer",
        cancelReason: reason,
        updatedAt: new Date(),
      })
      .where(eq(order.id, row.id));
    await recordEvent(tx, row.id, "cancelled", who, { reason });
    await restock(tx, row);
    return oweAll(tx, row.id, ["succeeded", "held"], who, M.order.cancelled);
  });
}

/** The order's pieces, back on its product's shelf (a deleted product has no shelf). */
export async function restock(tx: Db, row: Pick<Order, "productId" | "quantity">): Promise<void> {
  if (!row.productId) return;
  await tx
    .update(product)
    .set({ availability: sql`${product.availability} + ${row.quantity}`, updatedAt: new Date() })
    .where(eq(product.id, row.productId));
}
