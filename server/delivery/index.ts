// What the rest of the store may use of delivery: everything else in server/delivery/ is its own.
export * from "./addresses";
export * from "./charge";
export { deliveryCalls } from "./routes";
export * from "./zones";
export type { SavedAddress } from "./sql/address-rows";
export { DeliveryJson, zoneJson, type ZoneJson } from "./wire";
