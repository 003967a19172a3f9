/** Spec §2: a product whose stock cannot cover one minimum order shows 'Stock Out'. */
export function isStockOut(p: { availability: number; minimumQuantity: number }): boolean {
  return p.availability < p.minimumQuantity;
}
