import { and, eq, inArray, isNotNull, ne, or } from "drizzle-orm";
import { z } from "zod";
import { M } from "@shared/messages";
import { actorRefusal, refusal, type OrderAction, type OrderActor, type OrderFacts } from "@shared/order-flow";
import type { Db } from "../../db/client";
import { order, payment, paymentAttempt, type OrderRow, type PaymentAttemptRow } from "../../db/schema";
import { AppError, notFound } from "../../errors";

export type Order = OrderRow;

const uuid = z.uuid();
export const isId = (id: unknown): id is string => typeof id === "string" && uuid.safeParse(id).success;

/**
 * What a buyer sees of their orders: all but those they cancelled themselves, unless money is owed back on one
 * (spec: cancelling deletes). Their list is order-lists.ts's `buyerOrders`.
 */
export const listedForBuyer = or(
  ne(order.status, "cancelled"),
  eq(order.cancelledBy, "admin"),
  isNotNull(order.refund),
);

/** One of a buyer's listed orders; anything else (unknown, malformed, cancelled by them, someone else's) is not found. */
export async function getOrderOf(db: Db, buyerId: string, orderId: string | null): Promise<Order> {
  if (!isId(orderId)) throw notFound(M.order.not_found);
  const [row] = await db
    .select()
    .from(order)
    .where(and(eq(order.id, orderId), eq(order.buyerId, buyerId), listedForBuyer));
  if (!row) throw notFound(M.order.not_found);
  return row;
}

/** Any order, for an admin: the shop's record, cancelled ones included. */
export async function getAnyOrder(db: Db, orderId: string | null): Promise<Order> {
  if (!isId(orderId)) throw notFound(M.order.not_found);
  const [row] = await db.select().from(order).where(eq(order.id, orderId));
  if (!row) throw notFound(M.order.not_found);
  return row;
}

export async function hasOrders(db: Db, buyerId: string): Promise<boolean> {
  const rows = await db.select({ id: order.id }).from(order).where(eq(order.buyerId, buyerId)).limit(1);
  return rows.length > 0;
}

/**
 * What an online payment of the order takes: its total, or, for cash on delivery whose zone asks for the delivery
 * charge first, that advance (the courier collects the rest).
 */
export const dueOnlinePoisha = (row: Pick<Order, "advancePoisha" | "totalPoisha">): number =>
  row.advancePoisha > 0 ? row.advancePoisha : row.totalPoisha;

/** The order, locked for the rest of the transaction; unknown and malformed ids are not found. */
export async function lockOrder(tx: Db, orderId: string | null): Promise<Order> {
  if (!isId(orderId)) throw notFound(M.order.not_found);
  const [row] = await tx.select().from(order).where(eq(order.id, orderId)).for("update");
  if (!row) throw notFound(M.order.not_found);
  return row;
}

export async function hasHeldPayment(db: Db, orderId: string): Promise<boolean> {
  const [held] = await db
    .select({ id: payment.id })
    .from(payment)
    .where(and(eq(payment.orderId, orderId), eq(payment.status, "held")))
    .limit(1);
  return Boolean(held);
}

/**
 * Only an open order not yet paid can have a payment held for review: paying it, accepting the payment or
 * cancelling it turns held payments into paid or refund-due ones, one held never lets it expire, and a closed order
 * records any payment as refund due. The others need no look at the payments (no index holds their order).
 */
const mayHaveHeldPayment = (row: Order) =>
  row.transactionId === null && row.status !== "cancelled" && row.status !== "expired";

/** Which of the given orders (a list's page) have a gateway payment waiting for an admin's review. */
export async function ordersWithHeldPayments(db: Db, shown: Order[]): Promise<Set<string>> {
  const orderIds = shown.filter(mayHaveHeldPayment).map((row) => row.id);
  if (orderIds.length === 0) return new Set();
  const rows = await db
    .select({ orderId: payment.orderId })
    .from(payment)
    .where(and(inArray(payment.orderId, orderIds), eq(payment.status, "held")));
  return new Set(rows.map((r) => r.orderId));
}

/** What the order rules (shared/order-flow.ts) need to know about an order. */
export function orderFacts(row: Order, heldPayment: boolean): OrderFacts {
  return {
    status: row.status,
    buyerId: row.buyerId,
    paid: row.transactionId !== null,
    paymentMethod: row.paymentMethod,
    hasDelivery: row.delivery !== null,
    heldPayment,
    refund: row.refund,
    hiddenFromBuyer: row.status === "cancelled" && row.cancelledBy !== "admin" && row.refund === null,
    awaitingConfirmation: row.status === "cod" && row.confirmedAt === null,
  };
}

/** The order rules' verdict, as the error a door answers with. */
export function assertAllowed(facts: OrderFacts, actor: OrderActor, action: OrderAction): void {
  const refused = refusal(facts, actor, action);
  if (refused) throw new AppError(refused.kind, refused.code);
}

/** Only who may, whatever the order's state (a payment that may replay one already made, say). */
export function assertActor(facts: OrderFacts, actor: OrderActor, action: OrderAction): void {
  const refused = actorRefusal(facts, actor, action);
  if (refused) throw new AppError(refused.kind, refused.code);
}

/** The payments started for an order. */
export function attemptsOf(db: Db, orderId: string): Promise<PaymentAttemptRow[]> {
  return db.select().from(paymentAttempt).where(eq(paymentAttempt.orderId, orderId));
}
