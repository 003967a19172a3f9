/** The most lines one cart (and so one order) may have. */
export const MAX_CART_LINES = 50;

/** How long a cart nobody touched is kept, in days, when CART_DAYS does not say. */
export const DEFAULT_CART_DAYS = 30;
