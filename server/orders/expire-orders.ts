import { expireDueOrders } from "./sql/expire-due";
import type { Deps } from "../context/deps";
import { cancelAttempts } from "../payments";

/**
 * Expires every open order (unpaid, or cash on delivery the shop has not confirmed) whose hold has run out, a batch at a time, and cancels their started payments at
 * the providers. Safe to run on every server copy at once (see expireDueOrders). Answers how many expired.
 */
export async function expireOrders(deps: Deps, batch = 100): Promise<number> {
  const now = deps.now?.() ?? new Date();
  let expired = 0;
  for (;;) {
    const { orderIds, attempts } = await expireDueOrders(deps.db, now, batch);
    expired += orderIds.length;
    if (orderIds.length > 0) deps.catalogVersion.bump();
    await cancelAttempts(deps, attempts);
    if (orderIds.length < batch) return expired;
  }
}
