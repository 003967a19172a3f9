import { expireDueOrders } from "./sql/expire-due";
import { cancelAttempts } from "../payments";
import type { RequestContext } from "../context/request-context";

/**
 * Expires every open order (unpaid, or cash on delivery the shop has not confirmed) whose hold has run out, a batch at a time, and cancels their started payments at
 * the providers. Safe to run on every server copy at once (see expireDueOrders). Answers how many expired.
 */
export async function expireOrders(ctx: RequestContext, batch = 100): Promise<number> {
  const now = ctx.now?.() ?? new Date();
  let expired = 0;
  for (;;) {
    const { orderIds, attempts } = await expireDueOrders(ctx.db, now, batch);
    expired += orderIds.length;
    if (orderIds.length > 0) ctx.catalogVersion.bump();
    await cancelAttempts(ctx, attempts);
    if (orderIds.length < batch) return expired;
  }
}
