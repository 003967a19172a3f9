import { eq, inArray, sql } from "drizzle-orm";
import { fiscalYearOf } from "@shared/mushak";
import type { Db } from "../../db/client";
import { mushakInvoice } from "../../db/schema";

/** An order's Mushak-6.3: its financial year, serial in it, the rate it was issued at and when. */
export type MushakRecord = typeof mushakInvoice.$inferSelect;

/**
 * Gives the order the next Mushak-6.3 serial of the financial year `at` falls in, at `rateBasisPoints`. The year's
 * counter row is made by its first invoice and moved by an upsert, whose row lock is held to the commit: concurrent
 * invoices of one year queue on it, a rolled-back one gives its serial back, and the first invoice of a new year
 * (1 July, Dhaka) takes 1. Called in the transaction that gives the invoice number, only when that gave one.
 */
export async function issueMushakSerial(tx: Db, orderId: string, rateBasisPoints: number, at: Date): Promise<void> {
  const fiscalYear = fiscalYearOf(at);
  await tx.execute(sql`
    with next as (
      insert into mushak_counter as c (fiscal_year, last) values (${fiscalYear}, 1)
      on conflict (fiscal_year) do update set last = c.last + 1
      returning last
    )
    insert into mushak_invoice (order_id, fiscal_year, serial, rate_basis_points, issued_at)
    select ${orderId}::uuid, ${fiscalYear}, next.last, ${rateBasisPoints}, ${at.toISOString()}::timestamptz from next`);
}

/** The order's Mushak-6.3, or null when it was invoiced without one (not VAT-registered) or not invoiced yet. */
export async function selectMushak(db: Db, orderId: string): Promise<MushakRecord | null> {
  const [row] = await db.select().from(mushakInvoice).where(eq(mushakInvoice.orderId, orderId));
  return row ?? null;
}

/** The Mushak-6.3 of each of these orders that has one, by order id (one query for the lot). */
export async function selectMushaks(db: Db, orderIds: string[]): Promise<Map<string, MushakRecord>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db.select().from(mushakInvoice).where(inArray(mushakInvoice.orderId, orderIds));
  return new Map(rows.map((r) => [r.orderId, r]));
}
