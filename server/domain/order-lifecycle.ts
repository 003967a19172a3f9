import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Delivery } from "~/schemas/delivery";
import type { SessionUser } from "../auth/session";
import type { Db } from "../db/client";
import { order, payment, type OrderStatus } from "../db/schema";
import { conflict, forbidden, notFound } from "../errors";
import { isId, ORDER_NOT_FOUND, type Order } from "./orders";

export const DELIVERY_LOCKED = "Delivery details can be changed only before the order is paid or confirmed.";
export const DELIVERY_REQUIRED = "Please add the delivery details before paying or confirming the order.";
export const NOT_YOUR_ORDER = "You can only do that for your own orders.";
export const NOT_PLACED = "Only an order that is neither paid nor confirmed can be confirmed for cash on delivery.";
export const NOT_CASH_ON_DELIVERY = "Only a cash-on-delivery order's cash can be collected.";
export const ALREADY_COLLECTED = "The cash for this order was already collected.";

/** Which state each admin step may start from. */
const NEXT_FROM: Record<"shipped" | "delivered", OrderStatus[]> = {
  shipped: ["paid", "cod"],
  delivered: ["shipped"],
};
export const cannotMoveTo = (status: string) =>
  status === "shipped"
    ? "Only a paid or cash-on-delivery order can be shipped."
    : "Only a shipped order can be marked delivered.";

/** The order, locked for the rest of the transaction; unknown, malformed and cancelled ones are not found. */
async function lockOrder(tx: Db, orderId: string): Promise<Order> {
  if (!isId(orderId)) throw notFound(ORDER_NOT_FOUND);
  const [row] = await tx.select().from(order).where(eq(order.id, orderId)).for("update");
  if (!row || row.status === "cancelled") throw notFound(ORDER_NOT_FOUND);
  return row;
}

function assertBuyer(row: Order, actor: SessionUser) {
  if (row.buyerId !== actor.id) throw forbidden(NOT_YOUR_ORDER);
}

/** An order can be paid or confirmed only once it knows where it goes. */
export function assertDeliverable(row: Order) {
  if (!row.delivery) throw conflict(DELIVERY_REQUIRED);
}

/** PUT /api/order/{id}/delivery: the buyer says where an unpaid order goes. */
export async function setDelivery(db: Db, actor: SessionUser, orderId: string, delivery: Delivery) {
  return db.transaction(async (tx) => {
    const row = await lockOrder(tx, orderId);
    assertBuyer(row, actor);
    if (row.status !== "unpaid") throw conflict(DELIVERY_LOCKED);
    await tx.update(order).set({ delivery, updatedAt: new Date() }).where(eq(order.id, row.id));
    return { modifiedCount: 1 };
  });
}

/** The buyer chooses cash on delivery: the order is confirmed, its stock stays taken, nothing is paid yet. */
export async function confirmCashOnDelivery(db: Db, actor: SessionUser, orderId: string) {
  return db.transaction(async (tx) => {
    const row = await lockOrder(tx, orderId);
    assertBuyer(row, actor);
    if (row.status !== "unpaid") throw conflict(NOT_PLACED);
    assertDeliverable(row);
    await tx
      .update(order)
      .set({ status: "cod", paymentMethod: "cod", updatedAt: new Date() })
      .where(eq(order.id, row.id));
    return { modifiedCount: 1, status: "cod" as const };
  });
}

/**
 * Manage Orders' Pay Bill: an admin records the cash of a cash-on-delivery order as received, once. It is a
 * payment like any other, with a transaction id of its own kind (`COD-…`).
 */
export async function collectCash(db: Db, orderId: string) {
  return db.transaction(async (tx) => {
    const row = await lockOrder(tx, orderId);
    if (row.paymentMethod !== "cod") throw conflict(NOT_CASH_ON_DELIVERY);
    if (row.transactionId) throw conflict(ALREADY_COLLECTED);
    const transactionId = `COD-${randomBytes(8).toString("hex").toUpperCase()}`;
    await tx.insert(payment).values({
      orderId: row.id,
      provider: "cod",
      providerRef: transactionId,
      amountPoisha: row.payablePoisha,
      currency: "BDT",
    });
    await tx.update(order).set({ transactionId, updatedAt: new Date() }).where(eq(order.id, row.id));
    return { modifiedCount: 1, transactionId };
  });
}

/** An admin moves an order along: paid or cash on delivery → shipped → delivered. */
export async function advanceOrder(db: Db, orderId: string, status: "shipped" | "delivered") {
  return db.transaction(async (tx) => {
    const row = await lockOrder(tx, orderId);
    if (!NEXT_FROM[status].includes(row.status)) throw conflict(cannotMoveTo(status));
    await tx.update(order).set({ status, updatedAt: new Date() }).where(eq(order.id, row.id));
    return { modifiedCount: 1 };
  });
}
