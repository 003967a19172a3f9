import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";

/**
 * Gives the order the shop's next invoice number, once: when it is paid or confirmed for cash on delivery. The
 * counter row moves in the caller's transaction, so a rolled-back payment gives its number back and concurrent
 * payments queue on the row for the length of a commit: numbers run without gaps or repeats. The caller holds the
 * order's row lock, so the `invoice_number is null` test cannot race.
 */
export async function issueInvoice(tx: Db, orderId: string, at: Date = new Date()): Promise<void> {
  await tx.execute(sql`
    with next as (
      update invoice_counter set last = last + 1
      where id = 1 and exists (select 1 from "order" where id = ${orderId}::uuid and invoice_number is null)
      returning last
    )
    update "order" set invoice_number = next.last, invoiced_at = ${at.toISOString()}::timestamptz
    from next where "order".id = ${orderId}::uuid`);
}
