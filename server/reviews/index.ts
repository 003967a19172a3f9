// What the rest of the store may use of reviews: everything else in server/reviews/ is its own.
export * from "./reviews";
export * from "./routes";
export * from "./sql/review-rows";
