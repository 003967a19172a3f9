// What the rest of the store may use of couriers: everything else in server/couriers/ is its own.
export * from "./couriers";
export { courierCalls } from "./routes";
export { createCouriers, type Couriers } from "./create-couriers";
export type { Courier } from "./courier";
