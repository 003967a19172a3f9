import type { ReportLine, SheetReport } from "@shared/catalog-sheet";
import { M, message } from "@shared/messages";
import { SKU_PATTERN } from "@shared/variants";
import { isId } from "../../orders";
import { planProduct } from "./plan-product";
import type { Catalog, ProductPlan } from "./plan-types";
import type { Sheet, SheetRow } from "./read-sheet";

/** Rows grouped by product, in the file's order: an id names a product; any other key groups a new one's rows. */
export function productGroups(sheet: Sheet): { id: string | null; rows: SheetRow[] }[] {
  const groups = new Map<string, { id: string | null; rows: SheetRow[] }>();
  for (const row of sheet.rows) {
    const key = (row.cells.product_id ?? "").trim().toLowerCase();
    const id = isId(key) ? key : null;
    const group = key === "" ? `#${row.line}` : key;
    const found = groups.get(group);
    if (found) found.rows.push(row);
    else groups.set(group, { id, rows: [row] });
  }
  return [...groups.values()];
}

/** The ids of the products a file names, and the SKUs it gives: what the planner reads of the store. */
export function namedInSheet(sheet: Sheet): { productIds: string[]; skus: string[] } {
  const groups = productGroups(sheet);
  return {
    productIds: groups.flatMap((g) => (g.id ? [g.id] : [])),
    // Only SKUs a variant could hold: any other is refused on its own row, and some (a NUL) no database text holds.
    skus: [
      ...new Set(
        sheet.rows
          .map((r) => (r.cells.sku ?? "").trim())
          .filter((s) => SKU_PATTERN.test(s))
          .map((s) => s.toLowerCase()),
      ),
    ],
  };
}

/**
 * The whole file judged: each product planned on its own (plan-product.ts), then what only the whole file shows —
 * a SKU given twice in it, or held by another tool's variant. `skuOwners`: lower-case SKU → the product whose live
 * variant has it.
 */
export function planSheet(
  sheet: Sheet,
  catalog: Catalog,
  skuOwners: Map<string, string>,
  onProduct: (done: number, total: number) => void = () => undefined,
): { plans: ProductPlan[]; report: SheetReport } {
  const groups = productGroups(sheet);
  const plans: ProductPlan[] = [];
  const skuLine = new Map<string, { line: number; product: string }>();
  for (const [i, group] of groups.entries()) {
    const existing = group.id ? catalog.products.get(group.id) : undefined;
    let plan = planProduct(group.rows, group.id, existing, sheet.columns, catalog);
    const owner = group.id ?? `#${group.rows[0]!.line}`;
    const clashes: { line: number; said: ReportLine["problems"][number] }[] = [];
    for (const row of group.rows) {
      const sku = (row.cells.sku ?? "").trim();
      if (sku === "") continue;
      const lower = sku.toLowerCase();
      const earlier = skuLine.get(lower);
      if (earlier && earlier.product !== owner) {
        clashes.push({
          line: row.line,
          said: { column: "sku", ...message(M.sheet.sku_in_file, { line: earlier.line }) },
        });
      } else if (!earlier) skuLine.set(lower, { line: row.line, product: owner });
      const holder = skuOwners.get(lower);
      if (holder !== undefined && holder !== group.id) {
        clashes.push({ line: row.line, said: { column: "sku", ...message(M.variant_edit.sku_taken, { sku }) } });
      }
    }
    if (clashes.length > 0) plan = refusedWith(plan, clashes);
    plans.push(plan);
    onProduct(i + 1, groups.length);
  }
  return { plans, report: reportOf(sheet, plans) };
}

/** A plan refused for what the whole file shows: its rows say so, the first refused row named on the others. */
function refusedWith(
  plan: ProductPlan,
  clashes: { line: number; said: ReportLine["problems"][number] }[],
): ProductPlan {
  const firstLine = Math.min(
    ...clashes.map((c) => c.line),
    ...plan.lines
      .filter((l) => l.result === "refused" && l.problems.some((p) => p.code !== M.sheet.other_row_refused))
      .map((l) => l.line),
  );
  const lines = plan.lines.map((l): ReportLine => {
    const own = [
      ...l.problems.filter((p) => p.code !== M.sheet.other_row_refused),
      ...clashes.filter((c) => c.line === l.line).map((c) => c.said),
    ];
    return {
      ...l,
      result: "refused",
      changes: [],
      problems: own.length > 0 ? own : [{ column: null, ...message(M.sheet.other_row_refused, { line: firstLine }) }],
    };
  });
  return { ...plan, lines, refused: true, changes: false };
}

function reportOf(sheet: Sheet, plans: ProductPlan[]): SheetReport {
  const lines = plans.flatMap((p) => p.lines).sort((a, b) => a.line - b.line);
  const count = (results: string[]) => ({
    created: results.filter((r) => r === "created").length,
    changed: results.filter((r) => r === "changed").length,
    unchanged: results.filter((r) => r === "unchanged").length,
    refused: results.filter((r) => r === "refused").length,
  });
  const productResult = (p: ProductPlan) =>
    p.refused ? "refused" : p.id === null ? "created" : p.changes ? "changed" : "unchanged";
  return {
    dryRun: true,
    applied: false,
    rows: sheet.rows.length,
    products: count(plans.map(productResult)),
    variants: count(lines.map((l) => l.result)),
    lines,
  };
}
