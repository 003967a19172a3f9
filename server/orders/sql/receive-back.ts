import { asc, eq } from "drizzle-orm";
import { M } from "@shared/messages";
import type { SessionUser } from "../../auth/session";
import type { Db } from "../../db/client";
import { consignment, order, orderLine } from "../../db/schema";
import { fieldRefusal } from "../../errors";
import { oweAll } from "../../payments";
import { moveStock, type StockCause } from "../../stock";
import { restockLines } from "./cancel-returning-stock";
import { recordEvent } from "./order-history";
import { collectedByCourier } from "./order-steps";
import { assertAllowed, hasHeldPayment, lockOrder, orderFacts, type Order } from "./order-rows";

/**
 * A shipped order's parcel is back on the shop's shelf, in one transaction under the order's row lock. Only a
 * shipped order can be received back, so the stock comes back once however often the button is pressed.
 *
 * - The whole parcel (`piecesBack` null, or every piece): the buyer refused it, or the courier brought it back. The
 *   order is `returned`, its pieces go back to stock with `returned` ledger rows, and money it received becomes
 *   refund due.
 * - Part of it (`piecesBack`: how many of each line, in line order): the buyer kept the rest. Only the pieces back
 *   return to stock; the order is delivered, and the cash the courier reported collecting for the part kept is the
 *   order's payment, as on a whole delivery.
 */
export async function receiveBackReturningStock(
  db: Db,
  admin: SessionUser,
  orderId: string | null,
  piecesBack: number[] | null,
  now = new Date(),
): Promise<Order> {
  return db.transaction(async (tx) => {
    const row = await lockOrder(tx, orderId);
    assertAllowed(orderFacts(row, await hasHeldPayment(tx, row.id)), admin, "receive_back");
    const lines = await tx
      .select({ productId: orderLine.productId, variantId: orderLine.variantId, quantity: orderLine.quantity })
      .from(orderLine)
      .where(eq(orderLine.orderId, row.id))
      .orderBy(asc(orderLine.position));
    const back = piecesBack ?? lines.map((l) => l.quantity);
    if (back.length !== lines.length || back.some((n, i) => n > lines[i]!.quantity)) {
      throw fieldRefusal("piecesBack", M.courier.pieces_back_invalid);
    }
    if (back.every((n) => n === 0)) throw fieldRefusal("piecesBack", M.courier.pieces_back_none);
    const [parcel] = await tx
      .update(consignment)
      .set({ receivedBackAt: now, receivedBackBy: admin.id, updatedAt: now })
      .where(eq(consignment.orderId, row.id))
      .returning();
    const who = { by: "admin", userId: admin.id } as const;
    const cause: Pick<StockCause, "reason" | "by" | "byUserId" | "at"> = {
      reason: "returned",
      by: "admin",
      byUserId: admin.id,
      at: now,
    };

    if (back.every((n, i) => n === lines[i]!.quantity)) {
      await tx.update(order).set({ status: "returned", updatedAt: now }).where(eq(order.id, row.id));
      await recordEvent(tx, row.id, "returned", who, { at: now });
      await restockLines(tx, [row.id], cause);
      return oweAll(tx, row.id, ["succeeded", "held"], who, M.courier.order_returned);
    }

    await moveStock(
      tx,
      lines.flatMap((line, i) =>
        line.productId && line.variantId
          ? [{ productId: line.productId, variantId: line.variantId, change: back[i]!, orderId: row.id }]
          : [],
      ),
      cause,
    );
    await recordEvent(tx, row.id, "delivered", who, { reason: M.courier.partly_returned, at: now });
    const [delivered] = await tx
      .update(order)
      .set({ status: "delivered", updatedAt: now })
      .where(eq(order.id, row.id))
      .returning();
    if (parcel?.consignmentRef) {
      await collectedByCourier(tx, delivered!, parcel.courier, parcel.consignmentRef, parcel.collectedPoisha ?? 0);
    }
    return delivered!;
  });
}
