import type { Message } from "./messages";

/**
 * The catalog as a spreadsheet (`GET`/`POST /api/products.csv`, /dashboard/spreadsheet): one row per variant, the
 * product's own columns repeated on each of its rows. The order here is the export's; an import may leave columns
 * out (a column left out leaves that field as it is) but names no other. docs/catalog-spreadsheet.md explains each.
 */
export const SHEET_COLUMNS = [
  "product_id",
  "name",
  "name_bn",
  "category",
  "description",
  "description_bn",
  "details",
  "featured",
  "max_per_order",
  "low_stock_threshold",
  "images",
  "option1_name",
  "option1_name_bn",
  "option1_value",
  "option2_name",
  "option2_name_bn",
  "option2_value",
  "variant_id",
  "sku",
  "price",
  "stock",
  "minimum_quantity",
  "weight_grams",
  "variant_image",
] as const;
export type SheetColumn = (typeof SHEET_COLUMNS)[number];

/** The columns every file must have: which product a row is of, and which of its variants. */
export const REQUIRED_COLUMNS = ["product_id", "sku"] as const satisfies readonly SheetColumn[];

/** The columns of a product (the same on each of its rows); the others are its variant's. */
export const PRODUCT_COLUMNS = [
  "name",
  "name_bn",
  "category",
  "description",
  "description_bn",
  "details",
  "featured",
  "max_per_order",
  "low_stock_threshold",
  "images",
  "option1_name",
  "option1_name_bn",
  "option2_name",
  "option2_name_bn",
] as const satisfies readonly SheetColumn[];

/** Separates a product's photos in the `images` cell: file names hold no `|`. */
export const IMAGE_SEPARATOR = "|";

/** Most rows one file may hold, and its most bytes (the body limit): a 20 MB file is refused before it is read. */
export const MAX_SHEET_ROWS = 10_000;
export const MAX_SHEET_BYTES = 10 * 1024 * 1024;

/** What an import did, or would do, with one row. */
export type RowResult = "created" | "changed" | "unchanged" | "refused";

/** A refused row's reason, beside the column at fault (none: the row as a whole). */
export interface RowProblem extends Message {
  column: SheetColumn | null;
}

export interface ReportLine {
  /** The row's line in the file, the header being line 1. */
  line: number;
  result: RowResult;
  /** The product's id (null for one the import would create), its English name and the row's SKU, as given. */
  productId: string | null;
  name: string;
  sku: string;
  /** The columns whose value would change (changed rows), in the file's order. */
  changes: SheetColumn[];
  problems: RowProblem[];
}

export interface SheetReport {
  /** True when nothing was written: a dry run, or a refused import. */
  dryRun: boolean;
  applied: boolean;
  rows: number;
  products: { created: number; changed: number; unchanged: number; refused: number };
  variants: { created: number; changed: number; unchanged: number; refused: number };
  lines: ReportLine[];
}

/** A large import's progress, streamed as NDJSON lines before its report (`Accept: application/x-ndjson`). */
export interface SheetProgress {
  phase: "checking" | "writing";
  done: number;
  total: number;
}
