import { storeContext } from "../context/request-context";
import { dropStaleCarts } from "../cart";
import { forgetStaleWatches } from "../back-in-stock";
import { expireOrders } from "../orders";
import { reportError } from "../log/report-error";
import type { Services } from "../services";

type Log = (line: string) => void;

export interface Schedule {
  stop(): Promise<void>;
}

/**
 * Runs the order expiry (and drops carts untouched for CART_DAYS, and forgets watches of Stock Out tools after 90
 * days) every `intervalSeconds` on this server copy. Every copy runs it; `SKIP LOCKED` gives each
 * order to one of them (server/orders/sql/expire-due.ts), so no leader is elected and none is needed. A round still
 * running when the next is due is not doubled; `stop` waits for it before the database closes.
 */
export function scheduleOrderExpiry(services: Services, intervalSeconds: number, log: Log = console.log): Schedule {
  const ctx = storeContext(services, "order-expiry");
  let running: Promise<void> | null = null;
  const round = () => {
    running ??= expireOrders(ctx)
      .then(async (n) => {
        if (n > 0) log(`Expired ${n} open order${n === 1 ? "" : "s"}; their stock is back.`);
        // Carts nobody touched for CART_DAYS go on the same round: the same clock, and as cheap when none are due.
        await dropStaleCarts(ctx);
        // So do visitors' watches of Stock Out tools older than 90 days (server/back-in-stock).
        await forgetStaleWatches(ctx);
      })
      .catch((err: unknown) => reportError("expiring orders failed", err))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(round, intervalSeconds * 1000);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
