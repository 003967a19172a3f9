// What the rest of the store may use of orders: everything else in server/orders/ is its own.
export * from "./buyer-bin";
export * from "./cod-rules";
export * from "./expire-orders";
export * from "./kept-tab-counts";
export * from "./orders";
export * from "./order-invoice";
export { orderCalls } from "./routes";
export * from "./sql/insert-lines-order";
export * from "./sql/invoices";
export { selectMushak, type MushakRecord } from "./sql/mushak-serials";
export * from "./sql/order-history";
export * from "./sql/order-lists";
export * from "./sql/order-rows";
export { collectedByCourier, confirmLockedOrder, deliverByCourier, shipLockedOrder } from "./sql/order-steps";
export { selectLines } from "./sql/order-lines";
export { outcomesOf } from "./sql/order-outcomes";
export { orderEventJson, orderJson, type OrderEventJson, type OrderJson, type OrderState } from "./wire";
