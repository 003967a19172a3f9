import { PRODUCT_COLUMNS, type SheetColumn } from "@shared/catalog-sheet";
import { M, message, type MessageCode, type MessageParams } from "@shared/messages";
import { OptionSchema, ProductFields, variantsProblem, type OptionInput } from "@shared/schemas/product";
import { MAX_OPTIONS, MAX_VARIANTS } from "@shared/variants";
import type { ProductRow, VariantRow } from "../../db/schema";
import { flagCell, numberCell, restore } from "./csv-cells";
import { photosOf } from "./plan-photos";
import { finish } from "./plan-report";
import {
  issuesBeside,
  type Catalog,
  type PlannedVariant,
  type Problems,
  type ProductFieldsChange,
  type ProductPlan,
} from "./plan-types";
import { matchVariant, planVariant, variantOf } from "./plan-variant";
import type { SheetRow } from "./read-sheet";

const PRODUCT_KEYS = {
  name: "name",
  nameBn: "name_bn",
  description: "description",
  descriptionBn: "description_bn",
  details: "details",
  featured: "featured",
  maxPerOrder: "max_per_order",
  lowStockThreshold: "low_stock_threshold",
} as const satisfies Record<string, SheetColumn>;

const SheetProductFields = ProductFields.pick({
  name: true,
  nameBn: true,
  description: true,
  descriptionBn: true,
  details: true,
  featured: true,
  maxPerOrder: true,
  lowStockThreshold: true,
}).partial();

/**
 * One product's rows, judged and turned into what the import would write: every refusal beside its row and
 * column, and when any row of it is refused, the product as a whole (its other rows say which line). The rules are
 * Edit Product's and the API's (the same schemas and messages); `columns` present in the file are its word, those
 * left out keep what the product has.
 */
export function planProduct(
  rows: SheetRow[],
  existingId: string | null,
  existing: (ProductRow & { variants: VariantRow[] }) | undefined,
  columns: Set<SheetColumn>,
  catalog: Catalog,
): ProductPlan {
  const problems: Problems = new Map(rows.map((r) => [r.line, []]));
  const first = rows[0]!;
  const refuse = (line: number, column: SheetColumn | null, code: MessageCode, params?: MessageParams) =>
    problems.get(line)!.push({ column, ...message(code, params) });
  const has = (column: SheetColumn) => columns.has(column);
  const cell = (row: SheetRow, column: SheetColumn): string => restore(row.cells[column] ?? "");

  if (existingId !== null && !existing) {
    refuse(first.line, "product_id", M.sheet.product_unknown);
    return finish({ rows, problems, existing, fields: {}, options: [], variants: [], name: "" });
  }

  // The product's own columns: its first row's, which its other rows leave empty or repeat.
  for (const row of rows.slice(1)) {
    for (const column of PRODUCT_COLUMNS) {
      const value = cell(row, column).trim();
      if (has(column) && value !== "" && value !== cell(first, column).trim()) {
        refuse(row.line, column, M.sheet.product_differs, { line: first.line });
      }
    }
  }

  const fields: ProductFieldsChange = {};
  const raw = {
    name: has("name") ? cell(first, "name") : undefined,
    nameBn: has("name_bn") ? cell(first, "name_bn") : undefined,
    description: has("description") ? cell(first, "description") : undefined,
    descriptionBn: has("description_bn") ? cell(first, "description_bn") : undefined,
    details: has("details") ? cell(first, "details") : undefined,
    featured: has("featured") ? flagCell(cell(first, "featured")) : undefined,
    maxPerOrder: has("max_per_order") ? (numberCell(cell(first, "max_per_order")) ?? null) : undefined,
    lowStockThreshold: has("low_stock_threshold")
      ? (numberCell(cell(first, "low_stock_threshold")) ?? null)
      : undefined,
  };
  // A tool's value as it has it is never refused (an older rule may have let it in): the schema judges changes.
  if (existing) {
    const now: Record<keyof typeof raw, unknown> = {
      name: existing.name,
      nameBn: existing.nameBn ?? "",
      description: existing.description,
      descriptionBn: existing.descriptionBn ?? "",
      details: existing.details,
      featured: existing.featured,
      maxPerOrder: existing.maxPerOrder,
      lowStockThreshold: existing.lowStockThreshold,
    };
    for (const key of Object.keys(raw) as (keyof typeof raw)[]) {
      const value = raw[key];
      if (value === now[key] || (typeof value === "string" && value.trim() === now[key])) raw[key] = undefined;
    }
  }
  const parsed = SheetProductFields.safeParse(raw);
  if (parsed.success) Object.assign(fields, parsed.data);
  else issuesBeside(parsed.error, (key) => PRODUCT_KEYS[key as keyof typeof PRODUCT_KEYS] ?? null, first.line, refuse);
  if (!existing) {
    if (fields.name === undefined && !has("name")) refuse(first.line, "name", M.product.name_required);
    if (fields.description === undefined && !has("description")) {
      refuse(first.line, "description", M.product.description_required);
    }
  }

  if (has("category")) {
    const slug = cell(first, "category").trim().toLowerCase() || "other";
    const categoryId = catalog.categoryIdOf.get(slug);
    if (categoryId) fields.categoryId = categoryId;
    else refuse(first.line, "category", M.sheet.category_unknown, { slug: slug.slice(0, 60) });
  }

  const images = has("images") ? photosOf(cell(first, "images"), existing, catalog, first.line, refuse) : undefined;
  if (images) fields.images = images;
  // A new tool needs photos: said once, unless the cell's photos were refused already.
  else if (!existing && !problems.get(first.line)!.some((p) => p.column === "images")) {
    refuse(first.line, "images", M.product.image_required);
  }

  // Options: named on the first row, or as the product has them; each variant gives its value of each.
  const named: { name: string; nameBn: string }[] = [];
  for (const n of [1, 2] as const) {
    const name = has(`option${n}_name`)
      ? cell(first, `option${n}_name`).trim()
      : (existing?.options[n - 1]?.name ?? "");
    const nameBn = has(`option${n}_name_bn`)
      ? cell(first, `option${n}_name_bn`).trim()
      : (existing?.options[n - 1]?.nameBn ?? "");
    named.push({ name, nameBn });
  }
  if (named[0]!.name === "" && named[1]!.name !== "") {
    refuse(first.line, "option1_name", M.variant_edit.option_name_required);
  }
  // A second option without a first is refused above; its values are then no variant's either.
  const optionNames = named[0]!.name === "" ? [] : named.slice(0, MAX_OPTIONS).filter((o) => o.name !== "");
  /** An existing variant's values under the options' names from now on: an option renamed keeps its values. */
  const valuesOf = (v: VariantRow): Record<string, string> =>
    Object.fromEntries(
      optionNames.flatMap((o, i) => {
        const before = existing?.options[i]?.name;
        const value = before === undefined ? undefined : v.options[before];
        return value === undefined ? [] : [[o.name, value]];
      }),
    );

  // The variants: one per row, matched to an existing one by its id, else its SKU; the others stay as they are.
  const matched = new Map<string, number>();
  const fromRows: { row: SheetRow; variant: PlannedVariant; before: VariantRow | undefined }[] = [];
  for (const row of rows) {
    const before = matchVariant(row, existing, cell, refuse);
    if (before) {
      const twice = matched.get(before.id);
      if (twice !== undefined) refuse(row.line, "sku", M.sheet.variant_twice, { line: twice });
      matched.set(before.id, row.line);
    }
    const variant = planVariant(row, before, before ? valuesOf(before) : {}, optionNames, {
      named: named.map((o) => o.name !== ""),
      has,
      cell,
      refuse,
      catalog,
    });
    if (variant) fromRows.push({ row, variant, before });
  }
  const planned = [...fromRows.filter((r) => r.before), ...fromRows.filter((r) => !r.before)];
  const byId = new Map(planned.flatMap((r) => (r.before ? [[r.before.id, r.variant] as const] : [])));
  // A variant no row gives (or whose row is refused, and so the product with it) stays as it is.
  const variants = [
    ...(existing?.variants ?? []).map(
      (v): PlannedVariant => byId.get(v.id) ?? { ...variantOf(v), options: valuesOf(v) },
    ),
    ...planned.filter((r) => !r.before).map((r) => r.variant),
  ];
  const variantRows = variants.map((v) => fromRows.find((r) => r.variant === v)?.row.line ?? first.line);

  const options = optionNames.map((o, i): OptionInput => {
    const before = existing?.options[i]?.values ?? [];
    const values = [...before];
    for (const v of variants) {
      const value = v.options[o.name];
      if (value !== undefined && !values.includes(value)) values.push(value);
    }
    return { name: o.name, nameBn: o.nameBn === "" ? null : o.nameBn, values };
  });
  for (const [i, option] of options.entries()) {
    const checked = OptionSchema.safeParse(option);
    if (!checked.success) {
      const onValues = checked.error.issues[0]!.path[0] === "values";
      // The values are the planned variants': a row refused already leaves its value out, and says why itself.
      if (onValues && fromRows.length < rows.length) continue;
      const column = onValues ? `option${i + 1}_value` : `option${i + 1}_name`;
      refuse(first.line, column as SheetColumn, checked.error.issues[0]!.message as MessageCode);
    }
  }
  if (variants.length > MAX_VARIANTS) refuse(first.line, "sku", M.variant_edit.variants_too_many);
  const whole = variantsProblem(
    options,
    variants.map((v, i) => ({ sku: v.sku || `#${i}`, options: v.options })),
  );
  if (whole && [...problems.values()].every((p) => p.length === 0)) {
    const [, i] = whole.path;
    const line = typeof i === "number" ? variantRows[i]! : first.line;
    const column: SheetColumn =
      whole.path[0] === "options" || whole.path.length === 1
        ? "option1_name"
        : whole.path[2] === "sku"
          ? "sku"
          : "option1_value";
    refuse(line, column, whole.code);
  }
  const most = fields.maxPerOrder !== undefined ? fields.maxPerOrder : (existing?.maxPerOrder ?? null);
  if (most !== null && variants.some((v) => v.minimumQuantity > most)) {
    refuse(first.line, "max_per_order", M.product.max_per_order_below_minimum);
  }
  const name = fields.name ?? existing?.name ?? "";
  return finish({ rows, problems, existing, fields, options, variants, name, fromRows });
}
