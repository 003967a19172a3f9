import { sql, type SQL } from "drizzle-orm";
import type { OrderEvent } from "@shared/order-flow";
import { mailOutbox, order } from "../db/schema";
import { outboxKicks } from "../outbox-kicks";
import { insertOrderSms, type OrderSmsKind } from "../sms/queue";

/** What a message in the outbox is about: an order event for its buyer, or news for the shop's admins. */
export type BuyerMailKind =
  "placed" | "paid" | "cod" | "shipped" | "delivered" | "returned" | "cancelled" | "expired" | "refunded";
export type AdminMailKind = "new_order" | "low_stock";
export type MailKind = BuyerMailKind | AdminMailKind;

export interface Queued {
  kind: MailKind;
  audience: "buyer" | "admins";
}

const buyer = (kind: BuyerMailKind): Queued => ({ kind, audience: "buyer" });
const NEW_ORDER: Queued = { kind: "new_order", audience: "admins" };
/** An order took its product below its low-stock line (shared/low-stock.ts): admins are told once. */
export const LOW_STOCK: Queued = { kind: "low_stock", audience: "admins" };

/**
 * The messages each order event leaves in the outbox. A held payment an admin accepts is, for its buyer, simply
 * paid; admins hear of an order once money is in or cash on delivery is promised, not when it is only placed.
 */
const MAILS_OF: Partial<Record<OrderEvent, readonly Queued[]>> = {
  placed: [buyer("placed")],
  paid: [buyer("paid"), NEW_ORDER],
  accepted: [buyer("paid"), NEW_ORDER],
  cod: [buyer("cod"), NEW_ORDER],
  shipped: [buyer("shipped")],
  delivered: [buyer("delivered")],
  returned: [buyer("returned")],
  cancelled: [buyer("cancelled")],
  expired: [buyer("expired")],
  refunded: [buyer("refunded")],
};

export function mailsOf(event: OrderEvent): readonly Queued[] {
  return MAILS_OF[event] ?? [];
}

/**
 * The `values` rows of `mails` for an insert into the outbox: kind, audience, and whether the message goes only when
 * the statement's own `ran_low` says so (the low-stock message rides on the order that crossed the line).
 */
export function mailRows(mails: readonly Queued[], onlyIfRanLow: readonly Queued[] = []): SQL {
  const row = (m: Queued, conditional: boolean) => sql`(${m.kind}::text, ${m.audience}::text, ${conditional}::boolean)`;
  return sql.join([...mails.map((m) => row(m, false)), ...onlyIfRanLow.map((m) => row(m, true))], sql`, `);
}

const kicks = outboxKicks("mail");
/** The outbox job's wake-up call: run soon after a commit that queued mail, rather than at the next poll. */
export const onMailQueued = kicks.onQueued;
/** Wakes the job once `tx` has committed (a rolled-back change queued nothing, so there is nothing to wake for). */
export const kickAfterCommit = kicks.kickAfterCommit;

/**
 * A data-modifying statement's rows, followed by the outbox rows they call for, as one statement: `insertEvent`
 * is an `insert … returning order_id` (the order event), each of `mails` becomes a pending message for that
 * order in its buyer's language (admins read English), and `sms` a text message to its delivery phone, in its
 * language (server/sms/queue.ts). One round trip on the hot path of every order change.
 */
export function withQueuedMail(insertEvent: SQL, mails: readonly Queued[], sms: OrderSmsKind | null = null): SQL {
  const orders = sql`event join ${order} o on o.id = event.order_id`;
  const parts = [sql`event as (${insertEvent})`];
  if (mails.length > 0) {
    const rows = sql.join(
      mails.map((m) => sql`(${m.kind}::text, ${m.audience}::text)`),
      sql`, `,
    );
    parts.push(sql`mail as (
      insert into ${mailOutbox} (kind, audience, order_id, product_id, language)
      select m.kind, m.audience, o.id, o.product_id, case when m.audience = 'buyer' then o.language else 'en' end
      from ${orders}
      cross join (values ${rows}) as m(kind, audience))`);
  }
  if (sms) parts.push(sql`sms as (${insertOrderSms(sms, orders)})`);
  return sql`with ${sql.join(parts, sql`, `)} select order_id from event`;
}
