import { M, message } from "@shared/messages";
import { MAX_PAGE_SIZE, type Page } from "@shared/list-page";
import { StockChangeSchema, StockLedgerQuery } from "@shared/schemas/stock";
import { changingCatalog, lockShelves, pickVariant, selectProduct } from "../catalog";
import { adminOnly } from "../context/actor";
import { key, parseInput } from "../context/parse";
import type { RequestContext } from "../context/request-context";
import { AppError, fieldRefusal, notFound } from "../errors";
import { withinLimits } from "../limits/within-limits";
import { isId } from "../orders";
import { offsetPage } from "../paging/offset-page";
import { selectLedger, type LedgerEntry } from "./sql/ledger-rows";
import { moveStock } from "./sql/stock-moves";

export type { LedgerEntry } from "./sql/ledger-rows";

/** `GET /api/product/{id}/stock`, /dashboard/stock: a page of a product's ledger, newest first; admins only. */
export async function stockLedger(
  ctx: RequestContext,
  productId: unknown,
  raw: unknown = {},
): Promise<Page<LedgerEntry>> {
  adminOnly(await ctx.actor());
  const input = parseInput(StockLedgerQuery, raw);
  const shelf = await selectProduct(ctx.db, key(productId));
  const { page, limit, offset } = offsetPage(input, MAX_PAGE_SIZE);
  const { items, total } = await selectLedger(ctx.db, shelf, { offset, limit });
  return { items, total, page, limit };
}

/**
 * `POST /api/product/{id}/stock`: an admin records pieces received, a stock-take or pieces damaged. The change is
 * reckoned and applied under the product's row lock, so an order taking pieces at the same moment is counted
 * once; the stock never falls below zero. Answers the change and the stock after it.
 */
export async function recordStockChange(ctx: RequestContext, productId: unknown, raw: unknown) {
  const admin = adminOnly(await ctx.actor());
  const input = parseInput(StockChangeSchema, raw);
  const id = key(productId);
  if (!isId(id)) throw notFound(M.product.not_found);
  await withinLimits(ctx, "stock", admin);
  return changingCatalog(
    ctx,
    ctx.db.transaction(async (tx) => {
      const shelves = await lockShelves(tx, id);
      if (!shelves) throw notFound(M.product.not_found);
      if (input.variantId && !isId(input.variantId.toLowerCase())) throw notFound(M.variant.not_found);
      const variant = pickVariant(shelves.variants, input.variantId);
      const stock = variant.availability;
      const change = input.count !== undefined ? input.count - stock : input.change!;
      if (change === 0) throw fieldRefusal("count", M.stock.unchanged);
      if (stock + change < 0) throw belowZero(stock);
      const after = await moveStock(tx, [{ productId: id, variantId: variant.id, change }], {
        reason: input.reason,
        by: "admin",
        byUserId: admin.id,
        note: input.note,
      });
      return {
        change,
        variantId: variant.id,
        after: after.variants.get(variant.id)!.availability,
        productAfter: after.products.get(id)!.availability,
      };
    }),
  );
}

/** A write-off of more pieces than the shelf holds: a conflict with the stock as it is, said beside the change. */
function belowZero(stock: number): AppError {
  const said = message(M.stock.below_zero, { stock });
  return new AppError("conflict", said.code, { params: { stock }, issues: [{ field: "change", ...said }] });
}
