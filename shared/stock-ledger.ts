/**
 * Why a product's stock changed: every change is a row of its ledger (docs/decisions/0031-a-stock-ledger.md).
 * `opening`: the stock a product started with (or had when the ledger began); `placed`, `cancelled`, `expired`: an
 * order took its pieces or gave them back; `received` from a supplier, `counted` (a stock-take's correction, and the
 * spec's `PUT /api/product/{id} {Availability}`), `damaged`: an admin's word; `imported`: a catalog spreadsheet; `returned`: a parcel the buyer refused, back on the shelf.
 */
export const STOCK_REASONS = [
  "opening",
  "placed",
  "cancelled",
  "expired",
  "received",
  "counted",
  "damaged",
  "imported",
  "returned",
] as const;
export type StockReason = (typeof STOCK_REASONS)[number];

/** What an admin may record by hand at /dashboard/stock and `POST /api/product/{id}/stock`. */
export const ADMIN_STOCK_REASONS = ["received", "counted", "damaged"] as const satisfies readonly StockReason[];
export type AdminStockReason = (typeof ADMIN_STOCK_REASONS)[number];

/** Who made a change: the buyer of an order, an admin, or the store itself (its clock, its demo data). */
export const STOCK_ACTORS = ["buyer", "admin", "store"] as const;
export type StockActor = (typeof STOCK_ACTORS)[number];

/** How many days of sales the overview's "days of stock left" reckons the rate from. */
export const SALES_RATE_DAYS = 30;
