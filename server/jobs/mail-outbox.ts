import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { mailOutbox, order, orderLine, product, user, type MailOutboxRow } from "../db/schema";
import { reportError } from "../log/report-error";
import { renderOutboxMail } from "../mail/order-mail";
import { onMailQueued } from "../mail/outbox";
import { storeMetrics } from "../metrics/store-metrics";
import type { Services } from "../services";

/** How many times a message is tried before it is `failed`: with the back-off below, about two hours of trying. */
export const MAIL_MAX_ATTEMPTS = 10;
/** How long a claimed message is this copy's alone: longer than a send may take (server/mail.ts bounds it). */
export const MAIL_LEASE_SECONDS = 300;
const BATCH = 20;

/** Seconds until the next try after `attempts` failed ones: 30 s, 1 min, 2 min, … doubling, at most 30 min. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(30 * 2 ** Math.max(0, attempts - 1), 30 * 60);
}

export type OutboxDeps = Pick<Services, "db" | "mailer" | "baseURL" | "now">;

export interface OutboxRound {
  sent: number;
  retried: number;
  failed: number;
  /** How many messages the round claimed: a full batch means more may be due. */
  claimed: number;
}

/**
 * Claims up to `limit` due messages in one statement. `SKIP LOCKED` gives each to one claimer, and the lease
 * (its next attempt moved to the lease's end) keeps it from the other copies while this one sends it; a copy
 * that dies mid-send leaves the message to be claimed again when the lease runs out. Each claim counts as an
 * attempt, so a message that crashes its sender every time still ends `failed`.
 */
export async function claimDueMail(db: Db, now: Date, limit = BATCH): Promise<MailOutboxRow[]> {
  const leaseEnd = new Date(now.getTime() + MAIL_LEASE_SECONDS * 1000);
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.status, "pending"), sql`${mailOutbox.nextAttemptAt} <= ${now.toISOString()}`))
    .orderBy(asc(mailOutbox.nextAttemptAt), asc(mailOutbox.id))
    .limit(limit)
    .for("update", { skipLocked: true });
  const claimed = await db
    .update(mailOutbox)
    .set({ attempts: sql`${mailOutbox.attempts} + 1`, leaseUntil: leaseEnd, nextAttemptAt: leaseEnd })
    .where(sql`${mailOutbox.id} in (${due})`)
    .returning();
  // RETURNING keeps no order: the oldest first, as they were queued.
  return claimed.sort((a, b) => a.id - b.id);
}

/** Every admin account's address now: an admins' message goes to them all at once. */
async function adminAddresses(db: Db): Promise<string[]> {
  const admins = await db.select({ email: user.email }).from(user).where(eq(user.role, "admin")).orderBy(user.email);
  return admins.map((a) => a.email);
}

/** A message that cannot be sent however often it is tried: no order or product to tell of, nobody to tell. */
class Unsendable extends Error {}

async function sendOne(deps: OutboxDeps, row: MailOutboxRow): Promise<void> {
  const { db } = deps;
  // The order with its buyer's address as their account has it now.
  const [found] = row.orderId
    ? await db
        .select({ order, email: user.email })
        .from(order)
        .leftJoin(user, eq(user.id, order.buyerId))
        .where(eq(order.id, row.orderId))
    : [];
  const [p] =
    row.kind === "low_stock" && row.productId
      ? await db.select().from(product).where(eq(product.id, row.productId))
      : [];
  // Every line of the order, the first one first: an order's messages list them all.
  const lines =
    found && row.kind !== "low_stock"
      ? await db.select().from(orderLine).where(eq(orderLine.orderId, found.order.id)).orderBy(asc(orderLine.position))
      : [];
  const content = renderOutboxMail(row, found?.order ?? null, p ?? null, deps.baseURL, lines);
  if (!content) throw new Unsendable(`nothing to say: its ${row.kind === "low_stock" ? "product" : "order"} is gone`);
  const to =
    row.audience === "admins" ? await adminAddresses(db) : found ? [found.email ?? found.order.buyerEmail] : [];
  if (to.length === 0) throw new Unsendable("no admin account to send it to");
  await deps.mailer.send({ to, ...content, messageId: messageIdOf(row.id, deps.baseURL) });
}

/** One outbox id, one Message-ID, whichever copy sends it and however often: a resend is recognisably the same. */
export function messageIdOf(id: number, baseURL: string): string {
  return `<order-mail-${id}@${new URL(baseURL).hostname}>`;
}

const ours = (row: MailOutboxRow) =>
  and(eq(mailOutbox.id, row.id), eq(mailOutbox.status, "pending"), eq(mailOutbox.leaseUntil, row.leaseUntil!));

async function settle(deps: OutboxDeps, row: MailOutboxRow, err: unknown | null): Promise<keyof OutboxRound> {
  const now = deps.now?.() ?? new Date();
  if (err === null) {
    await deps.db
      .update(mailOutbox)
      .set({ status: "sent", sentAt: now, leaseUntil: null, lastError: null })
      .where(ours(row));
    return "sent";
  }
  const giveUp = err instanceof Unsendable || row.attempts >= MAIL_MAX_ATTEMPTS;
  const lastError = (err instanceof Error ? err.message : String(err)).slice(0, 1000);
  await deps.db
    .update(mailOutbox)
    .set({
      status: giveUp ? "failed" : "pending",
      lastError,
      leaseUntil: null,
      nextAttemptAt: new Date(now.getTime() + retryDelaySeconds(row.attempts) * 1000),
    })
    .where(ours(row));
  reportError(giveUp ? "An order e-mail could not be sent; giving up" : "Sending an order e-mail failed", err, {
    mailId: row.id,
    kind: row.kind,
    attempts: row.attempts,
  });
  return giveUp ? "failed" : "retried";
}

/**
 * One round of the outbox: claims a batch of due messages and sends them one by one, outside any transaction
 * (the embedded database has one connection, and a slow SMTP server must not hold it). A failure is noted on its
 * message with its next try; it never reaches the order it is about.
 */
export async function sendDueMail(
  deps: OutboxDeps,
  limit = BATCH,
  stopping: () => boolean = () => false,
): Promise<OutboxRound> {
  const claimed = await claimDueMail(deps.db, deps.now?.() ?? new Date(), limit);
  const round: OutboxRound = { sent: 0, retried: 0, failed: 0, claimed: claimed.length };
  for (const [i, row] of claimed.entries()) {
    if (stopping()) {
      await release(deps, claimed.slice(i));
      break;
    }
    let error: unknown = null;
    try {
      await sendOne(deps, row);
    } catch (err) {
      error = err;
    }
    const outcome = await settle(deps, row, error);
    round[outcome]++;
    storeMetrics.mailSent.inc({ outcome: outcome === "retried" ? "retry" : outcome });
  }
  return round;
}

/** Messages claimed but not tried when the server stops: due again at once, for any copy, their attempt uncounted. */
async function release(deps: OutboxDeps, rows: MailOutboxRow[]) {
  for (const row of rows) {
    await deps.db
      .update(mailOutbox)
      .set({ attempts: sql`${mailOutbox.attempts} - 1`, leaseUntil: null, nextAttemptAt: deps.now?.() ?? new Date() })
      .where(ours(row));
  }
}

export interface MailSchedule {
  /** Run a round soon: a commit just queued mail. */
  kick(): void;
  stop(): Promise<void>;
}

/**
 * Works the outbox on this server copy: every `pollSeconds`, and at once when a commit in this process queued
 * mail, so a buyer's confirmation leaves within about a second. Every copy runs it; the lease and `SKIP LOCKED`
 * give each message to one of them. A round goes on while it finds full batches; a kick during a round runs
 * another after it. `stop` waits for the round under way before the database closes.
 */
export function scheduleMailOutbox(deps: OutboxDeps, pollSeconds: number): MailSchedule {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  const work = async () => {
    let round: OutboxRound;
    do round = await sendDueMail(deps, BATCH, () => stopped);
    while (round.claimed === BATCH && !stopped);
  };
  const kick = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    again = false;
    running = work()
      .catch((err: unknown) => reportError("Working the mail outbox failed", err))
      .finally(() => {
        running = null;
        // Mail queued while this round ran, maybe after it last looked: another round for it.
        if (again) kick();
      });
  };
  const timer = setInterval(kick, pollSeconds * 1000);
  timer.unref();
  const unsubscribe = onMailQueued(kick);
  return {
    kick,
    async stop() {
      stopped = true;
      clearInterval(timer);
      unsubscribe();
      await running;
    },
  };
}
