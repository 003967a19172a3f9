import { markRefunded, paymentsDue } from "./sql/refund-rows";
import type { Order } from "../orders";
import { adminOnly, type Actor } from "../context/actor";
import type { Deps } from "../context/deps";
import { key } from "../context/parse";
import { refunderFor } from "./provider-calls";

/**
 * POST /api/order/{id}/refund: an admin gives back every payment due on the order, through its provider, for the
 * amount the store recorded. Each payment's refund carries the payment's own idempotency key, so a retry, a double
 * click or two admins at once make one refund at the provider; the database records it once.
 */
export async function refundOrder(deps: Deps, actor: Actor, orderId: unknown): Promise<Order> {
  const admin = adminOnly(actor);
  const due = await paymentsDue(deps.db, admin, key(orderId));
  let order: Order | undefined;
  for (const payment of due) {
    const { refundRef } = await refunderFor(deps, payment.provider).refund({
      reference: payment.providerRef,
      gatewayRef: payment.gatewayRef,
      amountPoisha: payment.amountPoisha,
      currency: payment.currency,
      idempotencyKey: `randa-refund-${payment.id}`,
    });
    order = await markRefunded(deps.db, admin, payment, refundRef);
  }
  return order!;
}
