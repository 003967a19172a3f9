// What the rest of the store may use of reviews: everything else in server/reviews/ is its own.
export * from "./reviews";
export * from "./sql/review-rows";
export { reviewCalls } from "./routes";
export { reviewJson, type ReviewJson } from "./wire";
