import { sql, type SQL } from "drizzle-orm";
import type { OrderEvent } from "@shared/order-flow";
import type { Db } from "../db/client";
import { afterCommit } from "../db/after-commit";
import { mailOutbox, order } from "../db/schema";
import { processWide } from "../process-wide";

/** What a message in the outbox is about: an order event for its buyer, or news for the shop's admins. */
export type BuyerMailKind = "placed" | "paid" | "cod" | "shipped" | "delivered" | "cancelled" | "expired" | "refunded";
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

type Kick = () => void;
const kicks = processWide("mail-outbox-kicks", () => new Set<Kick>());

/** The outbox job's wake-up call: run soon after a commit that queued mail, rather than at the next poll. */
export function onMailQueued(kick: Kick): () => void {
  kicks.add(kick);
  return () => kicks.delete(kick);
}

/** Wakes the job once `tx` has committed (a rolled-back change queued nothing, so there is nothing to wake for). */
export function kickAfterCommit(tx: Db): void {
  afterCommit(tx, () => {
    for (const kick of kicks) kick();
  });
}

/**
 * A data-modifying statement's rows, followed by the outbox rows they call for, as one statement: `insertEvent`
 * is an `insert … returning order_id` (the order event), and each of `mails` becomes a pending message for that
 * order in its buyer's language (admins read English). One round trip on the hot path of every order change.
 */
export function withQueuedMail(insertEvent: SQL, mails: readonly Queued[]): SQL {
  const rows = sql.join(
    mails.map((m) => sql`(${m.kind}::text, ${m.audience}::text)`),
    sql`, `,
  );
  return sql`
    with event as (${insertEvent})
    insert into ${mailOutbox} (kind, audience, order_id, product_id, language)
    select m.kind, m.audience, o.id, o.product_id, case when m.audience = 'buyer' then o.language else 'en' end
    from event
    join ${order} o on o.id = event.order_id
    cross join (values ${rows}) as m(kind, audience)`;
}
