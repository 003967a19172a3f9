import { and, asc, eq, inArray, isNotNull, lte, sql } from "drizzle-orm";
import { variantLabel } from "@shared/variants";
import type { Db } from "../db/client";
import { consignment, order, orderLine, product, productVariant, smsOutbox, type SmsOutboxRow } from "../db/schema";
import { storeMetrics } from "../metrics/store-metrics";
import type { Services } from "../services";
import { onSmsQueued, SmsFailure } from "../sms";
import { renderSms, type SmsFacts, type SmsItem } from "../sms/render-sms";
import { scheduleOutbox, sendDue, type Outbox, type OutboxRound, type OutboxSchedule } from "./outbox-worker";

/** How many times a message is tried before it is `failed`: with the back-off, about an hour of trying. */
export const SMS_MAX_ATTEMPTS = 8;
/** How long a claimed message is this copy's alone: longer than a send may take (server/sms/ bounds it). */
export const SMS_LEASE_SECONDS = 120;
const BATCH = 20;

export type SmsOutboxDeps = Pick<Services, "db" | "sms" | "baseURL" | "now">;

const NO_PROVIDER = "no SMS provider is set (SMS_PROVIDER, SSLWIRELESS_SMS_*)";

/** A message that cannot be sent however often it is tried: nothing to tell of, or nobody to send it. */
class Unsendable extends Error {}

/** What a round's messages about orders tell of, read once for the round: three statements at most. */
interface SmsRound {
  /** Each order's sums, as they are now. */
  orders: Map<string, NonNullable<SmsFacts["order"]>>;
  /** Each order's first line: the message names it. */
  firstLines: Map<string, SmsItem>;
  /** The courier's tracking code of each shipped order's parcel that has one. */
  trackingCodes: Map<string, string>;
}

async function readRound(db: Db, rows: SmsOutboxRow[]): Promise<SmsRound> {
  const distinct = (ids: (string | null)[]) => [...new Set(ids.filter((id): id is string => id !== null))];
  const orderIds = distinct(rows.map((row) => row.orderId));
  const shipped = distinct(rows.filter((row) => row.kind === "shipped").map((row) => row.orderId));
  const named = distinct(rows.filter((row) => row.kind !== "phone_code").map((row) => row.orderId));
  const orders = orderIds.length
    ? await db
        .select({
          id: order.id,
          totalPoisha: order.totalPoisha,
          advancePoisha: order.advancePoisha,
          lineCount: order.lineCount,
        })
        .from(order)
        .where(inArray(order.id, orderIds))
    : [];
  const firstLines = named.length
    ? await db
        .selectDistinctOn([orderLine.orderId], {
          orderId: orderLine.orderId,
          name: orderLine.name,
          nameBn: orderLine.nameBn,
          variant: orderLine.variantLabel,
        })
        .from(orderLine)
        .where(inArray(orderLine.orderId, named))
        .orderBy(asc(orderLine.orderId), asc(orderLine.position))
    : [];
  const parcels = shipped.length
    ? await db
        .select({ orderId: consignment.orderId, trackingCode: consignment.trackingCode })
        .from(consignment)
        .where(and(inArray(consignment.orderId, shipped), isNotNull(consignment.trackingCode)))
    : [];
  return {
    orders: new Map(orders.map(({ id, ...sums }) => [id, sums])),
    firstLines: new Map(firstLines.map(({ orderId, ...item }) => [orderId, item])),
    trackingCodes: new Map(parcels.map((p) => [p.orderId, p.trackingCode!])),
  };
}

/** The tool and size a back-in-stock message names, as they are now. */
async function backInStockItem(db: Db, row: SmsOutboxRow): Promise<SmsItem | null> {
  if (!row.productId) return null;
  const [found] = await db
    .select({ product, variant: productVariant })
    .from(product)
    .leftJoin(
      productVariant,
      and(eq(productVariant.id, row.variantId ?? product.id), eq(productVariant.productId, product.id)),
    )
    .where(eq(product.id, row.productId));
  if (!found) return null;
  const { name, nameBn, options } = found.product;
  return { name, nameBn, variant: found.variant ? variantLabel(options, found.variant.options) : null };
}

/** The facts a message is rendered from, as they are now. */
async function factsOf(db: Db, row: SmsOutboxRow, round: SmsRound): Promise<SmsFacts> {
  const item = row.orderId ? (round.firstLines.get(row.orderId) ?? null) : await backInStockItem(db, row);
  return {
    kind: row.kind,
    language: row.language,
    order: (row.orderId && round.orders.get(row.orderId)) || null,
    item: row.kind === "phone_code" ? null : item,
    trackingCode: (row.kind === "shipped" && row.orderId && round.trackingCodes.get(row.orderId)) || null,
    productId: row.productId,
    variantId: row.variantId,
    params: row.params,
  };
}

async function sendOne(deps: SmsOutboxDeps, row: SmsOutboxRow, round: SmsRound): Promise<string> {
  if (!deps.sms) throw new Unsendable(NO_PROVIDER);
  const text = renderSms(await factsOf(deps.db, row, round), deps.baseURL);
  if (!text) throw new Unsendable(`nothing to say: its ${row.orderId ? "order" : "product"} or code is gone`);
  const providerRef = await deps.sms.send({ to: row.phone, text, ref: String(row.id) });
  return providerRef.slice(0, 100);
}

/** The text messages' outbox, for the worker (server/jobs/outbox-worker.ts). */
function smsOutboxOf(deps: SmsOutboxDeps): Outbox<SmsOutboxRow, SmsRound> {
  return {
    table: smsOutbox,
    maxAttempts: SMS_MAX_ATTEMPTS,
    leaseSeconds: SMS_LEASE_SECONDS,
    read: (rows) => readRound(deps.db, rows),
    send: (row, round) => sendOne(deps, row, round),
    isFinal: (err) => err instanceof Unsendable || (err instanceof SmsFailure && !err.retry),
    // A phone code is kept only until it is sent, or given up.
    forget: { params: null },
    keepsRef: true,
    words: {
      retry: "Sending a text message failed",
      giveUp: "A text message could not be sent; giving up",
      idKey: "smsId",
    },
    counted: (outcome) => storeMetrics.smsSent.inc({ outcome: outcome === "retried" ? "retry" : outcome }),
  };
}

/** Without a provider every due message is failed at once, in one statement and without a log line each. */
async function failWithoutProvider(deps: SmsOutboxDeps): Promise<OutboxRound> {
  const now = deps.now?.() ?? new Date();
  const failed = await deps.db
    .update(smsOutbox)
    .set({ status: "failed", attempts: sql`${smsOutbox.attempts} + 1`, lastError: NO_PROVIDER, params: null })
    .where(and(eq(smsOutbox.status, "pending"), lte(smsOutbox.nextAttemptAt, now)))
    .returning({ id: smsOutbox.id });
  if (failed.length > 0) storeMetrics.smsSent.inc({ outcome: "failed" }, failed.length);
  return { sent: 0, retried: 0, failed: failed.length, claimed: failed.length };
}

/** One round of the SMS outbox: a batch of due messages read for at once, sent one by one outside any transaction. */
export function sendDueSms(
  deps: SmsOutboxDeps,
  limit = BATCH,
  stopping: () => boolean = () => false,
): Promise<OutboxRound> {
  if (!deps.sms) return failWithoutProvider(deps);
  return sendDue(deps, smsOutboxOf(deps), limit, stopping);
}

/**
 * Works the SMS outbox on this server copy, as the mail's is worked: every `pollSeconds`, and at once after a commit
 * that queued a message. Every copy runs it; the lease and `SKIP LOCKED` give each message to one of them. With no
 * provider set, each message is marked failed as it falls due: a live store without one sends none.
 */
export function scheduleSmsOutbox(deps: SmsOutboxDeps, pollSeconds: number): OutboxSchedule {
  return scheduleOutbox({
    round: (limit, stopping) => sendDueSms(deps, limit, stopping),
    pollSeconds,
    batch: BATCH,
    onQueued: onSmsQueued,
    failed: "Working the SMS outbox failed",
  });
}
