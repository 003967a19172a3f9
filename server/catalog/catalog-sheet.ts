import type { SheetProgress, SheetReport } from "@shared/catalog-sheet";
import { M } from "@shared/messages";
import { adminOnly } from "../context/actor";
import type { RequestContext } from "../context/request-context";
import { AppError, invalid } from "../errors";
import { withinLimits } from "../limits/within-limits";
import { changingCatalog } from "./catalog-change";
import { namedInSheet, planSheet } from "./sheet/plan-sheet";
import { fileName } from "./sheet/plan-photos";
import { readSheet, type Sheet } from "./sheet/read-sheet";
import { catalogCsv } from "./sheet/sheet-export";
import { categorySlugs, imageAddresses, productsWithVariants, skuHolders } from "./sql/sheet-rows";
import { lockProducts, writePlans } from "./sql/sheet-writes";
import type { Db } from "../db/client";

/** The catalog as CSV, every product and variant (docs/catalog-spreadsheet.md): for an admin. */
export async function exportCatalog(ctx: RequestContext): Promise<AsyncGenerator<string>> {
  adminOnly(await ctx.actor());
  return catalogCsv(ctx.db);
}

export interface ImportOptions {
  dryRun: boolean;
  onProgress?: (progress: SheetProgress) => void;
}

/**
 * An admin's spreadsheet of the catalog, judged row by row (what would be created, changed or refused, and why)
 * and, unless it is a dry run, written all or nothing in one transaction under the row locks of the products it
 * changes: a file with any refused row writes nothing and is refused (400) with its report.
 */
export async function importCatalog(ctx: RequestContext, csv: unknown, options: ImportOptions): Promise<SheetReport> {
  const admin = adminOnly(await ctx.actor());
  if (typeof csv !== "string" || csv.trim() === "") throw invalid(M.sheet.empty);
  const sheet = readSheet(csv);
  await withinLimits(ctx, "import", admin);
  const progress = options.onProgress ?? (() => undefined);
  if (options.dryRun) return (await judge(ctx, ctx.db, sheet, progress)).report;

  const report = await changingCatalog(
    ctx,
    ctx.db.transaction(async (tx) => {
      await lockProducts(tx, namedInSheet(sheet).productIds);
      const { plans, report } = await judge(ctx, tx, sheet, progress);
      if (report.products.refused > 0) {
        throw new AppError("invalid", M.sheet.refused, {
          params: { count: report.variants.refused },
          extra: { report },
        });
      }
      const writing = plans.filter((p) => p.id === null || p.changes);
      const every = Math.max(1, Math.ceil(writing.length / 20));
      await writePlans(tx, writing, admin.id, (done) => {
        if (done % every === 0 || done === writing.length) progress({ phase: "writing", done, total: writing.length });
      });
      return report;
    }),
  );
  return { ...report, dryRun: false, applied: true };
}

async function judge(ctx: RequestContext, db: Db, sheet: Sheet, progress: (p: SheetProgress) => void) {
  const { productIds, skus } = namedInSheet(sheet);
  const imageNames = sheet.rows.flatMap((r) => [
    ...(r.cells.images ?? "").split("|").map(fileName),
    fileName(r.cells.variant_image ?? ""),
  ]);
  // One after another: on an import they share the transaction's one connection.
  const products = await productsWithVariants(db, productIds);
  const holders = await skuHolders(db, skus);
  const categories = await categorySlugs(db);
  const imageUrl = await imageAddresses(
    db,
    ctx.images,
    imageNames.filter((n) => n !== ""),
  );
  const catalog = { products, categoryIdOf: categories.idOf, slugOf: categories.slugOf, imageUrl };
  // Some twenty lines of progress, however many tools the file holds.
  return planSheet(sheet, catalog, holders, (done, total) => {
    if (done % Math.max(1, Math.ceil(total / 20)) === 0 || done === total) progress({ phase: "checking", done, total });
  });
}
