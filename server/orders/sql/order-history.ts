import { asc, inArray } from "drizzle-orm";
import type { OrderEvent } from "@shared/order-flow";
import type { Db } from "../../db/client";
import { afterCommit } from "../../db/after-commit";
import { orderEvent, type OrderEventRow } from "../../db/schema";
import { storeMetrics } from "../../metrics/store-metrics";
import { kickAfterCommit, mailsOf, withQueuedMail, type Queued } from "../../mail/outbox";
import { kickSmsAfterCommit, smsOf } from "../../sms";

/** Who made a change: the buyer, an admin, the store itself (the clock), or a payment provider by name. */
export type EventActor = { by: "buyer" | "admin"; userId: string } | { by: "store" | (string & {}) };

export interface EventNote {
  reason?: string | null;
  at?: Date;
  /** E-mails the change sends besides the event's own (server/mail/outbox.ts `mailsOf`). */
  mail?: readonly Queued[];
}

/**
 * Records one change of the order, in the caller's transaction so that it stands or falls with the change, and
 * with it the e-mails and the text message the change sends (server/mail/outbox.ts, server/sms/queue.ts) in the same
 * statement: a message exists exactly when its change does.
 */
export async function recordEvent(
  tx: Db,
  orderId: string,
  status: OrderEvent,
  actor: EventActor,
  note: EventNote = {},
): Promise<void> {
  const row = {
    orderId,
    status,
    by: actor.by,
    byUserId: "userId" in actor ? actor.userId : null,
    reason: note.reason ?? null,
    ...(note.at ? { at: note.at } : {}),
  };
  const mails = [...mailsOf(status), ...(note.mail ?? [])];
  const sms = smsOf(status);
  if (mails.length === 0 && !sms) {
    await tx.insert(orderEvent).values(row);
  } else {
    const insert = tx.insert(orderEvent).values(row).returning({ orderId: orderEvent.orderId }).getSQL();
    await tx.execute(withQueuedMail(insert, mails, sms));
  }
  eventRecorded(tx, status, mails.length > 0);
}

/**
 * What follows an event once its transaction commits: the events counter, and the outbox jobs' wake-up when the
 * event queued mail or a text message. For a statement that wrote the event itself (placing an order does, in its one statement).
 */
export function eventRecorded(tx: Db, status: OrderEvent, queuedMail: boolean): void {
  if (queuedMail) kickAfterCommit(tx);
  if (smsOf(status)) kickSmsAfterCommit(tx);
  afterCommit(tx, () => storeMetrics.orderEvents.inc({ event: status }));
}

/** The person behind an action on an order: its buyer, or an admin acting on someone's order. */
export function personOf(actor: { id: string; role: string }, buyerId: string): EventActor {
  return { by: actor.role === "admin" && actor.id !== buyerId ? "admin" : "buyer", userId: actor.id };
}

/** The histories of the given orders, oldest change first, a query per thousand orders. */
export async function selectHistories(db: Db, orderIds: string[]): Promise<Map<string, OrderEventRow[]>> {
  const byOrder = new Map<string, OrderEventRow[]>(orderIds.map((id) => [id, []]));
  if (orderIds.length === 0) return byOrder;
  // In slices: one statement may carry at most 65,535 parameters, and an admin's list is long.
  for (let at = 0; at < orderIds.length; at += 1000) {
    const rows = await db
      .select()
      .from(orderEvent)
      .where(inArray(orderEvent.orderId, orderIds.slice(at, at + 1000)))
      .orderBy(asc(orderEvent.id));
    for (const row of rows) byOrder.get(row.orderId)?.push(row);
  }
  return byOrder;
}
