import type { RequestContext } from "../context/request-context";
import { orderDetail, type OrderDetail } from "./orders";
import type * as orders from "./sql/order-rows";
import { selectMushak, selectMushaks, type MushakRecord } from "./sql/mushak-serials";

/** An order's invoice: the order view's detail, with its Mushak-6.3 when one was issued. */
export interface OrderInvoice {
  detail: OrderDetail;
  mushak: MushakRecord | null;
}

/** The invoice page (/dashboard/orders/{id}/invoice): whoever may see the order sees its invoice. */
export async function orderInvoice(ctx: RequestContext, orderId: unknown): Promise<OrderInvoice> {
  const detail = await orderDetail(ctx, orderId);
  return { detail, mushak: await selectMushak(ctx.db, detail.order.id) };
}

/** The Mushak-6.3 of the orders the actor has been shown, by order id (one query for the lot). */
export function mushaksOf(ctx: RequestContext, shown: orders.Order[]) {
  return selectMushaks(
    ctx.db,
    shown.map((o) => o.id),
  );
}
