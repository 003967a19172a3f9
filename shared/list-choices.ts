import { ORDER_STATUSES } from "./order-flow";

/**
 * The names each list reads from its URL and the choices it offers, without zod: the pages that show a list's
 * tabs, sorts and periods import these, the lists' schemas (schemas/*-list.ts, schemas/overview.ts) check them.
 */

/** The parameters of the shop's list, in `/shop`'s URL and in `GET /api/product`. */
export const PRODUCT_LIST_PARAMS = ["q", "category", "inStock", "sort", "page", "limit"] as const;
export const PRODUCT_SORTS = ["relevance", "newest", "price-asc", "price-desc", "name"] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

/** The parameters of the shop's orders list, in Manage Orders' URL and in `GET /api/order`. */
export const ORDER_LIST_PARAMS = ["status", "q", "from", "to", "sort", "page", "limit", "cursor"] as const;
/** The parameters of one buyer's list, in My Orders' URL and in `GET /api/order/{email}`. */
export const BUYER_ORDER_LIST_PARAMS = ["page", "limit"] as const;
export const ORDER_SORTS = ["newest", "oldest", "amount-high", "amount-low"] as const;
export type OrderSort = (typeof ORDER_SORTS)[number];
/** Manage Orders' tabs: each status, and the orders whose money is due back to their buyer (`refund: "due"`). */
export const ORDER_TABS = [...ORDER_STATUSES, "refund-due"] as const;
export type OrderTab = (typeof ORDER_TABS)[number];
/** How many orders each tab holds for a search and dates; `all` counts every order. */
export type OrderTabCounts = Record<OrderTab | "all", number>;

/** The parameters of the accounts' list, in Make Admin's URL and in `GET /api/user`. */
export const USER_LIST_PARAMS = ["q", "page", "limit"] as const;

/** The parameters of `GET /api/review`. */
export const REVIEW_LIST_PARAMS = ["page", "limit"] as const;

/** The parameters of `GET /api/product/{id}/reviews`; the product page reads them as `reviews` and `rpage`. */
export const PRODUCT_REVIEW_LIST_PARAMS = ["sort", "page", "limit"] as const;
export const PRODUCT_REVIEW_SORTS = ["newest", "helpful"] as const;
export type ProductReviewSort = (typeof PRODUCT_REVIEW_SORTS)[number];

/** The overview's URL: `days` and the low-stock list's `page`. */
export const OVERVIEW_PARAMS = ["days", "page"] as const;
/** The periods the overview offers, in days; the first look covers DEFAULT_DAYS. */
export const OVERVIEW_DAYS = [7, 30, 90] as const;
export type OverviewDays = (typeof OVERVIEW_DAYS)[number];
export const DEFAULT_DAYS: OverviewDays = 30;
