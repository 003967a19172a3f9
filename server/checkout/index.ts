// What the rest of the store may use of checkout: everything else in server/checkout/ is its own.
export * from "./checkout";
export { checkoutCalls } from "./routes";
