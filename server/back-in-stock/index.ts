// What the rest of the store may use of "Tell me when it is back": everything else in server/back-in-stock/ is its own.
export * from "./back-in-stock";
export { backInStockCalls } from "./routes";
export { queueBackInStockNews, type BackOnShelf } from "./sql/tell-watchers";
