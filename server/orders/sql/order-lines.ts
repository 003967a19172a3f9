import { asc, inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { orderLine, type OrderLineRow } from "../../db/schema";

export type OrderLine = OrderLineRow;

/** The lines of the orders shown, each order's in its own order (one query for the lot). */
export async function selectLines(db: Db, orderIds: string[]): Promise<Map<string, OrderLine[]>> {
  const lines = new Map<string, OrderLine[]>();
  if (orderIds.length === 0) return lines;
  const rows = await db
    .select()
    .from(orderLine)
    .where(inArray(orderLine.orderId, orderIds))
    .orderBy(asc(orderLine.orderId), asc(orderLine.position));
  for (const row of rows) {
    const list = lines.get(row.orderId);
    if (list) list.push(row);
    else lines.set(row.orderId, [row]);
  }
  return lines;
}
