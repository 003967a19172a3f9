import type { ProductJson } from "./api-types";

/** Spec §2: a product whose stock cannot cover one minimum order shows 'Stock Out'. */
export function isStockOut(p: Pick<ProductJson, "Availability" | "minimumQuantity">): boolean {
  return p.Availability < p.minimumQuantity;
}
