import type { ReportLine, SheetColumn } from "@shared/catalog-sheet";
import { M, message } from "@shared/messages";
import { photoList, type Photo } from "@shared/photos";
import type { OptionInput } from "@shared/schemas/product";
import type { ProductRow, VariantRow } from "../../db/schema";
import { variantColumnsChanged } from "./plan-variant";
import type { PlannedVariant, Problems, ProductFieldsChange, ProductPlan } from "./plan-types";
import type { SheetRow } from "./read-sheet";

/** The report's lines of a product and whether anything changes: a refused row refuses all of the product's rows. */
export function finish({
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
