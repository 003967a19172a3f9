import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { issueMushakSerial } from "./mushak-serials";

/** What issuing an invoice needs to know beyond the order: the shop's VAT registration, and the clock. */
export interface Invoicing {
  /** The VAT rate in basis points a Mushak-6.3 is issued at; null when the shop is not VAT-registered. */
  mushakRate: number | null;
  at?: Date;
}

/**
 * Gives the order the shop's next invoice number, once: when it is paid or confirmed for cash on delivery. The
 * counter row moves in the caller's transaction, so a rolled-back payment gives its number back and concurrent
 * payments queue on the row for the length of a commit: numbers run without gaps or repeats. The caller holds the
 * order's row lock, so the `invoice_number is null` test cannot race. A VAT-registered shop's invoice takes its
 * Mushak-6.3 serial in the same transaction, under the same rules (./mushak-serials.ts).
 */
export async function issueInvoice(tx: Db, orderId: string, { mushakRate, at = new Date() }: Invoicing): Promise<void> {
  const numbered = (await tx.execute(sql`
    with next as (
      update invoice_counter set last = last + 1
      where id = 1 and exists (select 1 from "order" where id = ${orderId}::uuid and invoice_number is null)
      returning last
    )
    update "order" set invoice_number = next.last, invoiced_at = ${at.toISOString()}::timestamptz
    from next where "order".id = ${orderId}::uuid
    returning "order".id`)) as unknown as { rows: unknown[] };
  if (numbered.rows.length > 0 && mushakRate !== null) await issueMushakSerial(tx, orderId, mushakRate, at);
}
