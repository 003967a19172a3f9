import { sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { order, orderEvent, orderLine, stockEntry } from "../../db/schema";

/** Parts of the order statements written by hand (./insert-order.ts, ./take-lines.ts), so they name columns alike. */

export const col = (column: AnyPgColumn) => sql.identifier(column.name);
export const cols = (columns: AnyPgColumn[]): SQL => sql.join(columns.map(col), sql`, `);

/** A value given each time the prepared statement runs (server/db/prepared.ts). */
export const at = (name: string) => sql.placeholder(name);

/** An order's columns every order statement writes first: the buyer, the first line's goods and the payable amount. */
export const ORDER_COLUMNS: AnyPgColumn[] = [
  order.buyerId,
  order.buyerEmail,
  order.buyerName,
  order.productId,
  order.productName,
  order.productNameBn,
  order.image,
  order.pricePoisha,
  order.quantity,
  order.payablePoisha,
];

/** An order line's columns, in the order the statements select them. */
export const LINE_COLUMNS = cols([
  orderLine.orderId,
  orderLine.position,
  orderLine.productId,
  orderLine.variantId,
  orderLine.sku,
  orderLine.variantLabel,
  orderLine.name,
  orderLine.nameBn,
  orderLine.image,
  orderLine.pricePoisha,
  orderLine.weightGrams,
  orderLine.quantity,
  orderLine.amountPoisha,
]);

/** A stock ledger row's columns (server/stock), in the order the statements select them. */
export const LEDGER_COLUMNS = cols([
  stockEntry.productId,
  stockEntry.variantId,
  stockEntry.change,
  stockEntry.after,
  stockEntry.reason,
  stockEntry.orderId,
  stockEntry.by,
  stockEntry.byUserId,
  stockEntry.at,
]);

/** An order event's columns, in the order the statements select them. */
export const EVENT_COLUMNS = cols([
  orderEvent.orderId,
  orderEvent.status,
  orderEvent.by,
  orderEvent.byUserId,
  orderEvent.at,
]);
