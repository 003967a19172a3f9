import { and, asc, eq, inArray, isNotNull, sum } from "drizzle-orm";
import { M } from "@shared/messages";
import type { SessionUser } from "../../auth/session";
import type { Db } from "../../db/client";
import { consignment, order, orderLine } from "../../db/schema";
import { conflict } from "../../errors";
import { moveStock, type StockCause } from "../../stock";
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
    // A parcel being booked under the order's lock (server/couriers) may already be on the courier's books: the order
    // is the courier's answer's to ship, not the shop's to cancel meanwhile.
    const [booking] = await tx.select({ id: consignment.id }).from(consignment).where(eq(consignment.orderId, row.id));
    if (booking) throw conflict(M.courier.booking_in_flight);
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
    await restockLines(tx, [row.id], {
      reason: "cancelled",
      by: who.by === "admin" ? "admin" : "buyer",
      byUserId: "userId" in who ? who.userId : null,
    });
    return oweAll(tx, row.id, ["succeeded", "held"], who, M.order.cancelled);
  });
}

/**
 * The pieces of every line of the orders, back on their variants' shelves (a deleted product has no shelf), each
 * with its ledger row naming the order and why (server/stock `moveStock`: products in id order, so two transactions
 * giving back stock of the same products cannot deadlock). The caller holds the orders' row locks and changes their
 * status in the same transaction, so each order's stock comes back once.
 */
export async function restockLines(
  tx: Db,
  orderIds: string[],
  cause: Pick<StockCause, "reason" | "by" | "byUserId" | "at">,
): Promise<void> {
  if (orderIds.length === 0) return;
  const pieces = await tx
    .select({
      orderId: orderLine.orderId,
      productId: orderLine.productId,
      variantId: orderLine.variantId,
      quantity: sum(orderLine.quantity).mapWith(Number),
    })
    .from(orderLine)
    .where(and(inArray(orderLine.orderId, orderIds), isNotNull(orderLine.productId), isNotNull(orderLine.variantId)))
    .groupBy(orderLine.orderId, orderLine.productId, orderLine.variantId)
    .orderBy(asc(orderLine.productId), asc(orderLine.variantId), asc(orderLine.orderId));
  await moveStock(
    tx,
    pieces.map((p) => ({ productId: p.productId!, variantId: p.variantId!, change: p.quantity, orderId: p.orderId })),
    cause,
  );
}
