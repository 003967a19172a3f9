import { z } from "zod";
import { M, type MessageCode } from "@shared/messages";
import { ADMIN_STOCK_REASONS } from "@shared/stock-ledger";
import { limitParam, pageParam } from "./list-query";
import { text } from "./text";

/** The most pieces one receipt, count or write-off may move. */
export const MAX_STOCK_CHANGE = 1_000_000;
export const MAX_STOCK_NOTE_LENGTH = 200;

const pieces = (wrong: MessageCode) =>
  z
    .number({ error: (issue) => (issue.input === undefined ? M.stock.change_required : wrong) })
    .int(wrong)
    .min(-MAX_STOCK_CHANGE, wrong)
    .max(MAX_STOCK_CHANGE, wrong);

/**
 * An admin's word on a product's stock (`POST /api/product/{id}/stock`, /dashboard/stock): pieces `received` from a
 * supplier (a positive change), `damaged` ones written off (negative), or a stock-take `counted` — as the change
 * found, or as the `count` on the shelf, from which the store reckons the change under the row's lock.
 */
export const StockChangeSchema = z
  .object({
    reason: z.enum(ADMIN_STOCK_REASONS, { error: M.stock.reason_unknown }),
    /** Which of the product's variants; absent for a product sold in one form. */
    variantId: z
      .string({ error: M.variant.not_found })
      .max(100, M.variant.not_found)
      .optional()
      .transform((id) => id || undefined),
    change: pieces(M.stock.change_invalid).optional(),
    count: pieces(M.stock.count_invalid).min(0, M.stock.count_invalid).optional(),
    note: text({
      max: MAX_STOCK_NOTE_LENGTH,
      required: M.stock.note_not_text,
      tooLong: M.stock.note_too_long,
      unsafe: M.stock.note_unsafe,
      optional: true,
    })
      .nullable()
      .optional()
      .transform((note) => note || null),
  })
  .superRefine(({ reason, change, count }, ctx) => {
    const refuse = (message: string, path: string) => ctx.addIssue({ code: "custom", message, path: [path] });
    if (count !== undefined && reason !== "counted") return refuse(M.stock.count_only_counted, "count");
    if (count !== undefined && change !== undefined) return refuse(M.stock.change_or_count, "count");
    if (count !== undefined) return;
    if (change === undefined) return refuse(M.stock.change_required, "change");
    if (change === 0) return refuse(M.stock.change_invalid, "change");
    if (reason === "received" && change < 0) return refuse(M.stock.received_positive, "change");
    if (reason === "damaged" && change > 0) return refuse(M.stock.damaged_negative, "change");
  });
export type StockChangeInput = z.input<typeof StockChangeSchema>;
export type StockChange = z.output<typeof StockChangeSchema>;

/** A product's ledger: the page, newest changes first. */
export const StockLedgerQuery = z.object({ page: pageParam, limit: limitParam });
