import { and, asc, inArray, isNotNull, lte } from "drizzle-orm";
import type { Db } from "../../db/client";
import { order, paymentAttempt, type PaymentAttemptRow } from "../../db/schema";
import { restockLines } from "./cancel-returning-stock";
import { recordEvent } from "./order-history";

export interface ExpiredBatch {
  orderIds: string[];
  /** Payments started for those orders, to cancel at their providers once the expiry is committed. */
  attempts: PaymentAttemptRow[];
}

/**
 * Expires up to `limit` open orders (unpaid, or cash on delivery the shop has not confirmed) whose hold ran out by
 * `now`: each becomes `expired` and its pieces go back to
 * stock, in one transaction. The rows are taken with `FOR UPDATE SKIP LOCKED`, so server copies running this at
 * the same moment take different orders, and an order being paid, confirmed or cancelled right now (its row
 * locked) is left for the next round, when its new state is seen. A copy that dies mid-batch holds nothing:
 * PostgreSQL rolls its transaction back and releases the rows. Orders the shop confirmed, paid ones, or those with a
 * payment held for review have no `expires_at` and are never taken.
 */
export async function expireDueOrders(db: Db, now: Date, limit = 100): Promise<ExpiredBatch> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(order)
      .where(and(inArray(order.status, ["unpaid", "cod"]), isNotNull(order.expiresAt), lte(order.expiresAt, now)))
      .orderBy(asc(order.expiresAt))
      .limit(limit)
      .for("update", { skipLocked: true });
    if (due.length === 0) return { orderIds: [], attempts: [] };
    const ids = due.map((row) => row.id);
    await tx.update(order).set({ status: "expired", updatedAt: now }).where(inArray(order.id, ids));
    await restockLines(tx, ids, { reason: "expired", by: "store", at: now });
    for (const row of due) await recordEvent(tx, row.id, "expired", { by: "store" }, { at: now });
    const attempts = await tx.select().from(paymentAttempt).where(inArray(paymentAttempt.orderId, ids));
    return { orderIds: ids, attempts };
  });
}
