// What the rest of the store may use of overview: everything else in server/overview/ is its own.
export * from "./overview";
export * from "./sql/overview-rows";
export { overviewCalls } from "./routes";
