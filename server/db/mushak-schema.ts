import { sql } from "drizzle-orm";
import { check, integer, pgTable, smallint, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { order } from "./schema";

/**
 * A Mushak-6.3 (the VAT invoice) issued for an order, when the shop is VAT-registered (`SHOP_BIN`): its serial runs
 * per financial year (July to June, named by the year it starts in), without gaps or repeats, taken from
 * `mushak_counter` in the transaction that issues it.
 */
export const mushakInvoice = pgTable(
  "mushak_invoice",
  {
    orderId: uuid("order_id")
      .primaryKey()
      .references(() => order.id, { onDelete: "restrict" }),
    fiscalYear: smallint("fiscal_year").notNull(),
    serial: integer("serial").notNull(),
    /** The VAT rate it was issued at, in hundredths of a percent (15 % is 1500). */
    rateBasisPoints: integer("rate_basis_points").notNull(),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("mushak_invoice_serial_idx").on(t.fiscalYear, t.serial),
    check("mushak_invoice_serial_positive", sql`${t.serial} > 0`),
    check("mushak_invoice_rate_known", sql`${t.rateBasisPoints} between 0 and 10000`),
  ],
);

/** The last Mushak-6.3 serial of each financial year. */
export const mushakCounter = pgTable("mushak_counter", {
  fiscalYear: smallint("fiscal_year").primaryKey(),
  last: integer("last").notNull().default(0),
});
