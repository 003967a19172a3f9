import type { CourierName } from "@shared/parcels";
import type { Config } from "../config";
import type { Courier } from "./courier";
import { createPathaoCourier, PATHAO_BASE_URL } from "./pathao-courier";
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
  const { PATHAO_CLIENT_ID, PATHAO_CLIENT_SECRET, PATHAO_USERNAME, PATHAO_PASSWORD } = config;
  if (PATHAO_CLIENT_ID && PATHAO_CLIENT_SECRET && PATHAO_USERNAME && PATHAO_PASSWORD && config.PATHAO_STORE_ID) {
    couriers.pathao = createPathaoCourier({
      baseUrl: config.PATHAO_BASE_URL ?? PATHAO_BASE_URL,
      clientId: PATHAO_CLIENT_ID,
      clientSecret: PATHAO_CLIENT_SECRET,
      username: PATHAO_USERNAME,
      password: PATHAO_PASSWORD,
      storeId: config.PATHAO_STORE_ID,
      webhookSecret: config.PATHAO_WEBHOOK_SECRET ?? "",
    });
  }
  return couriers;
}
