// What the rest of the store may use of the stock ledger: everything else in server/stock/ is its own.
export * from "./sql/stock-moves";
export * from "./stock";
export { stockCalls } from "./routes";
export { stockEntryJson, type StockEntryJson } from "./wire";
