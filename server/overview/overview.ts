import { PAGE_SIZE } from "@shared/list-page";
import { OverviewQuery } from "@shared/schemas/overview";
import { keptOrderFigures, keptStockFigures } from "./kept-overview";
import * as figures from "./sql/overview-rows";
import { adminOnly } from "../context/actor";
import { parseInput } from "../context/parse";
import type { RequestContext } from "../context/request-context";

export type { DayOrders, DayRevenue, LowStockProduct, MethodShare, TopProduct } from "./sql/overview-rows";

export type Overview = Awaited<ReturnType<typeof shopOverview>>;

/**
 * The admins' overview of the shop for a period of 7, 30 or 90 days ending today: money kept and orders placed per
 * day, the best-selling products, how buyers paid; and, whatever the period, the products running low (a page of
 * them, with the days their stock lasts at the recent sales rate), the cash on delivery still to collect, the
 * refunds due, what the stock on the shelves is worth, the cash couriers hold and the fees they kept in the period.
 */
export async function shopOverview(ctx: RequestContext, raw: Record<string, string>) {
  const actor = await ctx.actor();
  adminOnly(actor);
  const query = parseInput(OverviewQuery, raw);
  const now = ctx.now?.() ?? new Date();
  const period = figures.periodEnding(now, query.days);
  const page = query.page ?? 1;
  const { db } = ctx;
  const [sums, shelves, held, fees] = await Promise.all([
    keptOrderFigures(db, period),
    keptStockFigures(db, ctx.catalogVersion, { limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE }, now),
    figures.cashHeldByCouriers(db),
    figures.courierFees(db, period),
  ]);
  return {
    days: query.days,
    period: { first: period.first, last: period.last },
    revenue: sums.revenue,
    orders: sums.orders,
    top: sums.top,
    methods: sums.methods,
    lowStock: { ...shelves.lowStock, page, limit: PAGE_SIZE },
    cashToCollect: sums.cashToCollect,
    refundsDue: sums.refundsDue,
    stockValue: shelves.stockValue,
    couriers: { held, fees },
  };
}
