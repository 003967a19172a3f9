import type { SheetColumn } from "@shared/catalog-sheet";
import { M, type MessageCode, type MessageParams } from "@shared/messages";
import { poishaToTk, tkToPoisha } from "@shared/money";
import { VariantSchema } from "@shared/schemas/product";
import { SKU_PATTERN } from "@shared/variants";
import type { ProductRow, VariantRow } from "../../db/schema";
import { numberCell } from "./csv-cells";
import { fileName } from "./plan-photos";
import { issuesBeside, type Catalog, type PlannedVariant } from "./plan-types";
import type { SheetRow } from "./read-sheet";

const VARIANT_KEYS: Record<string, SheetColumn> = {
  id: "variant_id",
  sku: "sku",
  options: "option1_value",
  price: "price",
  availability: "stock",
  minimumQuantity: "minimum_quantity",
  weight: "weight_grams",
  image: "variant_image",
};

/** The variant of `existing` a row speaks of: by `variant_id` when given, else by SKU; none, a new one. */
export function matchVariant(
  row: SheetRow,
  existing: (ProductRow & { variants: VariantRow[] }) | undefined,
  cell: (row: SheetRow, column: SheetColumn) => string,
  refuse: (line: number, column: SheetColumn | null, code: MessageCode, params?: MessageParams) => void,
): VariantRow | undefined {
  const id = cell(row, "variant_id").trim().toLowerCase();
  const sku = cell(row, "sku").trim().toLowerCase();
  if (id !== "") {
    const found = existing?.variants.find((v) => v.id === id);
    if (!found) refuse(row.line, "variant_id", M.variant_edit.unknown_id);
    return found;
  }
  return sku === "" ? undefined : existing?.variants.find((v) => v.sku.toLowerCase() === sku);
}

export function variantOf(v: VariantRow): PlannedVariant {
  return {
    id: v.id,
    sku: v.sku,
    options: v.options,
    pricePoisha: v.pricePoisha,
    minimumQuantity: v.minimumQuantity,
    weightGrams: v.weightGrams,
  };
}

/** A row's variant as the schemas of Edit Product judge it; null when refused (the refusals are said). */
export function planVariant(
  row: SheetRow,
  before: VariantRow | undefined,
  values: Record<string, string>,
  optionNames: { name: string }[],
  {
    named,
    has,
    cell,
    refuse,
    catalog,
  }: {
    /** Whether the file (or the product) names option 1 and option 2. */
    named: boolean[];
    has: (column: SheetColumn) => boolean;
    cell: (row: SheetRow, column: SheetColumn) => string;
    refuse: (line: number, column: SheetColumn | null, code: MessageCode, params?: MessageParams) => void;
    catalog: Catalog;
  },
): PlannedVariant | null {
  const sku = cell(row, "sku").trim();
  let refused = false;
  if (sku !== "" && !SKU_PATTERN.test(sku)) {
    refuse(row.line, "sku", M.variant_edit.sku_invalid);
    refused = true;
  }
  const options: Record<string, string> = {};
  for (const [i, o] of optionNames.entries()) {
    const column = `option${i + 1}_value` as SheetColumn;
    const value = has(column) ? cell(row, column).trim() : (values[o.name] ?? "");
    if (value === "") {
      refuse(row.line, column, M.sheet.option_value_missing, { option: o.name });
      refused = true;
    } else options[o.name] = value;
  }
  // The value columns of the options the product does not have (none of two, or the second of one).
  for (let n = optionNames.length + 1; n <= 2; n++) {
    if (named[n - 1]) continue;
    if (has(`option${n}_value` as SheetColumn) && cell(row, `option${n}_value` as SheetColumn).trim() !== "") {
      refuse(row.line, `option${n}_value` as SheetColumn, M.sheet.option_value_without_name, { n });
      refused = true;
    }
  }
  let image: string | null | undefined;
  if (has("variant_image")) {
    const name = fileName(cell(row, "variant_image"));
    if (name === "") image = null;
    else {
      image = catalog.imageUrl.get(name) ?? undefined;
      if (image === undefined) {
        refuse(row.line, "variant_image", M.sheet.image_unknown, { name: name.slice(0, 80) });
        refused = true;
      }
    }
  }
  const raw = {
    id: before?.id,
    sku: "X",
    options,
    price: has("price") ? numberCell(cell(row, "price")) : before && poishaToTk(before.pricePoisha),
    availability: has("stock") ? numberCell(cell(row, "stock")) : undefined,
    minimumQuantity: has("minimum_quantity") ? numberCell(cell(row, "minimum_quantity")) : before?.minimumQuantity,
    weight: has("weight_grams") ? numberCell(cell(row, "weight_grams")) : before?.weightGrams,
  };
  const parsed = VariantSchema.safeParse(raw);
  if (!parsed.success) {
    issuesBeside(parsed.error, (key) => VARIANT_KEYS[key] ?? null, row.line, refuse);
    return null;
  }
  if (refused) return null;
  const v = parsed.data;
  return {
    ...(before ? { id: before.id } : {}),
    sku: sku === "" ? (before?.sku ?? "") : sku,
    options,
    pricePoisha: tkToPoisha(v.price),
    ...(v.availability !== undefined ? { availability: v.availability } : {}),
    minimumQuantity: v.minimumQuantity,
    weightGrams: v.weight,
    ...(image !== undefined ? { image } : {}),
  };
}

/** The columns of a row whose variant would change. */
export function variantColumnsChanged(before: VariantRow, v: PlannedVariant): SheetColumn[] {
  const changed: SheetColumn[] = [];
  if (v.sku !== before.sku) changed.push("sku");
  const keys = Object.keys(v.options);
  for (const [i, key] of keys.entries()) {
    if (v.options[key] !== before.options[key]) changed.push(`option${i + 1}_value` as SheetColumn);
  }
  if (v.pricePoisha !== before.pricePoisha) changed.push("price");
  if (v.availability !== undefined && v.availability !== before.availability) changed.push("stock");
  if (v.minimumQuantity !== before.minimumQuantity) changed.push("minimum_quantity");
  if (v.weightGrams !== before.weightGrams) changed.push("weight_grams");
  if (v.image !== undefined && v.image !== before.image) changed.push("variant_image");
  return changed;
}
