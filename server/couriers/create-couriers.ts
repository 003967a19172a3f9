import type { CourierName } from "@shared/parcels";
import type { Config } from "../config";
import type { Courier } from "./courier";
import { createSteadfastCourier, STEADFAST_BASE_URL } from "./steadfast-courier";

/** The couriers this shop has accounts with, by name; none configured, shipping stays a click in Manage Orders. */
export type Couriers = Partial<Record<CourierName, Courier>>;

export function createCouriers(config: Config): Couriers {
  const couriers: Couriers = {};
  if (config.STEADFAST_API_KEY && config.STEADFAST_SECRET_KEY && config.STEADFAST_WEBHOOK_TOKEN) {
    couriers.steadfast = createSteadfastCourier({
      apiKey: config.STEADFAST_API_KEY,
      secretKey: config.STEADFAST_SECRET_KEY,
      baseUrl: config.STEADFAST_BASE_URL ?? STEADFAST_BASE_URL,
      webhookToken: config.STEADFAST_WEBHOOK_TOKEN,
    });
  }
  return couriers;
}
