import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import type { mailOutbox, smsOutbox } from "../db/schema";
import { reportError } from "../log/report-error";

/**
 * What the outboxes share (the order e-mails', server/jobs/mail-outbox.ts, and the text messages',
 * server/jobs/sms-outbox.ts): a message is claimed by one copy of the store under `SKIP LOCKED` and a lease, tried,
 * then settled: sent, due again after a back-off, or `failed` after its last try.
 */
type OutboxTable = typeof mailOutbox | typeof smsOutbox;

/** The columns every outbox has that the worker reads. */
export interface OutboxRow {
  id: number;
  kind: string;
  attempts: number;
  leaseUntil: Date | null;
}

/** Seconds until the next try after `attempts` failed ones: 30 s, 1 min, 2 min, … doubling, at most 30 min. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(30 * 2 ** Math.max(0, attempts - 1), 30 * 60);
}

/** What one round did: a full batch claimed means more may be due. */
export interface OutboxRound {
  sent: number;
  retried: number;
  failed: number;
  claimed: number;
}

export type Outcome = "sent" | "retried" | "failed";

/** One outbox: its table, how it tries a message, and what it says when one fails. */
export interface Outbox<Row extends OutboxRow, Batch = void> {
  table: OutboxTable;
  /** How many times a message is tried before it is `failed`. */
  maxAttempts: number;
  /** How long a claimed message is this copy's alone: longer than a send may take. */
  leaseSeconds: number;
  /** Reads what a round's messages tell of, once for the round (the orders they are about, say). */
  read?(rows: Row[]): Promise<Batch>;
  /** Tries one message with what `read` found; answers the provider's reference for it, where the outbox keeps one. */
  send(row: Row, batch: Batch): Promise<string | void>;
  /** Whether a failure is final: trying again cannot help. */
  isFinal(err: unknown): boolean;
  /** Columns a message loses once it is sent or will not be tried again (a phone code). */
  forget?: Record<string, unknown>;
  /** Whether a sent message keeps its provider's reference (`provider_ref`). */
  keepsRef?: boolean;
  /** The log lines of a failure, and the row's name in them (`mailId`). */
  words: { retry: string; giveUp: string; idKey: string };
  counted?(outcome: Outcome): void;
}

export interface OutboxDeps {
  db: Db;
  now?: () => Date;
}

/** The outbox's table, typed as either: the worker uses only the columns both have, with the same types. */
const tableOf = (outbox: { table: OutboxTable }) => outbox.table as typeof mailOutbox;

/**
 * Claims up to `limit` due messages in one statement. `SKIP LOCKED` gives each to one claimer, and the lease
 * (its next attempt moved to the lease's end) keeps it from the other copies while this one sends it; a copy
 * that dies mid-send leaves the message to be claimed again when the lease runs out. Each claim counts as an
 * attempt, so a message that crashes its sender every time still ends `failed`.
 */
export async function claimDue<Row extends OutboxRow>(
  db: Db,
  outbox: Pick<Outbox<Row, unknown>, "table" | "leaseSeconds">,
  now: Date,
  limit: number,
): Promise<Row[]> {
  const t = tableOf(outbox);
  const leaseEnd = new Date(now.getTime() + outbox.leaseSeconds * 1000);
  const due = db
    .select({ id: t.id })
    .from(t)
    .where(and(eq(t.status, "pending"), sql`${t.nextAttemptAt} <= ${now.toISOString()}`))
    .orderBy(asc(t.nextAttemptAt), asc(t.id))
    .limit(limit)
    .for("update", { skipLocked: true });
  const claimed = (await db
    .update(t)
    .set({ attempts: sql`${t.attempts} + 1`, leaseUntil: leaseEnd, nextAttemptAt: leaseEnd })
    .where(sql`${t.id} in (${due})`)
    .returning()) as unknown as Row[];
  // RETURNING keeps no order: the oldest first, as they were queued.
  return claimed.sort((a, b) => a.id - b.id);
}

/** The row as this copy claimed it: still pending under its lease (a copy whose lease ran out changes nothing). */
function ours<Row extends OutboxRow, Batch>(outbox: Outbox<Row, Batch>, row: Row) {
  const t = tableOf(outbox);
  return and(eq(t.id, row.id), eq(t.status, "pending"), eq(t.leaseUntil, row.leaseUntil!));
}

/** A message that failed: due again after its back-off, or `failed` after its last try; its log line. */
async function settleFailed<Row extends OutboxRow, Batch>(
  deps: OutboxDeps,
  outbox: Outbox<Row, Batch>,
  row: Row,
  err: unknown,
): Promise<Outcome> {
  const t = tableOf(outbox);
  const now = deps.now?.() ?? new Date();
  const giveUp = outbox.isFinal(err) || row.attempts >= outbox.maxAttempts;
  const lastError = (err instanceof Error ? err.message : String(err)).slice(0, 1000);
  await deps.db
    .update(t)
    .set({
      status: giveUp ? "failed" : "pending",
      lastError,
      leaseUntil: null,
      nextAttemptAt: new Date(now.getTime() + retryDelaySeconds(row.attempts) * 1000),
      ...(giveUp ? outbox.forget : {}),
    })
    .where(ours(outbox, row));
  reportError(giveUp ? outbox.words.giveUp : outbox.words.retry, err, {
    [outbox.words.idKey]: row.id,
    kind: row.kind,
    attempts: row.attempts,
  });
  return giveUp ? "failed" : "retried";
}

/** Messages claimed but not tried when the server stops: due again at once, for any copy, their attempt uncounted. */
async function release<Row extends OutboxRow, Batch>(deps: OutboxDeps, outbox: Outbox<Row, Batch>, rows: Row[]) {
  const t = tableOf(outbox);
  for (const row of rows) {
    await deps.db
      .update(t)
      .set({ attempts: sql`${t.attempts} - 1`, leaseUntil: null, nextAttemptAt: deps.now?.() ?? new Date() })
      .where(ours(outbox, row));
  }
}

interface Sent<Row> {
  row: Row;
  /** The provider's reference, where the outbox keeps one. */
  ref: string | null;
}

/**
 * The messages sent, settled in one statement with their providers' references: each still pending under the lease
 * this copy claimed it with.
 */
async function settleSent<Row extends OutboxRow, Batch>(
  deps: OutboxDeps,
  outbox: Outbox<Row, Batch>,
  sent: Sent<Row>[],
) {
  if (sent.length === 0) return;
  const t = tableOf(outbox);
  const claims = JSON.stringify(
    sent.map(({ row, ref }) => ({ id: row.id, lease: row.leaseUntil!.toISOString(), ref })),
  );
  await deps.db
    .update(t)
    .set({
      status: "sent",
      sentAt: deps.now?.() ?? new Date(),
      leaseUntil: null,
      lastError: null,
      ...outbox.forget,
      ...(outbox.keepsRef ? { providerRef: sql`claim.ref` } : {}),
    })
    .where(and(eq(t.status, "pending"), sql`${t.id} = claim.id and ${t.leaseUntil} = claim.lease`))
    .from(sql`jsonb_to_recordset(${claims}::jsonb) as claim(id bigint, lease timestamptz, ref text)`);
}

/**
 * One round of an outbox: claims a batch of due messages, reads what they tell of once, and sends them one by one,
 * outside any transaction (the embedded database has one connection, and a slow provider must not hold it). The
 * messages sent are settled together at the round's end, with their providers' references (a copy that dies before
 * it leaves them to be sent again under the same id when their lease runs out, which the mail's Message-ID and the
 * SMS provider's `csms_id` make recognisably the same); a failure is noted on its message at once, with its next
 * try. It never reaches the change it tells of.
 */
export async function sendDue<Row extends OutboxRow, Batch>(
  deps: OutboxDeps,
  outbox: Outbox<Row, Batch>,
  limit: number,
  stopping: () => boolean = () => false,
): Promise<OutboxRound> {
  const claimed = await claimDue<Row>(deps.db, outbox, deps.now?.() ?? new Date(), limit);
  const round: OutboxRound = { sent: 0, retried: 0, failed: 0, claimed: claimed.length };
  if (claimed.length === 0) return round;
  const sent: Sent<Row>[] = [];
  try {
    const batch = (await outbox.read?.(claimed)) as Batch;
    for (const [i, row] of claimed.entries()) {
      if (stopping()) {
        await release(deps, outbox, claimed.slice(i));
        break;
      }
      let outcome: Outcome = "sent";
      try {
        sent.push({ row, ref: (await outbox.send(row, batch)) ?? null });
      } catch (err) {
        outcome = await settleFailed(deps, outbox, row, err);
      }
      round[outcome]++;
      outbox.counted?.(outcome);
    }
  } finally {
    await settleSent(deps, outbox, sent);
  }
  return round;
}

export interface OutboxSchedule {
  /** Run a round soon: a commit just queued a message. */
  kick(): void;
  stop(): Promise<void>;
}

/**
 * Works an outbox on this server copy: every `pollSeconds`, and at once when a commit in this process queued a
 * message (`onQueued`), so a buyer's message leaves within about a second. Every copy runs it; the lease and `SKIP
 * LOCKED` give each message to one of them. A round goes on while it finds full batches; a kick during a round runs
 * another after it. `stop` waits for the round under way before the database closes.
 */
export function scheduleOutbox(options: {
  /** One round of the outbox: `sendDue` with its outbox, or what stands for it (no provider to send with). */
  round: (limit: number, stopping: () => boolean) => Promise<OutboxRound>;
  pollSeconds: number;
  batch: number;
  onQueued: (kick: () => void) => () => void;
  failed: string;
}): OutboxSchedule {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  const work = async () => {
    let round: OutboxRound;
    do round = await options.round(options.batch, () => stopped);
    while (round.claimed === options.batch && !stopped);
  };
  const kick = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    again = false;
    running = work()
      .catch((err: unknown) => reportError(options.failed, err))
      .finally(() => {
        running = null;
        // A message queued while this round ran, maybe after it last looked: another round for it.
        if (again) kick();
      });
  };
  const timer = setInterval(kick, options.pollSeconds * 1000);
  timer.unref();
  const unsubscribe = options.onQueued(kick);
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
