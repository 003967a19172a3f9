// What the rest of the store may use of reviews: everything else in server/reviews/ is its own.
export * from "./reviews";
export * from "./product-reviews";
export * from "./sql/review-rows";
export { reviewCalls } from "./routes";
export { productReviewCalls } from "./product-review-routes";
export { productReviewJson, reviewJson, type ProductReviewJson, type ReviewJson } from "./wire";
