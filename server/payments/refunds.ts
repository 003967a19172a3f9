import { markRefunded, paymentsDue } from "./sql/refund-rows";
import type { Order } from "../orders";
import { adminOnly } from "../context/actor";
import { key } from "../context/parse";
import { refunderFor } from "./provider-calls";
import type { RequestContext } from "../context/request-context";

/**
 * POST /api/order/{id}/refund: an admin gives back every payment due on the order, through its provider, for the
 * amount the store recorded. Each payment's refund carries the payment's own idempotency key, so a retry, a double
 * click or two admins at once make one refund at the provider; the database records it once.
 */
export async function refundOrder(ctx: RequestContext, orderId: unknown): Promise<Order> {
  const actor = await ctx.actor();
  const admin = adminOnly(actor);
  const due = await paymentsDue(ctx.db, admin, key(orderId));
  let order: Order | undefined;
  for (const payment of due) {
    const { refundRef } = await refunderFor(ctx, payment.provider).refund({
      reference: payment.providerRef,
      gatewayRef: payment.gatewayRef,
      amountPoisha: payment.amountPoisha,
      currency: payment.currency,
      idempotencyKey: `randa-refund-${payment.id}`,
    });
    order = await markRefunded(ctx.db, admin, payment, refundRef);
  }
  return order!;
}
