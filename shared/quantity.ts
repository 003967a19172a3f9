import { M, message, type Message } from "./messages";

/** Spec §9: order quantities move in steps of 20 pieces. */
export const QUANTITY_STEP = 20;

/** No single order is larger than this (it keeps every payable amount exact in poisha). */
export const MAX_ORDER_QUANTITY = 1_000_000;

/**
 * Spec §5: what is wrong with buying this many of a product, or null. The detail page shows it as the customer
 * types; the server asks the same question inside the order's transaction.
 */
export function quantityProblem(
  quantity: number,
  product: { minimumQuantity: number; availability: number },
): Message | null {
  if (!Number.isFinite(quantity) || quantity < product.minimumQuantity) {
    return message(M.quantity.below_minimum, { min: product.minimumQuantity });
  }
  if (quantity > product.availability) return message(M.stock.too_low);
  return null;
}
