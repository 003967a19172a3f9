import { and, eq, inArray } from "drizzle-orm";
import { M } from "@shared/messages";
import { paymentRefusal } from "@shared/order-flow";
import type { SessionUser } from "../../auth/session";
import type { Db } from "../../db/client";
import { order, payment, paymentAttempt } from "../../db/schema";
import { AppError, invalid, notFound, paymentFailed } from "../../errors";
import { STORE_CURRENCY, type PaymentProvider, type PaymentStart, type ProviderPayment } from "../providers/provider";
import { afterCommit } from "../../db/after-commit";
import { storeMetrics } from "../../metrics/store-metrics";
import { issueInvoice } from "../../orders";
import { personOf, recordEvent, type EventActor } from "../../orders";
import {
  assertActor,
  assertAllowed,
  dueOnlinePoisha,
  hasHeldPayment,
  isId,
  lockOrder,
  orderFacts,
  type Order,
} from "../../orders";

/** A payment the order took, and whether this call is the one that made it paid. */
export interface Settlement {
  order: Order;
  transactionId: string;
  /** False when the same payment had already settled the order (a replayed webhook or confirmation). */
  settled: boolean;
  /** True when the gateway flagged the payment as risky and it waits for an admin. */
  held: boolean;
  /** True when the order could not take the payment: it is recorded, to be refunded. */
  refundDue: boolean;
  /** True when this payment had been told before: the answer repeats the first one's. */
  repeated?: boolean;
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
  const started = await provider.start({
    orderId: row.id,
    amountPoisha: dueOnlinePoisha(row),
    currency: STORE_CURRENCY,
    customer: { name: row.buyerName, email: row.buyerEmail },
    productName: row.productName,
    delivery: row.delivery,
  });
  await recordAttempt(db, provider.name, row, started.reference, actor);
  return started;
}

/**
 * Keeps the started payment, to cancel it if the order is cancelled or expires, and to know a gateway's word about
 * it is about this order. A card provider answers a reloaded payment page with the same payment: one attempt.
 */
async function recordAttempt(db: Db, provider: string, row: Order, reference: string, actor: SessionUser) {
  await db.transaction(async (tx) => {
    const [attempt] = await tx
      .insert(paymentAttempt)
      .values({ reference, provider, orderId: row.id, amountPoisha: dueOnlinePoisha(row), currency: STORE_CURRENCY })
      .onConflictDoNothing()
      .returning({ reference: paymentAttempt.reference });
    if (attempt) await recordEvent(tx, row.id, "payment_started", personOf(actor, row.buyerId), { reason: provider });
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
  mushakRate: number | null,
): Promise<Settlement> {
  const row = await readOrder(db, orderId);
  // Who may pay, but not whether it is still payable: a payment made is recorded whatever the order's state (even
  // one its buyer cancelled, and so no longer sees), and the same payment, told again, answers as it did.
  assertActor({ ...orderFacts(row, false), hiddenFromBuyer: false }, actor, "pay");
  const proof = await provider.retrieve(transactionId);
  if (!proof) throw invalid(M.payment.not_found);
  if (proof.orderId !== row.id) throw invalid(M.payment.other_order);
  // No money moved and the order is closed (cancelled, expired): the buyer is told why it cannot be paid.
  const closed = row.status === "cancelled" || row.status === "expired";
  const refused =
    closed && proof.status !== "succeeded" && proof.status !== "held" && paymentRefusal(orderFacts(row, false));
  if (refused) throw new AppError(refused.kind, refused.code);
  return settlePayment(db, proof, mushakRate);
}

/**
 * Records a payment its provider vouched for (a retrieved payment or an authenticated notification) and, when the
 * order can still take it — unpaid, for this order's amount in taka — marks the order paid. Money is never lost:
 * a payment the order cannot take (cancelled, expired, already paid, cash on delivery, a different amount) is
 * recorded as refund due, for an admin to give back. Webhooks and confirmations may race or repeat; the order row
 * lock and the payment table's unique keys record each payment once and pay the order once. A payment the gateway
 * flags as risky is recorded as held, and the order waits for an admin (`acceptHeldPayment`).
 */
export async function settlePayment(db: Db, proof: ProviderPayment, mushakRate: number | null): Promise<Settlement> {
  const count = (outcome: string) => storeMetrics.payments.inc({ provider: proof.provider, outcome });
  try {
    const settlement = await settle(db, proof, mushakRate);
    const outcome = settlement.repeated
      ? "repeated"
      : settlement.settled
        ? "paid"
        : settlement.held
          ? "held"
          : "refund_due";
    // Called inside a caller's transaction (the test processor's confirm), it counts when that one commits.
    afterCommit(db, () => count(outcome));
    return settlement;
  } catch (err) {
    count(err instanceof AppError && err.kind === "payment_failed" ? "failed" : "rejected");
    throw err;
  }
}

async function settle(db: Db, proof: ProviderPayment, mushakRate: number | null): Promise<Settlement> {
  if (proof.status !== "succeeded" && proof.status !== "held") throw paymentFailed(M.payment.not_succeeded);
  if (!isId(proof.orderId)) throw invalid(M.payment.other_order);
  // Money is a whole positive number of minor units in an ISO 4217 currency: anything else is not a payment to record.
  const money = Number.isSafeInteger(proof.amountPoisha) && proof.amountPoisha > 0 && /^[A-Z]{3}$/.test(proof.currency);
  if (!money) throw invalid(M.payment.amount_mismatch);
  const orderId = proof.orderId;
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(order).where(eq(order.id, orderId)).for("update");
    if (!row) throw notFound(M.order.not_found);
    const outcome = { transactionId: proof.reference, held: false, refundDue: false, settled: false };
    const [known] = await tx
      .select()
      .from(payment)
      .where(and(eq(payment.provider, proof.provider), eq(payment.providerRef, proof.reference)));
    const upgradesHeld = known?.status === "held" && proof.status === "succeeded";
    if (known && !upgradesHeld) {
      // Told again: answers as the first time did.
      const due = known.status === "refund_due" || known.status === "refunded";
      return { ...outcome, order: row, held: known.status === "held", refundDue: due, repeated: true };
    }
    const provider = { by: proof.provider };
    const record = {
      orderId,
      provider: proof.provider,
      providerRef: proof.reference,
      amountPoisha: proof.amountPoisha,
      currency: proof.currency,
      gatewayRef: proof.gatewayRef ?? null,
    };
    const refused = paymentRefusal(orderFacts(row, false));
    const wrongAmount = proof.amountPoisha !== dueOnlinePoisha(row) || proof.currency !== STORE_CURRENCY;
    if (refused || wrongAmount) {
      if (known) {
        await tx.update(payment).set({ status: "refund_due", updatedAt: new Date() }).where(eq(payment.id, known.id));
      } else {
        await tx.insert(payment).values({ ...record, status: "refund_due" });
      }
      const reason = refused ? refused.code : M.payment.amount_mismatch;
      const updated = await owe(tx, row.id, provider, reason);
      return { ...outcome, order: updated, refundDue: true };
    }
    if (proof.status === "held") {
      await tx.insert(payment).values({ ...record, status: "held" });
      // Money taken and waiting for an admin: the order no longer runs out on the clock.
      await tx.update(order).set({ expiresAt: null, updatedAt: new Date() }).where(eq(order.id, orderId));
      await recordEvent(tx, orderId, "held", provider);
      return { ...outcome, order: row, held: true };
    }
    if (known) {
      await tx.update(payment).set({ status: "succeeded", updatedAt: new Date() }).where(eq(payment.id, known.id));
    } else {
      await tx.insert(payment).values(record);
    }
    const by = { provider: proof.provider, reference: proof.reference };
    let paid = await markPaid(tx, row, by, provider, "paid", mushakRate);
    // A payment held for review before this one paid the order is one the order no longer needs.
    if (await hasHeldPayment(tx, orderId)) paid = await oweAll(tx, orderId, ["held"], provider, M.order.already_paid);
    return { ...outcome, order: paid, settled: true };
  });
}

/** Every payment of the order in one of `statuses` is to be given back; the order owes it. */
export async function oweAll(
  tx: Db,
  orderId: string,
  statuses: ("succeeded" | "held")[],
  actor: EventActor,
  reason: string | null,
): Promise<Order> {
  const moved = await tx
    .update(payment)
    .set({ status: "refund_due", updatedAt: new Date() })
    .where(and(eq(payment.orderId, orderId), inArray(payment.status, statuses)))
    .returning({ id: payment.id });
  if (moved.length === 0) return (await tx.select().from(order).where(eq(order.id, orderId)))[0]!;
  return owe(tx, orderId, actor, reason);
}

/** The order owes money back: `refund` due, and its history says why. */
export async function owe(tx: Db, orderId: string, actor: EventActor, reason: string | null): Promise<Order> {
  const [row] = await tx
    .update(order)
    .set({ refund: "due", updatedAt: new Date() })
    .where(eq(order.id, orderId))
    .returning();
  await recordEvent(tx, orderId, "refund_due", actor, { reason });
  return row!;
}

/**
 * The order's payment is in: it is paid, or, when the payment was a cash-on-delivery order's advance, it becomes a
 * cash-on-delivery order the shop needs not confirm by phone (the buyer has paid to prove it), its cash to collect.
 * Either way it is invoiced, off the clock, and its history (and the e-mails that follow it) say which.
 */
async function markPaid(
  tx: Db,
  row: Order,
  { provider, reference }: { provider: string; reference: string },
  by: EventActor,
  event: "paid" | "accepted",
  mushakRate: number | null,
): Promise<Order> {
  await issueInvoice(tx, row.id, { mushakRate });
  const now = new Date();
  const advance = row.advancePoisha > 0;
  const [paid] = await tx
    .update(order)
    .set(
      advance
        ? { status: "cod", paymentMethod: "cod", confirmedAt: now, expiresAt: null, updatedAt: now }
        : { status: "paid", paymentMethod: provider, transactionId: reference, expiresAt: null, updatedAt: now },
    )
    .where(eq(order.id, row.id))
    .returning();
  if (advance) await recordEvent(tx, row.id, "cod", by, { reason: M.order.advance_paid });
  else await recordEvent(tx, row.id, event, by);
  return paid!;
}

/** An admin accepts a payment the gateway held as risky: the order becomes paid with it. */
export async function acceptHeldPayment(
  db: Db,
  actor: SessionUser,
  orderId: string | null,
  mushakRate: number | null,
): Promise<Settlement> {
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
    const admin: EventActor = { by: "admin", userId: actor.id };
    const proof = { provider: held!.provider, reference: held!.providerRef };
    const paid = await markPaid(tx, row, proof, admin, "accepted", mushakRate);
    return { order: paid, transactionId: held!.providerRef, settled: true, held: false, refundDue: false };
  });
}
