import { z } from "zod";
import { STOCK_ACTORS, STOCK_REASONS } from "@shared/stock-ledger";
import { named } from "../openapi/schema-names";
import type { LedgerEntry } from "./sql/ledger-rows";

/** One row of a product's stock ledger as the API answers it. */
export const StockEntryJson = named(
  "StockEntryJson",
  z.object({
    _id: z.string().meta({ description: "The row's number in the ledger, as text." }),
    change: z.number().int().meta({ description: "Pieces added (positive) or taken (negative)." }),
    after: z.number().int().meta({ description: "The stock after the change." }),
    reason: z.enum(STOCK_REASONS),
    orderId: z.string().nullable().meta({ description: "The order that took or gave back the pieces." }),
    by: z.enum(STOCK_ACTORS),
    byName: z.string().nullable().meta({ description: "The admin's or buyer's name; null for the store itself." }),
    note: z.string().nullable(),
    at: z.string().meta({ description: "When, as an ISO 8601 time." }),
  }),
);
export type StockEntryJson = z.output<typeof StockEntryJson>;
export const StockLedger = named("StockLedger", z.array(StockEntryJson));

export const StockChangeRecorded = named(
  "StockChangeRecorded",
  z.object({
    change: z.number().int().meta({ description: "The pieces the stock moved by (for a count, reckoned from it)." }),
    Availability: z.number().int().meta({ description: "The stock after the change." }),
  }),
);

export function stockEntryJson(e: LedgerEntry): StockEntryJson {
  return {
    _id: String(e.id),
    change: e.change,
    after: e.after,
    reason: e.reason,
    orderId: e.orderId,
    by: e.by,
    byName: e.by === "store" ? null : e.byName,
    note: e.note,
    at: e.at.toISOString(),
  };
}
