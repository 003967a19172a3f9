import { z } from "zod";
import { STOCK_ACTORS, STOCK_REASONS } from "@shared/stock-ledger";
import { named } from "../openapi/schema-names";
import type { LedgerEntry } from "./sql/ledger-rows";

/** One row of a product's stock ledger as the API answers it. */
export const StockEntryJson = named(
  "StockEntryJson",
  z.object({
    _id: z.string().meta({ description: "The row's number in the ledger, as text." }),
    variantId: z
      .string()
      .meta({ description: "The variant whose stock moved (the product's only one, without options)." }),
    sku: z.string(),
    variant: z
      .string()
      .nullable()
      .meta({ description: 'The variant\'s option values, "12 mm · 300 mm"; null without options.' }),
    change: z.number().int().meta({ description: "Pieces added (positive) or taken (negative)." }),
    after: z.number().int().meta({ description: "The variant's stock after the change." }),
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
    variantId: z.string().meta({ description: "The variant whose stock moved." }),
    Availability: z.number().int().meta({ description: "The variant's stock after the change." }),
    productAvailability: z.number().int().meta({ description: "The product's stock after it: all its variants'." }),
  }),
);

export function stockEntryJson(e: LedgerEntry): StockEntryJson {
  return {
    _id: String(e.id),
    variantId: e.variantId,
    sku: e.sku,
    variant: e.variant,
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
