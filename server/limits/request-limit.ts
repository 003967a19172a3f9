import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { preparedStatement } from "../db/prepared";
import { requestLimit } from "../db/schema";
import { tooMany } from "../errors";

/** At most `max` requests in any window of `windowSeconds` (a fixed window, restarted by the first hit after it). */
export interface LimitRule {
  max: number;
  windowSeconds: number;
}

export interface LimitVerdict {
  allowed: boolean;
  /** Seconds until the window (or a back-off) ends; 0 when allowed. */
  retryAfterSeconds: number;
}

/**
 * Counts one request under `key` and says whether it stays within `rule`. One statement, so copies of the server
 * on one database never lose a count; a refused request counts too, so hammering does not reopen the window.
 */
export async function countRequest(db: Db, key: string, rule: LimitRule, now = new Date()): Promise<LimitVerdict> {
  const [verdict] = await countRequests(db, [{ key, rule }], now);
  return verdict!;
}

/**
 * Counts one request under each key, all in one statement (one round trip and one commit for a call limited per
 * account and per address), and answers each key's verdict in the order given. The rules share one window. Rows
 * are written in key order, so two calls that share keys never wait on each other crosswise.
 */
export async function countRequests(
  db: Db,
  counted: { key: string; rule: LimitRule }[],
  now = new Date(),
): Promise<LimitVerdict[]> {
  const windowSeconds = counted[0]!.rule.windowSeconds;
  if (counted.some((c) => c.rule.windowSeconds !== windowSeconds)) throw new Error("one window per count");
  const keys = [...new Set(counted.map((c) => c.key))].sort();
  const values: Record<string, unknown> = {
    at: now.toISOString(),
    cutoff: new Date(now.getTime() - windowSeconds * 1000).toISOString(),
  };
  keys.forEach((key, i) => (values[`key${i}`] = key));
  const rows = (await countStatement(keys.length)(db, values)).map(counterOf);
  const byKey = new Map(rows.map((row) => [row.key, row]));
  return counted.map(({ key, rule }) => verdictOf(byKey.get(key)!, rule, now));
}

/** The counting statement for so many keys, prepared once (server/db/prepared.ts). */
const countStatements = new Map<number, ReturnType<typeof preparedStatement<Record<string, unknown>>>>();
function countStatement(keys: number) {
  let statement = countStatements.get(keys);
  if (!statement) {
    statement = preparedStatement(`randa_limit_count_${keys}`, () => {
      const expired = sql`${requestLimit.windowStart} <= ${sql.placeholder("cutoff")}::timestamptz`;
      const at = sql`${sql.placeholder("at")}::timestamptz`;
      const rows = Array.from({ length: keys }, (_, i) => sql`(${sql.placeholder(`key${i}`)}, ${at}, 1)`);
      return sql`insert into ${requestLimit} (${sql.identifier(requestLimit.key.name)}, ${sql.identifier(
        requestLimit.windowStart.name,
      )}, ${sql.identifier(requestLimit.hits.name)})
        values ${sql.join(rows, sql`, `)}
        on conflict (${sql.identifier(requestLimit.key.name)}) do update set
          hits = case when ${expired} then 1 else ${requestLimit.hits} + 1 end,
          window_start = case when ${expired} then ${at} else ${requestLimit.windowStart} end
        returning *`;
    });
    countStatements.set(keys, statement);
  }
  return statement;
}

type Counter = typeof requestLimit.$inferSelect;

/** A counter's row as the driver answers it (columns by their database names). */
function counterOf(row: Record<string, unknown>): Counter {
  const at = (value: unknown) => (value === null ? null : new Date(value as string | Date));
  return {
    key: row.key as string,
    windowStart: at(row.window_start)!,
    hits: row.hits as number,
    blockedUntil: at(row.blocked_until),
  };
}

function verdictOf(row: typeof requestLimit.$inferSelect, rule: LimitRule, now: Date): LimitVerdict {
  const blockedFor = row.blockedUntil ? secondsBetween(now, row.blockedUntil) : 0;
  if (blockedFor > 0) return { allowed: false, retryAfterSeconds: blockedFor };
  if (row.hits <= rule.max) return { allowed: true, retryAfterSeconds: 0 };
  const windowEnds = new Date(row.windowStart.getTime() + rule.windowSeconds * 1000);
  return { allowed: false, retryAfterSeconds: Math.max(1, secondsBetween(now, windowEnds)) };
}

/** Counts the request, and refuses it with a `too_many` AppError (429, Retry-After) when over the rule. */
export async function enforceLimit(db: Db, key: string, rule: LimitRule, now = new Date()): Promise<void> {
  const verdict = await countRequest(db, key, rule, now);
  if (!verdict.allowed) throw tooMany(verdict.retryAfterSeconds);
}

function secondsBetween(from: Date, to: Date): number {
  return Math.max(0, Math.ceil((to.getTime() - from.getTime()) / 1000));
}

/** Counters idle this long are spent: no rule's window or back-off lasts more than a day. */
export const SPENT_AFTER_SECONDS = 2 * 24 * 60 * 60;

/** Deletes the counters no rule can still need, so the table holds recent callers only. How many went. */
export async function pruneRequestLimits(db: Db, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - SPENT_AFTER_SECONDS * 1000).toISOString();
  const at = now.toISOString();
  const spent = await db
    .delete(requestLimit)
    .where(
      sql`${requestLimit.windowStart} < ${cutoff}::timestamptz and (${requestLimit.blockedUntil} is null or ${requestLimit.blockedUntil} < ${at}::timestamptz)`,
    )
    .returning({ key: requestLimit.key });
  return spent.length;
}
