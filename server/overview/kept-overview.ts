import { KeptWhileUnchanged, perDatabase } from "../cache/kept-while-unchanged";
import type { Db } from "../db/client";
import { ordersVersion } from "../orders";
import * as figures from "./sql/overview-rows";

export interface PeriodFigures {
  revenue: figures.DayRevenue[];
  orders: figures.DayOrders[];
  top: figures.TopProduct[];
  methods: figures.MethodShare[];
}

/** A period's figures are kept at most a minute whatever the version says (see `ordersVersion`). Periods end
 * today: yesterday's keys are never asked for again, so a dozen is plenty. */
const figuresOf = perDatabase<Db, PeriodFigures>(() => new KeptWhileUnchanged({ keepMs: 60_000, maxEntries: 12 }));

async function read(db: Db, period: figures.Period): Promise<PeriodFigures> {
  const [revenue, orders, top, methods] = await Promise.all([
    figures.revenuePerDay(db, period),
    figures.ordersPerDay(db, period),
    figures.topProducts(db, period),
    figures.methodShares(db, period),
  ]);
  return { revenue, orders, top, methods };
}

/**
 * A period's figures, summed again only when the orders or their payments have changed (every payment, collection
 * and refund writes the order's history): at 200,000 orders a 90-day period sums some 50,000 orders and payments
 * (about 200 ms on two shared cores), and admins open the overview far more often than an order changes. Requests
 * that arrive while the figures are being summed wait for the same sums.
 */
export async function keptPeriodFigures(db: Db, period: figures.Period): Promise<PeriodFigures> {
  // The version is read first: a change committed while summing makes the next request sum again.
  const version = await ordersVersion(db);
  return figuresOf(db).get(`${period.first}/${period.last}`, version, () => read(db, period));
}
