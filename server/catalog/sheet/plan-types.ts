import type { z } from "zod";
import type { ReportLine, RowProblem, SheetColumn } from "@shared/catalog-sheet";
import type { MessageCode, MessageParams } from "@shared/messages";
import type { Photo } from "@shared/photos";
import type { OptionInput } from "@shared/schemas/product";
import type { ProductRow, VariantRow } from "../../db/schema";

/** What the planner knows of the store: the products the file names, SKUs and categories, the images it has. */
export interface Catalog {
  products: Map<string, ProductRow & { variants: VariantRow[] }>;
  categoryIdOf: Map<string, string>;
  slugOf: Map<string, string>;
  /** An image's file name → its address, or null when the store has no such image. */
  imageUrl: Map<string, string | null>;
}

/** A variant as the import leaves it: `id` for one that exists, `availability` only when its stock is counted. */
export interface PlannedVariant {
  id?: string;
  /** Empty: a new variant the store names (shared/variants.ts `defaultSku`). */
  sku: string;
  options: Record<string, string>;
  pricePoisha: number;
  availability?: number;
  minimumQuantity: number;
  weightGrams: number;
  /** Undefined: as it is. */
  image?: string | null;
}

export interface ProductFieldsChange {
  name?: string;
  nameBn?: string | null;
  description?: string;
  descriptionBn?: string | null;
  details?: string;
  featured?: boolean;
  maxPerOrder?: number | null;
  lowStockThreshold?: number | null;
  categoryId?: string;
  images?: Photo[];
}

export interface ProductPlan {
  /** The product's id, or null for a new one. */
  id: string | null;
  fields: ProductFieldsChange;
  options: OptionInput[];
  variants: PlannedVariant[];
  /** Whether anything would change: a new product, or a change of one of its fields or variants. */
  changes: boolean;
  lines: ReportLine[];
  refused: boolean;
}

/** Each row's refusals, by its line. */
export type Problems = Map<number, RowProblem[]>;

/** Says a refusal beside a row's column (none: the row as a whole). */
export type Refuse = (line: number, column: SheetColumn | null, code: MessageCode, params?: MessageParams) => void;

/**
 * A refusal of a schema, said beside the row's columns: each cell's first refusal, as Edit Product shows one under
 * its field (a price of 0 is not also under a poisha).
 */
export function issuesBeside(
  error: z.ZodError,
  columnOf: (key: string) => SheetColumn | null,
  line: number,
  refuse: (line: number, column: SheetColumn | null, code: MessageCode) => void,
) {
  const said = new Set<string>();
  for (const issue of error.issues) {
    const column = columnOf(String(issue.path[0] ?? ""));
    const key = column ?? `:${issue.message}`;
    if (said.has(key)) continue;
    said.add(key);
    refuse(line, column, issue.message as MessageCode);
  }
}
