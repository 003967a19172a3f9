import { sql, type SQL } from "drizzle-orm";
import type { OrderEvent } from "@shared/order-flow";
import { smsOutbox } from "../db/schema";
import { outboxKicks } from "../outbox-kicks";

/** The order events a buyer hears of by SMS, each by a message of its own name. */
export const ORDER_SMS_KINDS = ["placed", "confirmed", "shipped", "delivered", "returned", "refunded"] as const;
export type OrderSmsKind = (typeof ORDER_SMS_KINDS)[number];
/** Every kind of message in the outbox: an order's, a cash-on-delivery code (server/phone-codes/), back in stock. */
export type SmsKind = OrderSmsKind | "phone_code" | "back_in_stock";

/** The message an order event sends its buyer, if any. */
export function smsOf(event: OrderEvent): OrderSmsKind | null {
  return (ORDER_SMS_KINDS as readonly string[]).includes(event) ? (event as OrderSmsKind) : null;
}

/** A Bangladeshi mobile number as providers take it, 8801XXXXXXXXX; null for anything else. */
export function smsNumberOf(phone: string | null | undefined): string | null {
  const digits = (phone ?? "").replace(/[\s-]/g, "").replace(/^\+?880/, "0");
  return /^01[3-9]\d{8}$/.test(digits) ? `88${digits}` : null;
}

/** `smsNumberOf` in SQL, of an order's `delivery` (jsonb): null when it has no phone a message can go to. */
function smsNumberSql(delivery: SQL): SQL {
  const digits = sql`regexp_replace(regexp_replace(${delivery} ->> 'phone', '[[:space:]-]', '', 'g'), '^\\+?880', '0')`;
  return sql`case when ${digits} ~ '^01[3-9][0-9]{8}$' then '88' || ${digits} end`;
}

/**
 * An insert of `kind`'s message for each order `from` yields (as `o`, with its `id`, `delivery` and `language`) to its
 * delivery phone, in its language; an order without a phone gets none. A part of the order event's own statement
 * (server/mail/outbox.ts `withQueuedMail`), so that the message exists exactly when its change does.
 */
export function insertOrderSms(kind: OrderSmsKind, from: SQL): SQL {
  return sql`insert into ${smsOutbox} (kind, order_id, phone, language)
    select ${kind}::text, o.id, n.phone, o.language
    from ${from}
    cross join lateral (select ${smsNumberSql(sql`o.delivery`)} as phone) n
    where n.phone is not null`;
}

const kicks = outboxKicks("sms");
/** The SMS job's wake-up call (server/jobs/sms-outbox.ts). */
export const onSmsQueued = kicks.onQueued;
/** Wakes the SMS job once `tx` commits: call it after writing to the outbox. */
export const kickSmsAfterCommit = kicks.kickAfterCommit;
