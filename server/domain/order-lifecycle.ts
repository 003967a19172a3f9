import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Delivery } from "@shared/schemas/delivery";
import type { SessionUser } from "../auth/session";
import type { Db } from "../db/client";
import { order, payment, type OrderRow } from "../db/schema";
import { issueInvoice } from "./invoices";
import { personOf, recordEvent } from "./order-history";
import { assertAllowed, hasHeldPayment, lockOrder, orderFacts, type Order } from "./orders";

type Changes = Partial<Pick<OrderRow, "status" | "paymentMethod" | "delivery" | "transactionId" | "expiresAt">>;

async function save(tx: Db, id: string, changes: Changes): Promise<Order> {
  const [row] = await tx
    .update(order)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(order.id, id))
    .returning();
  return row!;
}

/** The buyer says where an unpaid order goes. */
export async function setDelivery(db: Db, actor: SessionUser, orderId: string | null, delivery: Delivery) {
  return db.transaction(async (tx) => {
    const row = await lockOrder(tx, orderId);
    assertAllowed(orderFacts(row, false), actor, "set_delivery");
    return save(tx, row.id, { delivery });
  });
}

/** The buyer chooses cash on delivery: the order is confirmed, its stock stays taken, nothing is paid yet. */
export async function confirmCashOnDelivery(db: Db, actor: SessionUser, orderId: string | null) {
  return db.transaction(async (tx) => {
    const row = await lockOrder(tx, orderId);
    assertAllowed(orderFacts(row, false), actor, "confirm_cod");
    await recordEvent(tx, row.id, "cod", personOf(actor, row.buyerId));
    await issueInvoice(tx, row.id);
    // Confirmed: its stock is kept for the delivery, no longer on the clock.
    return save(tx, row.id, { status: "cod", paymentMethod: "cod", expiresAt: null });
  });
}

/**
 * Manage Orders' Pay Bill: an admin records the cash of a cash-on-delivery order as received, once. It is a
 * payment like any other, with a transaction id of its own kind (`COD-…`).
 */
export async function collectCash(db: Db, actor: SessionUser, orderId: string | null) {
  return db.transaction(async (tx) => {
    const row = await lockOrder(tx, orderId);
    assertAllowed(orderFacts(row, false), actor, "collect_cash");
    const transactionId = `COD-${randomBytes(8).toString("hex").toUpperCase()}`;
    await tx.insert(payment).values({
      orderId: row.id,
      provider: "cod",
      providerRef: transactionId,
      amountPoisha: row.payablePoisha,
      currency: "BDT",
    });
    await recordEvent(tx, row.id, "collected", { by: "admin", userId: actor.id });
    return save(tx, row.id, { transactionId });
  });
}

/** An admin moves an order along: paid or cash on delivery → shipped → delivered. */
export async function advanceOrder(db: Db, actor: SessionUser, orderId: string | null, to: "shipped" | "delivered") {
  return db.transaction(async (tx) => {
    const row = await lockOrder(tx, orderId);
    assertAllowed(orderFacts(row, await hasHeldPayment(tx, row.id)), actor, to === "shipped" ? "ship" : "deliver");
    await recordEvent(tx, row.id, to, { by: "admin", userId: actor.id });
    return save(tx, row.id, { status: to });
  });
}
