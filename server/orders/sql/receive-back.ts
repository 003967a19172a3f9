import { eq } from "drizzle-orm";
import { M } from "@shared/messages";
import type { SessionUser } from "../../auth/session";
import type { Db } from "../../db/client";
import { consignment, order } from "../../db/schema";
import { oweAll } from "../../payments";
import { restockLines } from "./cancel-returning-stock";
import { recordEvent } from "./order-history";
import { assertAllowed, hasHeldPayment, lockOrder, orderFacts, type Order } from "./order-rows";

/**
 * A shipped order's parcel is back on the shop's shelf, undelivered (the buyer refused it, or the courier brought it
 * back): the order is `returned`, its pieces go back to stock with `returned` ledger rows, and money it received
 * becomes refund due, in one transaction under the order's row lock. Only a shipped order can be received back, so
 * the stock comes back once however often the button is pressed.
 */
export async function receiveBackReturningStock(
  db: Db,
  admin: SessionUser,
  orderId: string | null,
  now = new Date(),
): Promise<Order> {
  return db.transaction(async (tx) => {
    const row = await lockOrder(tx, orderId);
    assertAllowed(orderFacts(row, await hasHeldPayment(tx, row.id)), admin, "receive_back");
    await tx.update(order).set({ status: "returned", updatedAt: now }).where(eq(order.id, row.id));
    const who = { by: "admin", userId: admin.id } as const;
    await recordEvent(tx, row.id, "returned", who, { at: now });
    await restockLines(tx, [row.id], { reason: "returned", by: "admin", byUserId: admin.id, at: now });
    await tx
      .update(consignment)
      .set({ receivedBackAt: now, receivedBackBy: admin.id, updatedAt: now })
      .where(eq(consignment.orderId, row.id));
    return oweAll(tx, row.id, ["succeeded", "held"], who, M.courier.order_returned);
  });
}
