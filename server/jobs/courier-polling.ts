import { storeContext } from "../context/request-context";
import { askAboutQuietParcels } from "../couriers";
import { reportError } from "../log/report-error";
import type { Services } from "../services";
import type { Schedule } from "./order-expiry";

/** How often a copy of the store looks for quiet parcels; each is asked about once per COURIER_POLL_MINUTES. */
const ROUND_SECONDS = 60;

/**
 * Asks the couriers about parcels without news (server/couriers/couriers.ts), every minute on every copy of the
 * store; `SKIP LOCKED` gives each parcel to one copy. Nothing runs when the shop has no courier.
 */
export function scheduleCourierPolling(services: Services, quietMinutes: number): Schedule {
  if (Object.keys(services.couriers).length === 0) return { stop: async () => undefined };
  const ctx = storeContext(services, "courier-polling");
  let running: Promise<void> | null = null;
  const timer = setInterval(() => {
    running ??= askAboutQuietParcels(ctx, quietMinutes)
      .then(() => undefined)
      .catch((err: unknown) => reportError("asking the couriers about parcels failed", err))
      .finally(() => {
        running = null;
      });
  }, ROUND_SECONDS * 1000);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
