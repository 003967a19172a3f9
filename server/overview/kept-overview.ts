import { KeptWhileUnchanged, perDatabase } from "../cache/kept-while-unchanged";
import type { ChangeVersion } from "../cache/change-version";
import type { Db } from "../db/client";
import { ordersVersion } from "../orders";
import * as figures from "./sql/overview-rows";

export interface PeriodFigures {
  revenue: figures.DayRevenue[];
  orders: figures.DayOrders[];
  top: figures.TopProduct[];
  methods: figures.MethodShare[];
}

/** What the orders and their payments owe or are owed now, whatever the period. */
export interface StandingFigures {
  cashToCollect: figures.CountAndSum;
  refundsDue: figures.CountAndSum;
}

/** A period's figures are kept at most a minute whatever the version says (see `ordersVersion`). Periods end
 * today: yesterday's keys are never asked for again, so a dozen is plenty. */
const figuresOf = perDatabase<Db, PeriodFigures>(() => new KeptWhileUnchanged({ keepMs: 60_000, maxEntries: 12 }));
const standingOf = perDatabase<Db, StandingFigures>(() => new KeptWhileUnchanged({ keepMs: 60_000, maxEntries: 1 }));

async function read(db: Db, period: figures.Period): Promise<PeriodFigures> {
  const [revenue, orders, top, methods] = await Promise.all([
    figures.revenuePerDay(db, period),
    figures.ordersPerDay(db, period),
    figures.topProducts(db, period),
    figures.methodShares(db, period),
  ]);
  return { revenue, orders, top, methods };
}

async function readStanding(db: Db): Promise<StandingFigures> {
  const [cashToCollect, refundsDue] = await Promise.all([figures.cashToCollect(db), figures.refundsDue(db)]);
  return { cashToCollect, refundsDue };
}

/**
 * A period's figures and the cash and refunds outstanding, summed again only when the orders or their payments have
 * changed (every payment, collection, confirmation, shipment and refund writes the order's history): at 200,000
 * orders a 90-day period sums some 50,000 orders and payments (about 200 ms on two shared cores), the cash to
 * collect weighs some 1,500 orders' payments (5–25 ms), and admins open the overview far more often than an order
 * changes. Requests that arrive while the figures are being summed wait for the same sums.
 */
export async function keptOrderFigures(db: Db, period: figures.Period): Promise<PeriodFigures & StandingFigures> {
  // The version is read first: a change committed while summing makes the next request sum again.
  const version = await ordersVersion(db);
  const [sums, standing] = await Promise.all([
    figuresOf(db).get(`${period.first}/${period.last}`, version, () => read(db, period)),
    standingOf(db).get("now", version, () => readStanding(db)),
  ]);
  return { ...sums, ...standing };
}

export interface StockFigures {
  lowStock: { items: figures.LowStockProduct[]; total: number };
  stockValue: figures.StockValue;
}

/**
 * The shelves' figures are kept while the catalog stays as it was (every change of a product's stock, price or
 * low-stock line moves its version, server/cache/change-version.ts), and at most a minute: the low stock's sales
 * rate looks back from now, so an order leaves its window with time alone. While the catalog's change feed is down
 * they are read each time.
 */
const stockFiguresOf = new WeakMap<ChangeVersion, KeptWhileUnchanged<StockFigures>>();

export async function keptStockFigures(
  db: Db,
  catalog: ChangeVersion,
  page: { limit: number; offset: number },
  now: Date,
): Promise<StockFigures> {
  const readStock = async () => {
    const [lowStock, stockValue] = await Promise.all([figures.lowStock(db, page, now), figures.stockValue(db)]);
    return { lowStock, stockValue };
  };
  if (!catalog.live) return readStock();
  let kept = stockFiguresOf.get(catalog);
  if (!kept) stockFiguresOf.set(catalog, (kept = new KeptWhileUnchanged({ keepMs: 60_000, maxEntries: 20 })));
  return kept.get(`${page.offset}/${page.limit}`, String(catalog.current), readStock);
}
