// What the rest of the store may use of payments: everything else in server/payments/ is its own.
export * from "./payments";
export * from "./provider-calls";
export * from "./providers/create-provider";
export * from "./providers/provider";
export * from "./refunds";
export { paymentCalls } from "./routes";
export * from "./sql/payment-rows";
