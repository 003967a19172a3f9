import { eq, inArray } from "drizzle-orm";
import { expect } from "vitest";
import type { Db } from "@server/db/client";
import { order, orderEvent, orderLine, payment, product, type OrderRow, type PaymentRow } from "@server/db/schema";
import type { OrderEvent } from "@shared/order-flow";
import { unbalancedLedgers } from "@server/stock";

// What money and stock must look like after orders were paid, expired and cancelled at the same moment
// (tests/integration/money-races.test.ts, tests/integration/postgres/expiry-*.test.ts).

/** The states in which an order still holds its pieces; expired and cancelled ones gave them back. */
export const HOLDING_STATUSES = ["unpaid", "paid", "cod", "shipped", "delivered"] as const;

/** A payment its provider says took the money: it must be recorded exactly once. */
export interface ConfirmedPayment {
  provider: string;
  reference: string;
  orderId: string;
}

export interface MoneyRecord {
  /** The stock each product of the race had before any of its orders was placed. */
  initialStock: Map<string, number>;
  /** Every order of the race. */
  orderIds: string[];
  /** Every payment a provider says succeeded for those orders. */
  confirmed: ConfirmedPayment[];
}

/** One order as it ended: its row, its payments and how often each change appears in its history. */
export interface Ending {
  row: OrderRow;
  payments: PaymentRow[];
  events: Partial<Record<OrderEvent, number>>;
}

const isHolding = (status: string) => (HOLDING_STATUSES as readonly string[]).includes(status);

/** The rows, payments and event counts of the given orders, by order id. */
export async function endingsOf(db: Db, orderIds: string[]): Promise<Map<string, Ending>> {
  const rows = await db.select().from(order).where(inArray(order.id, orderIds));
  const payments = await db.select().from(payment).where(inArray(payment.orderId, orderIds));
  const events = await db
    .select({ orderId: orderEvent.orderId, status: orderEvent.status })
    .from(orderEvent)
    .where(inArray(orderEvent.orderId, orderIds));
  const endings = new Map<string, Ending>(rows.map((row) => [row.id, { row, payments: [], events: {} }]));
  for (const p of payments) endings.get(p.orderId)!.payments.push(p);
  for (const e of events) {
    const counts = endings.get(e.orderId)!.events;
    counts[e.status] = (counts[e.status] ?? 0) + 1;
  }
  return endings;
}

/**
 * For each product, the initial stock equals what is on the shelf plus what the orders still holding pieces took
 * (none below zero); the stock of an order that expired or was cancelled came back exactly once.
 */
export async function stockProblems(db: Db, initialStock: Map<string, number>): Promise<string[]> {
  const ids = [...initialStock.keys()];
  const shelves = await db.select().from(product).where(inArray(product.id, ids));
  // Every line of every order counts, not only the first one the order row repeats.
  const lines = await db
    .select({ productId: orderLine.productId, quantity: orderLine.quantity, status: order.status })
    .from(orderLine)
    .innerJoin(order, eq(order.id, orderLine.orderId))
    .where(inArray(orderLine.productId, ids));
  const problems: string[] = [];
  for (const shelf of shelves) {
    const held = lines
      .filter((l) => l.productId === shelf.id && isHolding(l.status))
      .reduce((sum, l) => sum + l.quantity, 0);
    const initial = initialStock.get(shelf.id)!;
    if (shelf.availability + held !== initial || shelf.availability < 0) {
      problems.push(`product ${shelf.id}: ${shelf.availability} on the shelf + ${held} held ≠ ${initial} at the start`);
    }
  }
  if (shelves.length !== ids.length) problems.push(`${ids.length - shelves.length} products are gone`);
  for (const off of await unbalancedLedgers(db, ids)) {
    problems.push(`product ${off.productId}: ${off.availability} on the shelf ≠ ${off.ledger} by its stock ledger`);
  }
  return problems;
}

/** What is wrong with one order's ending, against the rules money and stock keep whatever raced. */
export function orderProblems({ row, payments, events }: Ending): string[] {
  const problems: string[] = [];
  const say = (what: string) => problems.push(`order ${row.id} (${row.status}, refund ${row.refund}): ${what}`);
  const n = (event: OrderEvent) => events[event] ?? 0;
  const succeeded = payments.filter((p) => p.status === "succeeded");
  const due = payments.filter((p) => p.status === "refund_due");

  if (n("expired") > 1 || n("cancelled") > 1 || n("expired") + n("cancelled") > 1) {
    say(`${n("expired")} expired and ${n("cancelled")} cancelled events`);
  }
  if ((row.status === "expired") !== (n("expired") === 1)) say(`${n("expired")} expired events`);
  if ((row.status === "cancelled") !== (n("cancelled") === 1)) say(`${n("cancelled")} cancelled events`);
  if (n("paid") > 1) say(`${n("paid")} paid events`);

  if (succeeded.length > 1) say(`${succeeded.length} succeeded payments`);
  if (row.status === "paid") {
    if (succeeded.length !== 1 || row.transactionId !== succeeded[0]!.providerRef) {
      say(`paid with transaction ${row.transactionId} but succeeded payments ${succeeded.map((p) => p.providerRef)}`);
    }
    if (n("paid") !== 1) say(`paid with ${n("paid")} paid events`);
    if (row.expiresAt !== null) say("paid and still due to expire");
  }
  if (["unpaid", "cod", "expired", "cancelled"].includes(row.status) && succeeded.length > 0) {
    say(`keeps a succeeded payment ${succeeded[0]!.providerRef}`);
  }
  if (row.status === "expired" && n("paid") > 0) say("both paid and expired");

  // Money the order cannot keep is owed back, and the order says so until all of it is given back.
  const refunded = payments.filter((p) => p.status === "refunded");
  const owed = due.length + refunded.length;
  if (due.length > 0 !== (row.refund === "due")) say(`${due.length} payments due back`);
  if (due.length === 0 && refunded.length > 0 !== (row.refund === "refunded")) {
    say(`${refunded.length} payments refunded`);
  }
  if (owed > 0 !== n("refund_due") > 0 || n("refund_due") > owed) {
    say(`${owed} payments owed back, ${n("refund_due")} refund_due events`);
  }
  if (n("refunded") !== refunded.length) say(`${refunded.length} payments refunded, ${n("refunded")} refunded events`);
  if (refunded.some((p) => !p.refundRef)) say("a refunded payment without the provider's refund reference");
  return problems;
}

/**
 * The invariants every race must leave: stock adds up for each product; every payment a provider confirmed has
 * exactly one payment row, for its order, and there is no payment row no provider confirmed; each order has at
 * most one `expired` or `cancelled` event (matching its status) and at most one succeeded payment; an order with
 * a payment due back has refund 'due'. Answers each order's ending for the race's own checks.
 */
export async function checkMoneyInvariants(db: Db, record: MoneyRecord): Promise<Map<string, Ending>> {
  const [endings, problems] = await inSnapshot(db, async (tx) => [
    await endingsOf(tx, record.orderIds),
    await stockProblems(tx, record.initialStock),
  ]);
  expect(endings.size).toBe(record.orderIds.length);

  const rows = [...endings.values()].flatMap((e) => e.payments);
  const keyOf = (provider: string, reference: string) => `${provider}:${reference}`;
  const recorded = new Map<string, PaymentRow[]>();
  for (const p of rows)
    recorded.set(keyOf(p.provider, p.providerRef), [...(recorded.get(keyOf(p.provider, p.providerRef)) ?? []), p]);
  const confirmed = new Set(record.confirmed.map((c) => keyOf(c.provider, c.reference)));
  for (const c of record.confirmed) {
    const found = recorded.get(keyOf(c.provider, c.reference)) ?? [];
    if (found.length !== 1 || found[0]!.orderId !== c.orderId) {
      problems.push(`${c.provider} payment ${c.reference} for ${c.orderId}: ${found.length} payment rows`);
    }
  }
  for (const p of rows) {
    if (!confirmed.has(keyOf(p.provider, p.providerRef))) {
      problems.push(`payment row ${p.provider} ${p.providerRef} of ${p.orderId} was never confirmed by its provider`);
    }
  }
  for (const ending of endings.values()) problems.push(...orderProblems(ending));
  expect(problems).toEqual([]);
  return endings;
}

/**
 * Runs `read` in one read-only REPEATABLE READ transaction: every query sees the same committed moment, so checks
 * made while copies are still expiring or paying see no change half-way through them.
 */
export function inSnapshot<T>(db: Db, read: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction((tx) => read(tx as unknown as Db), {
    isolationLevel: "repeatable read",
    accessMode: "read only",
  });
}

/** How many orders ended each way, for a test's log and its checks that a race went both ways. */
export function tally<T extends string>(labels: T[]): Partial<Record<T, number>> {
  const counts: Partial<Record<T, number>> = {};
  for (const label of labels) counts[label] = (counts[label] ?? 0) + 1;
  return counts;
}
