import { and, eq } from "drizzle-orm";
import type { SessionUser } from "../auth/session";
import type { Db } from "../db/client";
import { order, payment } from "../db/schema";
import { conflict, forbidden, invalid, notFound, paymentFailed } from "../errors";
import { STORE_CURRENCY, type PaymentProvider, type PaymentStart, type ProviderPayment } from "../payments/provider";
import { assertDeliverable } from "./order-lifecycle";
import { isId, ORDER_NOT_FOUND, type Order } from "./orders";

export const ORDER_ALREADY_PAID = "This order is already paid.";
export const ORDER_CANCELLED = "This order was cancelled and cannot be paid.";
export const ORDER_NOT_PAYABLE = "This order is to be paid in cash on delivery.";
export const NOT_YOUR_ORDER_TO_PAY = "You can only pay for your own orders.";
export const PAYMENT_NOT_FOUND = "No payment with that transaction id was found.";
export const PAYMENT_NOT_SUCCEEDED = "That payment has not succeeded.";
export const PAYMENT_OF_ANOTHER_ORDER = "That payment was not made for this order.";
export const PAYMENT_AMOUNT_MISMATCH = "That payment's amount or currency does not match this order.";

/** Whether the order is paid now, and whether this call is the one that made it so. */
export interface Settlement {
  orderId: string;
  transactionId: string;
  /** False when the same payment had already settled the order (a replayed webhook or confirmation). */
  settled: boolean;
  /** True when the gateway flagged the payment as risky and it waits for an admin. */
  held?: boolean;
}

async function ownOrder(db: Db, actor: SessionUser, orderId: string): Promise<Order> {
  if (!isId(orderId)) throw notFound(ORDER_NOT_FOUND);
  const [row] = await db.select().from(order).where(eq(order.id, orderId));
  if (!row || row.status === "cancelled") throw notFound(ORDER_NOT_FOUND);
  if (row.buyerId !== actor.id) throw forbidden(NOT_YOUR_ORDER_TO_PAY);
  return row;
}

/**
 * POST /api/create-payment-intent: starts paying for the buyer's own unpaid order. The amount is the order's,
 * in BDT poisha; nothing the browser sends about money is read.
 */
export async function startOrderPayment(
  db: Db,
  provider: PaymentProvider,
  actor: SessionUser,
  orderId: string,
): Promise<PaymentStart> {
  const row = await ownOrder(db, actor, orderId);
  if (row.transactionId || row.status === "paid") throw conflict(ORDER_ALREADY_PAID);
  if (row.status !== "unpaid") throw conflict(ORDER_NOT_PAYABLE);
  assertDeliverable(row);
  return provider.start({
    orderId: row.id,
    amountPoisha: row.payablePoisha,
    currency: STORE_CURRENCY,
    customer: { name: row.buyerName, email: row.buyerEmail },
    productName: row.productName,
    delivery: row.delivery,
  });
}

/**
 * PATCH /api/order/{id}: the buyer says a payment paid for the order. The provider is asked about it, and only
 * its answer counts.
 */
export async function confirmOrderPayment(
  db: Db,
  provider: PaymentProvider,
  actor: SessionUser,
  orderId: string,
  transactionId: string,
): Promise<Settlement> {
  const row = await ownOrder(db, actor, orderId);
  if (row.transactionId && row.transactionId !== transactionId) throw conflict(ORDER_ALREADY_PAID);
  const proof = await provider.retrieve(transactionId);
  if (!proof) throw invalid(PAYMENT_NOT_FOUND);
  if (proof.orderId !== row.id) throw invalid(PAYMENT_OF_ANOTHER_ORDER);
  return settlePayment(db, proof);
}

/**
 * Marks an order paid on a payment its provider vouched for (a retrieved payment or an authenticated
 * notification): succeeded, for this order's amount in taka. Webhooks and confirmations may race or repeat;
 * the order row lock and the payment table's unique keys make the order paid exactly once. A payment the
 * gateway flags as risky is recorded as held, and the order waits for an admin (`acceptHeldPayment`).
 */
export async function settlePayment(db: Db, proof: ProviderPayment): Promise<Settlement> {
  if (proof.status !== "succeeded" && proof.status !== "held") throw paymentFailed(PAYMENT_NOT_SUCCEEDED);
  if (!proof.orderId || !isId(proof.orderId)) throw invalid(PAYMENT_OF_ANOTHER_ORDER);
  const orderId = proof.orderId;
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(order).where(eq(order.id, orderId)).for("update");
    if (!row) throw notFound(ORDER_NOT_FOUND);
    const outcome = { orderId, transactionId: proof.reference };
    if (row.transactionId) {
      if (row.transactionId === proof.reference) return { ...outcome, settled: false };
      throw conflict(ORDER_ALREADY_PAID);
    }
    if (row.status === "cancelled") throw conflict(ORDER_CANCELLED);
    if (row.status !== "unpaid") throw conflict(ORDER_NOT_PAYABLE);
    if (proof.amountPoisha !== row.payablePoisha || proof.currency !== STORE_CURRENCY) {
      throw invalid(PAYMENT_AMOUNT_MISMATCH);
    }
    const record = {
      orderId,
      provider: proof.provider,
      providerRef: proof.reference,
      amountPoisha: proof.amountPoisha,
      currency: proof.currency,
    };
    if (proof.status === "held") {
      await tx
        .insert(payment)
        .values({ ...record, status: "held" })
        .onConflictDoNothing();
      return { ...outcome, settled: false, held: true };
    }
    await tx
      .insert(payment)
      .values(record)
      .onConflictDoUpdate({
        target: [payment.provider, payment.providerRef],
        set: { status: "succeeded", updatedAt: new Date() },
      });
    await markPaid(tx, orderId, proof.provider, proof.reference);
    return { ...outcome, settled: true };
  });
}

function markPaid(tx: Db, orderId: string, provider: string, reference: string) {
  return tx
    .update(order)
    .set({ status: "paid", paymentMethod: provider, transactionId: reference, updatedAt: new Date() })
    .where(eq(order.id, orderId));
}

export const NO_HELD_PAYMENT = "This order has no payment waiting for review.";

/** An admin accepts a payment the gateway held as risky: the order becomes paid with it. */
export async function acceptHeldPayment(db: Db, orderId: string): Promise<Settlement> {
  if (!isId(orderId)) throw notFound(ORDER_NOT_FOUND);
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(order).where(eq(order.id, orderId)).for("update");
    if (!row || row.status === "cancelled") throw notFound(ORDER_NOT_FOUND);
    if (row.transactionId) throw conflict(ORDER_ALREADY_PAID);
    const [held] = await tx
      .select()
      .from(payment)
      .where(and(eq(payment.orderId, orderId), eq(payment.status, "held")))
      .orderBy(payment.createdAt)
      .limit(1);
    if (!held) throw conflict(NO_HELD_PAYMENT);
    await tx.update(payment).set({ status: "succeeded", updatedAt: new Date() }).where(eq(payment.id, held.id));
    await markPaid(tx, orderId, held.provider, held.providerRef);
    return { orderId, transactionId: held.providerRef, settled: true };
  });
}

/** Orders whose gateway payment waits for an admin's review. */
export async function ordersWithHeldPayments(db: Db): Promise<Set<string>> {
  const rows = await db.select({ orderId: payment.orderId }).from(payment).where(eq(payment.status, "held"));
  return new Set(rows.map((r) => r.orderId));
}
