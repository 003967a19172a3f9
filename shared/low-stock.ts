/** A product runs low below this many pieces: its own threshold, or by default twice its minimum order. */
export function lowStockLine(product: { lowStockThreshold: number | null; minimumQuantity: number }): number {
  return product.lowStockThreshold ?? 2 * product.minimumQuantity;
}

export function isRunningLow(product: {
  availability: number;
  lowStockThreshold: number | null;
  minimumQuantity: number;
}): boolean {
  return product.availability < lowStockLine(product);
}
