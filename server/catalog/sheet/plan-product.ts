import type { z } from "zod";
import { PRODUCT_COLUMNS, type ReportLine, type RowProblem, type SheetColumn } from "@shared/catalog-sheet";
import { M, message, type MessageCode, type MessageParams } from "@shared/messages";
import { poishaToTk, tkToPoisha } from "@shared/money";
import { MAX_PHOTOS, photoList, type Photo } from "@shared/photos";
import { OptionSchema, ProductFields, VariantSchema, variantsProblem, type OptionInput } from "@shared/schemas/product";
import { MAX_OPTIONS, MAX_VARIANTS, SKU_PATTERN } from "@shared/variants";
import type { ProductRow, VariantRow } from "../../db/schema";
import { flagCell, numberCell, restore } from "./csv-cells";
import type { SheetRow } from "./read-sheet";

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

type Problems = Map<number, RowProblem[]>;

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

/** The variant of `existing` a row speaks of: by `variant_id` when given, else by SKU; none, a new one. */
function matchVariant(
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

function variantOf(v: VariantRow): PlannedVariant {
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
function planVariant(
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

/** The last part of an address or a path (`/uploads/x-800.webp` → `x-800.webp`): the file name the store knows. */
export function fileName(cell: string): string {
  return cell.trim().split("/").pop() ?? "";
}

/** The `images` cell: file names between `|`; empty leaves the photos as they are. Alt texts stay with their photo. */
function photosOf(
  cellText: string,
  existing: (ProductRow & { variants: VariantRow[] }) | undefined,
  catalog: Catalog,
  line: number,
  refuse: (line: number, column: SheetColumn | null, code: MessageCode, params?: MessageParams) => void,
): Photo[] | undefined {
  const names = cellText
    .split("|")
    .map(fileName)
    .filter((n) => n !== "");
  if (names.length === 0) return undefined;
  const before = existing ? photoList(existing) : [];
  const photos: Photo[] = [];
  for (const name of names) {
    const url = catalog.imageUrl.get(name);
    if (!url) {
      refuse(line, "images", M.sheet.image_unknown, { name: name.slice(0, 80) });
      return undefined;
    }
    const was = before.find((p) => p.url === url);
    photos.push({ url, alt: was?.alt ?? null, altBn: was?.altBn ?? null });
  }
  if (photos.length > MAX_PHOTOS) refuse(line, "images", M.photo.too_many);
  else if (new Set(photos.map((p) => p.url)).size !== photos.length) refuse(line, "images", M.photo.repeat);
  else return photos;
  return undefined;
}

function issuesBeside(
  error: z.ZodError,
  columnOf: (key: string) => SheetColumn | null,
  line: number,
  refuse: (line: number, column: SheetColumn | null, code: MessageCode) => void,
) {
  const said = new Set<string>();
  for (const issue of error.issues) {
    const column = columnOf(String(issue.path[0] ?? ""));
    // A cell's first refusal, as Edit Product shows one under its field (a price of 0 is not also under a poisha).
    const key = column ?? `:${issue.message}`;
    if (said.has(key)) continue;
    said.add(key);
    refuse(line, column, issue.message as MessageCode);
  }
}

/** The report's lines of a product and whether anything changes: a refused row refuses all of the product's rows. */
function finish({
  rows,
  problems,
  existing,
  fields,
  options,
  variants,
  name,
  fromRows = [],
}: {
  rows: SheetRow[];
  problems: Problems;
  existing: (ProductRow & { variants: VariantRow[] }) | undefined;
  fields: ProductFieldsChange;
  options: OptionInput[];
  variants: PlannedVariant[];
  name: string;
  fromRows?: { row: SheetRow; variant: PlannedVariant; before: VariantRow | undefined }[];
}): ProductPlan {
  const firstRefused = rows.find((r) => problems.get(r.line)!.length > 0);
  const productChanges = existing ? productColumnsChanged(existing, fields, options) : [];
  const lines = rows.map((row, i): ReportLine => {
    const sku = (row.cells.sku ?? "").trim();
    const base = { line: row.line, productId: existing?.id ?? null, name, sku, changes: [], problems: [] };
    const own = problems.get(row.line)!;
    if (firstRefused) {
      return {
        ...base,
        result: "refused",
        problems:
          own.length > 0 ? own : [{ column: null, ...message(M.sheet.other_row_refused, { line: firstRefused.line }) }],
      };
    }
    const planned = fromRows.find((r) => r.row === row);
    if (!existing || !planned?.before) return { ...base, result: "created" };
    const changes = [...(i === 0 ? productChanges : []), ...variantColumnsChanged(planned.before, planned.variant)];
    return { ...base, changes, result: changes.length > 0 ? "changed" : "unchanged" };
  });
  return {
    id: existing?.id ?? null,
    fields,
    options,
    variants,
    changes: !firstRefused && lines.some((l) => l.result !== "unchanged"),
    lines,
    refused: firstRefused !== undefined,
  };
}

function productColumnsChanged(
  p: ProductRow & { variants: VariantRow[] },
  fields: ProductFieldsChange,
  options: OptionInput[],
): SheetColumn[] {
  const changed: SheetColumn[] = [];
  const differs = (value: unknown, now: unknown) => value !== undefined && value !== now;
  if (differs(fields.name, p.name)) changed.push("name");
  if (differs(fields.nameBn, p.nameBn)) changed.push("name_bn");
  if (differs(fields.categoryId, p.categoryId)) changed.push("category");
  if (differs(fields.description, p.description)) changed.push("description");
  if (differs(fields.descriptionBn, p.descriptionBn)) changed.push("description_bn");
  if (differs(fields.details, p.details)) changed.push("details");
  if (differs(fields.featured, p.featured)) changed.push("featured");
  if (differs(fields.maxPerOrder, p.maxPerOrder)) changed.push("max_per_order");
  if (differs(fields.lowStockThreshold, p.lowStockThreshold)) changed.push("low_stock_threshold");
  const urls = (photos: Photo[]) => photos.map((ph) => ph.url).join("|");
  if (fields.images && urls(fields.images) !== urls(photoList(p))) changed.push("images");
  for (const [i, n] of [1, 2].entries()) {
    if ((options[i]?.name ?? "") !== (p.options[i]?.name ?? "")) changed.push(`option${n}_name` as SheetColumn);
    if ((options[i]?.nameBn ?? null) !== (p.options[i]?.nameBn ?? null) && options[i]) {
      changed.push(`option${n}_name_bn` as SheetColumn);
    }
  }
  return changed;
}

function variantColumnsChanged(before: VariantRow, v: PlannedVariant): SheetColumn[] {
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
