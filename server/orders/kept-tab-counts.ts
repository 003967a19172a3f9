import { sql } from "drizzle-orm";
import type { OrderTabCounts } from "@shared/list-choices";
import { KeptWhileUnchanged, perDatabase } from "../cache/kept-while-unchanged";
import type { Db } from "../db/client";
import { order, orderEvent } from "../db/schema";
import { tabCounts, type OrderFilters } from "./sql/order-lists";

/** Counts are kept at most 10 s whatever the version says (see `ordersVersion`), for 100 searches. */
const tabCountsOf = perDatabase<Db, OrderTabCounts>(() => new KeptWhileUnchanged({ keepMs: 10_000, maxEntries: 100 }));
/**
 * Where the shop's orders stand: the newest change in their history (every placement, payment, cancel, shipment,
 * expiry and refund writes one, in its own transaction) and the newest order. Both are the last entry of an index.
 * A change whose transaction took its history id before another's but commits after it goes unseen here; keeping
 * counts at most KEEP_MS bounds that.
 */
export async function ordersVersion(db: Db): Promise<string> {
  // Both drivers (node-postgres and PGlite) answer with { rows }.
  const result = (await db.execute(
    sql`select (select max(${orderEvent.id}) from ${orderEvent})::text as event,
               (select max(${order.createdAt}) from ${order})::text as placed`,
  )) as unknown as { rows: { event: string | null; placed: string | null }[] };
  const row = result.rows[0];
  return `${row?.event}/${row?.placed}`;
}

/**
 * Manage Orders' tab counts, read again only when the orders have changed: counting every order reads all of
 * them (70 ms at 200,000), and the list is opened far more often than an order changes.
 */
export async function keptTabCounts(db: Db, filters: OrderFilters): Promise<OrderTabCounts> {
  const key = JSON.stringify([
    filters.q ?? null,
    filters.from?.toISOString() ?? null,
    filters.until?.toISOString() ?? null,
  ]);
  // The version is read first: a change committed while counting makes the next request count again.
  const version = await ordersVersion(db);
  return tabCountsOf(db).get(key, version, () => tabCounts(db, filters));
}
