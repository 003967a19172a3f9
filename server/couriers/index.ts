// What the rest of the store may use of couriers: everything else in server/couriers/ is its own.
export * from "./couriers";
export * from "./payouts";
export * from "./parcel-screens";
export { courierCalls } from "./routes";
export { payoutCalls } from "./payout-routes";
export { createCouriers, type Couriers } from "./create-couriers";
export type { Courier } from "./courier";
