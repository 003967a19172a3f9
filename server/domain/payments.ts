import { and, eq } from "drizzle-orm";
import { M } from "@shared/messages";
import { paymentRefusal } from "@shared/order-flow";
import type { SessionUser } from "../auth/session";
import type { Db } from "../db/client";
import { order, payment } from "../db/schema";
import { AppError, conflict, invalid, notFound, paymentFailed } from "../errors";
import { STORE_CURRENCY, type PaymentProvider, type PaymentStart, type ProviderPayment } from "../payments/provider";
import { assertActor, assertAllowed, hasHeldPayment, isId, lockOrder, orderFacts, type Order } from "./orders";

/** A payment the order took, and whether this call is the one that made it paid. */
export interface Settlement {
  order: Order;
  transactionId: string;
  /** False when the same payment had already settled the order (a replayed webhook or confirmation). */
  settled: boolean;
  /** True when the gateway flagged the payment as risky and it waits for an admin. */
  held: boolean;
}

async function readOrder(db: Db, orderId: string | null): Promise<Order> {
  if (!isId(orderId)) throw notFound(M.order.not_found);
  const [row] = await db.select().from(order).where(eq(order.id, orderId));
  if (!row) throw notFound(M.order.not_found);
  return row;
}

/**
 * Starts paying for the buyer's own order, when the order rules allow it. The amount is the order's, in BDT
 * poisha; nothing the browser sends about money is read.
 */
export async function startOrderPayment(
  db: Db,
  provider: PaymentProvider,
  actor: SessionUser,
  orderId: string | null,
): Promise<PaymentStart> {
  const row = await readOrder(db, orderId);
  assertAllowed(orderFacts(row, false), actor, "pay");
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
 * The buyer says a payment paid for their order (PATCH /api/order/{id}). The provider is asked about it, and only
 * its answer counts.
 */
export async function confirmOrderPayment(
  db: Db,
  provider: PaymentProvider,
  actor: SessionUser,
  orderId: string | null,
  transactionId: string,
): Promise<Settlement> {
  const row = await readOrder(db, orderId);
  // Who may pay, but not whether it is still payable: the same payment, told again, answers as it did.
  assertActor(orderFacts(row, false), actor, "pay");
  if (row.transactionId && row.transactionId !== transactionId) throw conflict(M.order.already_paid);
  const proof = await provider.retrieve(transactionId);
  if (!proof) throw invalid(M.payment.not_found);
  if (proof.orderId !== row.id) throw invalid(M.payment.other_order);
  // No money moved and the order is closed (cancelled, expired): the buyer is told why it cannot be paid.
  const closed = row.status === "cancelled" || row.status === "expired";
  const refused =
    closed && proof.status !== "succeeded" && proof.status !== "held" && paymentRefusal(orderFacts(row, false));
  if (refused) throw new AppError(refused.kind, refused.code);
  return settlePayment(db, proof);
}

/**
 * Marks an order paid on a payment its provider vouched for (a retrieved payment or an authenticated
 * notification): succeeded, for this order's amount in taka. Webhooks and confirmations may race or repeat;
 * the order row lock and the payment table's unique keys make the order paid exactly once. A payment the
 * gateway flags as risky is recorded as held, and the order waits for an admin (`acceptHeldPayment`).
 */
export async function settlePayment(db: Db, proof: ProviderPayment): Promise<Settlement> {
  if (proof.status !== "succeeded" && proof.status !== "held") throw paymentFailed(M.payment.not_succeeded);
  if (!isId(proof.orderId)) throw invalid(M.payment.other_order);
  const orderId = proof.orderId;
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(order).where(eq(order.id, orderId)).for("update");
    if (!row) throw notFound(M.order.not_found);
    const outcome = { transactionId: proof.reference, held: false };
    if (row.transactionId === proof.reference) return { ...outcome, order: row, settled: false };
    const refused = paymentRefusal(orderFacts(row, false));
    if (refused) throw new AppError(refused.kind, refused.code);
    if (proof.amountPoisha !== row.payablePoisha || proof.currency !== STORE_CURRENCY) {
      throw invalid(M.payment.amount_mismatch);
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
      return { ...outcome, order: row, settled: false, held: true };
    }
    await tx
      .insert(payment)
      .values(record)
      .onConflictDoUpdate({
        target: [payment.provider, payment.providerRef],
        set: { status: "succeeded", updatedAt: new Date() },
      });
    return { ...outcome, order: await markPaid(tx, orderId, proof.provider, proof.reference), settled: true };
  });
}

async function markPaid(tx: Db, orderId: string, provider: string, reference: string): Promise<Order> {
  const [row] = await tx
    .update(order)
    .set({ status: "paid", paymentMethod: provider, transactionId: reference, updatedAt: new Date() })
    .where(eq(order.id, orderId))
    .returning();
  return row!;
}

/** An admin accepts a payment the gateway held as risky: the order becomes paid with it. */
export async function acceptHeldPayment(db: Db, actor: SessionUser, orderId: string | null): Promise<Settlement> {
  return db.transaction(async (tx) => {
    const row = await lockOrder(tx, orderId);
    assertAllowed(orderFacts(row, await hasHeldPayment(tx, row.id)), actor, "accept_payment");
    const [held] = await tx
      .select()
      .from(payment)
      .where(and(eq(payment.orderId, row.id), eq(payment.status, "held")))
      .orderBy(payment.createdAt)
      .limit(1);
    await tx.update(payment).set({ status: "succeeded", updatedAt: new Date() }).where(eq(payment.id, held!.id));
    const paid = await markPaid(tx, row.id, held!.provider, held!.providerRef);
    return { order: paid, transactionId: held!.providerRef, settled: true, held: false };
  });
}
