import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { order, type OrderRow } from "../../db/schema";

/** The buyer's order placed under an Idempotency-Key, or null when none was. */
export async function orderPlacedUnder(db: Db, buyerId: string, key: string): Promise<OrderRow | null> {
  const [row] = await db
    .select()
    .from(order)
    .where(and(eq(order.buyerId, buyerId), eq(order.idempotencyKey, key)));
  return row ?? null;
}
