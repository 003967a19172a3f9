/**
 * The buyer's BIN an order keeps, given when it is placed (checkout, Buy It Now, `POST /api/order`). It is only for a
 * Mushak-6.3, which only a VAT-registered shop issues (`mushakRate`: SHOP_BIN and VAT_RATE), so one sent to a shop
 * that is not (its pages do not ask for it) is dropped rather than refused: the order is placed without it, and its
 * JSON's `buyerBin` is null. A malformed one is still refused by the schema, registered or not.
 */
export function binToKeep(mushakRate: number | null, buyerBin: string | undefined): string | null {
  return mushakRate === null ? null : (buyerBin ?? null);
}
