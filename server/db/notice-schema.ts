import { sql } from "drizzle-orm";
import {
  bigserial,
  check,
  index,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { LANGUAGES } from "@shared/languages";
import { outboxColumns } from "./columns";
import { order, product, productVariant } from "./schema";

export const SMS_STATUSES = ["pending", "sent", "failed"] as const;

/**
 * Text messages waiting to leave (server/sms/), as `mail_outbox` holds e-mails: written in the transaction of the
 * change they tell of, claimed with a lease by one copy of the store, retried with back-off, and `failed` after the
 * last try. `phone` is the number as the provider takes it (8801XXXXXXXXX). What a message says is rendered when it is
 * sent, from `kind`, the order or product it names and `params` (a phone code, kept only until the message is sent).
 * The outbox id is the provider's `csms_id`, so a resend of the same message is recognisably the same.
 */
export const smsOutbox = pgTable(
  "sms_outbox",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    /** An order event (`placed`, `shipped`, …), `phone_code` or `back_in_stock`. */
    kind: text("kind").notNull(),
    orderId: uuid("order_id").references(() => order.id, { onDelete: "restrict" }),
    productId: uuid("product_id").references(() => product.id, { onDelete: "set null" }),
    variantId: uuid("variant_id").references(() => productVariant.id, { onDelete: "set null" }),
    phone: text("phone").notNull(),
    language: text("language", { enum: LANGUAGES }).notNull().default("en"),
    params: jsonb("params").$type<Record<string, string>>(),
    ...outboxColumns(SMS_STATUSES),
    /** The provider's reference for the sent message. */
    providerRef: text("provider_ref"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("sms_outbox_status_known", sql`${t.status} in ('pending', 'sent', 'failed')`),
    check("sms_outbox_phone_shape", sql`${t.phone} ~ '^8801[3-9][0-9]{8}$'`),
    index("sms_outbox_due_idx")
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    index("sms_outbox_order_idx").on(t.orderId),
  ],
);

export type SmsOutboxRow = typeof smsOutbox.$inferSelect;

/**
 * The code that confirms a cash-on-delivery order from its own phone (`COD_VERIFY_PHONE`): only its SHA-256 is kept,
 * with the tries left and when it runs out. A new code replaces the old one; a right one confirms the order.
 */
export const codPhoneCode = pgTable(
  "cod_phone_code",
  {
    orderId: uuid("order_id")
      .primaryKey()
      .references(() => order.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    tries: smallint("tries").notNull().default(0),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("cod_phone_code_tries_not_negative", sql`${t.tries} >= 0`)],
);

export const WATCH_CHANNELS = ["email", "sms"] as const;
export type WatchChannel = (typeof WATCH_CHANNELS)[number];

/**
 * A visitor waiting for a tool (or one of its variants) to be back in stock, by e-mail or by SMS, in the language they
 * asked in. Asked once per tool and address; forgotten once told, or after 90 days.
 */
export const stockWatch = pgTable(
  "stock_watch",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    productId: uuid("product_id")
      .notNull()
      .references(() => product.id, { onDelete: "cascade" }),
    variantId: uuid("variant_id").references(() => productVariant.id, { onDelete: "cascade" }),
    channel: text("channel", { enum: WATCH_CHANNELS }).notNull(),
    /** A lower-cased e-mail address, or a phone as 8801XXXXXXXXX. */
    contact: text("contact").notNull(),
    language: text("language", { enum: LANGUAGES }).notNull().default("en"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("stock_watch_channel_known", sql`${t.channel} in ('email', 'sms')`),
    uniqueIndex("stock_watch_once_idx").on(
      t.productId,
      sql`coalesce(${t.variantId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
      t.channel,
      t.contact,
    ),
    index("stock_watch_created_idx").on(t.createdAt),
  ],
);

export type StockWatchRow = typeof stockWatch.$inferSelect;
