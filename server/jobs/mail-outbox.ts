import { asc, eq, inArray } from "drizzle-orm";
import type { Db } from "../db/client";
import {
  mailOutbox,
  order,
  orderLine,
  product,
  user,
  type MailOutboxRow,
  type OrderLineRow,
  type OrderRow,
  type ProductRow,
} from "../db/schema";
import { backInStockMailOf, withoutAddress } from "../mail/back-in-stock-mail";
import { renderOutboxMail } from "../mail/order-mail";
import { onMailQueued } from "../mail/outbox";
import { storeMetrics } from "../metrics/store-metrics";
import type { Services } from "../services";
import { claimDue, scheduleOutbox, sendDue, type Outbox, type OutboxRound, type OutboxSchedule } from "./outbox-worker";

export { retryDelaySeconds, type OutboxRound } from "./outbox-worker";

/** How many times a message is tried before it is `failed`: with the back-off, about two hours of trying. */
export const MAIL_MAX_ATTEMPTS = 10;
/** How long a claimed message is this copy's alone: longer than a send may take (server/mail.ts bounds it). */
export const MAIL_LEASE_SECONDS = 300;
const BATCH = 20;

/** What the job works with; `phoneCodes` says how buyers confirm cash on delivery, which their e-mail tells them. */
export type OutboxDeps = Pick<Services, "db" | "mailer" | "baseURL" | "now" | "phoneCodes">;

/** What a round's messages tell of, read once for the round: a few statements however many messages it holds. */
interface MailFacts {
  /** Each order with its buyer's address as their account has it now. */
  orders: Map<string, { order: OrderRow; email: string | null }>;
  /** Every line of each order, the first one first: an order's messages list them all. */
  lines: Map<string, OrderLineRow[]>;
  /** The products the low-stock messages name. */
  products: Map<string, ProductRow>;
  /** Every admin account's address now, when an admins' message is in the round: it goes to them all at once. */
  admins: string[];
}

async function readFacts(db: Db, rows: MailOutboxRow[]): Promise<MailFacts> {
  const about = rows.filter((row) => row.audience !== "address");
  const distinct = (ids: (string | null)[]) => [...new Set(ids.filter((id): id is string => id !== null))];
  const orderIds = distinct(about.map((row) => row.orderId));
  const linesOf = distinct(about.filter((row) => row.kind !== "low_stock").map((row) => row.orderId));
  const productIds = distinct(about.filter((row) => row.kind === "low_stock").map((row) => row.productId));
  const orders = orderIds.length
    ? await db
        .select({ order, email: user.email })
        .from(order)
        .leftJoin(user, eq(user.id, order.buyerId))
        .where(inArray(order.id, orderIds))
    : [];
  const lines = linesOf.length
    ? await db
        .select()
        .from(orderLine)
        .where(inArray(orderLine.orderId, linesOf))
        .orderBy(asc(orderLine.orderId), asc(orderLine.position))
    : [];
  const products = productIds.length ? await db.select().from(product).where(inArray(product.id, productIds)) : [];
  const admins = about.some((row) => row.audience === "admins")
    ? await db.select({ email: user.email }).from(user).where(eq(user.role, "admin")).orderBy(user.email)
    : [];
  const linesByOrder = new Map<string, OrderLineRow[]>();
  for (const line of lines) {
    const ofOrder = linesByOrder.get(line.orderId);
    if (ofOrder) ofOrder.push(line);
    else linesByOrder.set(line.orderId, [line]);
  }
  return {
    orders: new Map(orders.map((found) => [found.order.id, found])),
    lines: linesByOrder,
    products: new Map(products.map((p) => [p.id, p])),
    admins: admins.map((a) => a.email),
  };
}

/** A message that cannot be sent however often it is tried: no order or product to tell of, nobody to tell. */
class Unsendable extends Error {}

async function sendOne(deps: OutboxDeps, row: MailOutboxRow, facts: MailFacts): Promise<void> {
  // A visitor waiting for a tool to be back (server/back-in-stock): one address, no order, no account.
  if (row.audience === "address") {
    const content = await backInStockMailOf(deps.db, row, deps.baseURL);
    if (!content || !row.toAddress) throw new Unsendable("nothing to say: its tool is gone");
    const send = deps.mailer.send({ to: row.toAddress, ...content, messageId: messageIdOf(row.id, deps.baseURL) });
    return send.catch((err: unknown) => Promise.reject(withoutAddress(err, row.toAddress!)));
  }
  const found = row.orderId ? facts.orders.get(row.orderId) : undefined;
  const p = row.kind === "low_stock" && row.productId ? facts.products.get(row.productId) : undefined;
  const lines = found && row.kind !== "low_stock" ? (facts.lines.get(found.order.id) ?? []) : [];
  const content = renderOutboxMail(row, found?.order ?? null, p ?? null, deps.baseURL, lines, {
    phoneCodes: deps.phoneCodes !== null,
  });
  if (!content) throw new Unsendable(`nothing to say: its ${row.kind === "low_stock" ? "product" : "order"} is gone`);
  const to = row.audience === "admins" ? facts.admins : found ? [found.email ?? found.order.buyerEmail] : [];
  if (to.length === 0) throw new Unsendable("no admin account to send it to");
  await deps.mailer.send({ to, ...content, messageId: messageIdOf(row.id, deps.baseURL) });
}

/** One outbox id, one Message-ID, whichever copy sends it and however often: a resend is recognisably the same. */
export function messageIdOf(id: number, baseURL: string): string {
  return `<order-mail-${id}@${new URL(baseURL).hostname}>`;
}

/** The order e-mails' outbox, for the worker (server/jobs/outbox-worker.ts). */
function mailOutboxOf(deps: OutboxDeps): Outbox<MailOutboxRow, MailFacts> {
  return {
    table: mailOutbox,
    maxAttempts: MAIL_MAX_ATTEMPTS,
    leaseSeconds: MAIL_LEASE_SECONDS,
    read: (rows) => readFacts(deps.db, rows),
    send: (row, facts) => sendOne(deps, row, facts),
    isFinal: (err) => err instanceof Unsendable,
    words: {
      retry: "Sending an order e-mail failed",
      giveUp: "An order e-mail could not be sent; giving up",
      idKey: "mailId",
    },
    counted: (outcome) => storeMetrics.mailSent.inc({ outcome: outcome === "retried" ? "retry" : outcome }),
  };
}

/** Claims up to `limit` due messages for this copy (server/jobs/outbox-worker.ts `claimDue`). */
export function claimDueMail(db: Db, now: Date, limit = BATCH): Promise<MailOutboxRow[]> {
  return claimDue(db, mailOutboxOf({ db } as OutboxDeps), now, limit);
}

/**
 * One round of the outbox: claims a batch of due messages and sends them one by one, outside any transaction.
 * A failure is noted on its message with its next try; it never reaches the order it is about.
 */
export function sendDueMail(
  deps: OutboxDeps,
  limit = BATCH,
  stopping: () => boolean = () => false,
): Promise<OutboxRound> {
  return sendDue(deps, mailOutboxOf(deps), limit, stopping);
}

export type MailSchedule = OutboxSchedule;

/**
 * Works the outbox on this server copy: every `pollSeconds`, and at once when a commit in this process queued
 * mail, so a buyer's confirmation leaves within about a second. Every copy runs it; the lease and `SKIP LOCKED`
 * give each message to one of them.
 */
export function scheduleMailOutbox(deps: OutboxDeps, pollSeconds: number): MailSchedule {
  return scheduleOutbox({
    round: (limit, stopping) => sendDueMail(deps, limit, stopping),
    pollSeconds,
    batch: BATCH,
    onQueued: onMailQueued,
    failed: "Working the mail outbox failed",
  });
}
