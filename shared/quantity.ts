import { M, type Coded } from "./messages";

/** Spec §9: order quantities move in steps of 20 pieces. */
export const QUANTITY_STEP = 20;

/** No single order is larger than this (it keeps every payable amount exact in poisha). */
export const MAX_ORDER_QUANTITY = 1_000_000;

/** What the order rules read of a product. */
export interface StockFacts {
  minimumQuantity: number;
  availability: number;
  /** The admin's own most per order; null (or absent) leaves the half-stock rule. */
  maxPerOrder?: number | null;
}

/**
 * No hoarding: the most pieces one order may take. The product's own `maxPerOrder` when set; otherwise half of the
 * stock available now, rounded down, but never below the minimum order, so the last pieces can still be sold
 * (a stock of 30 with a minimum of 20 sells 20). Never more than the stock. place-order.ts's guarded statement
 * states the same rule in SQL.
 */
export function perOrderLimit({ minimumQuantity, availability, maxPerOrder }: StockFacts): number {
  const cap = maxPerOrder ?? Math.max(minimumQuantity, Math.floor(availability / 2));
  return Math.min(cap, availability);
}

/**
 * No hoarding across orders (decision 0026): the most pieces one buyer's open orders (unpaid, or cash on delivery
 * awaiting the shop) may hold of a product together, `held` of them already. It is what one order could take if
 * those orders were given back first: never more than one order's worth, however the pieces are split.
 */
export function holdingLimit(product: StockFacts, held: number): number {
  return perOrderLimit({ ...product, availability: product.availability + held });
}

/** Spec §9's step: the minimum order plus a whole number of steps of 20. */
export const onStep = (quantity: number, minimumQuantity: number) => (quantity - minimumQuantity) % QUANTITY_STEP === 0;

/**
 * Spec §5: what is wrong with buying this many of a product, or null. The detail page shows it as the customer
 * types; the server asks the same question inside the order's transaction, with the pieces the buyer's open
 * orders already hold (`held`).
 */
export function quantityProblem(quantity: number, product: StockFacts, held = 0): Coded | null {
  const min = product.minimumQuantity;
  if (!Number.isFinite(quantity) || quantity < min) return { code: M.quantity.below_minimum, params: { min } };
  if (!onStep(quantity, min)) {
    const lower = quantity - ((quantity - min) % QUANTITY_STEP);
    return { code: M.quantity.off_step, params: { min, lower, higher: lower + QUANTITY_STEP } };
  }
  if (quantity > product.availability) return { code: M.stock.too_low };
  const max = perOrderLimit(product);
  if (quantity > max) return { code: M.stock.over_per_order, params: { max } };
  const most = holdingLimit(product, held);
  if (held > 0 && held + quantity > most) return { code: M.order.holding_limit, params: { held, max: most } };
  return null;
}
