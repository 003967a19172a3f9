import type { Db } from "../db/client";
import { ordersVersion } from "../orders";
import * as figures from "./sql/overview-rows";

/** How long a period's figures are kept at most, whatever the version says (see `ordersVersion`). */
const KEEP_MS = 60_000;

export interface PeriodFigures {
  revenue: figures.DayRevenue[];
  orders: figures.DayOrders[];
  top: figures.TopProduct[];
  methods: figures.MethodShare[];
}

interface Kept {
  version: string;
  at: number;
  figures: Promise<PeriodFigures>;
}

const keptByDb = new WeakMap<Db, Map<string, Kept>>();

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
  let kept = keptByDb.get(db);
  if (!kept) keptByDb.set(db, (kept = new Map()));
  const key = `${period.first}/${period.last}`;
  // The version is read first: a change committed while summing makes the next request sum again.
  const version = await ordersVersion(db);
  const entry = kept.get(key);
  if (entry && entry.version === version && Date.now() - entry.at < KEEP_MS) return entry.figures;
  const summed = read(db, period);
  kept.delete(key);
  kept.set(key, { version, at: Date.now(), figures: summed });
  // A failed sum is not kept.
  summed.catch(() => {
    if (kept.get(key)?.figures === summed) kept.delete(key);
  });
  // Periods end today: yesterday's keys are never asked for again.
  if (kept.size > 12) kept.delete(kept.keys().next().value!);
  return summed;
}
