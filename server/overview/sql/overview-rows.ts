import { sql, type SQL } from "drizzle-orm";
import { ORDER_STATUSES, type OrderStatus } from "@shared/order-flow";
import { addDays, SHOP_TIME_ZONE, shopDay, shopMidnight } from "@shared/shop-time";
import type { Db } from "../../db/client";
import {
  consignment,
  courierPayout,
  order,
  orderLine,
  payment,
  product,
  stockEntry,
  type PaymentProviderName,
} from "../../db/schema";
import { SALES_RATE_DAYS } from "@shared/stock-ledger";

/** The days an overview covers: from the first shop's day to the last, both included, and the instants they span. */
export interface Period {
  first: string;
  last: string;
  start: Date;
  end: Date;
}

/** The last `days` shop's days, today included. */
export function periodEnding(now: Date, days: number): Period {
  const last = shopDay(now);
  const first = addDays(last, 1 - days);
  return { first, last, start: shopMidnight(first), end: shopMidnight(addDays(last, 1)) };
}

export interface DayRevenue {
  day: string;
  poisha: number;
}

export interface DayOrders {
  day: string;
  byStatus: Record<OrderStatus, number>;
}

export interface TopProduct {
  /** Null when the product has since been deleted: its orders keep its name. */
  productId: string | null;
  name: string;
  poisha: number;
  pieces: number;
}

export interface MethodShare {
  provider: PaymentProviderName;
  payments: number;
  poisha: number;
}

export interface LowStockProduct {
  id: string;
  name: string;
  nameBn: string | null;
  availability: number;
  line: number;
  /** Pieces orders took in the last SALES_RATE_DAYS days, less those given back (its stock ledger). */
  sold: number;
  /** How many days the stock lasts at that rate (rounded down); null when nothing sold. */
  daysLeft: number | null;
}

export interface StockValue {
  /** Every piece on the shelves. */
  pieces: number;
  /** Their worth at today's prices. */
  poisha: number;
}

export interface CountAndSum {
  count: number;
  poisha: number;
}

// Both drivers (node-postgres and PGlite) answer with { rows }; node-postgres gives bigint sums as text.
async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** The money the shop keeps: succeeded payments (cash collected on delivery included), by when they came. */
const kept = (period: Period) =>
  sql`${payment.status} = 'succeeded' and ${payment.createdAt} >= ${period.start.toISOString()}::timestamptz and ${payment.createdAt} < ${period.end.toISOString()}::timestamptz`;

/** An instant's shop day, in SQL. */
const dayOf = (column: unknown) => sql`(${column} at time zone ${SHOP_TIME_ZONE})::date`;

/** Every day of the period, in SQL, as `d(day)` (a date). */
const daysOf = (period: Period) =>
  sql`generate_series(${period.first}::date, ${period.last}::date, interval '1 day') as g(at) cross join lateral (select g.at::date as day) d`;

/** Money kept per day, every day of the period included (0 on a day without any). */
export async function revenuePerDay(db: Db, period: Period): Promise<DayRevenue[]> {
  const rows = await rowsOf<{ day: string; poisha: string | number }>(
    db,
    sql`with per_day as (
          select ${dayOf(payment.createdAt)} as day, sum(${payment.amountPoisha}) as poisha
          from ${payment} where ${kept(period)} group by 1
        )
        select to_char(d.day, 'YYYY-MM-DD') as day, coalesce(per_day.poisha, 0)::bigint as poisha
        from ${daysOf(period)} left join per_day on per_day.day = d.day
        order by d.day`,
  );
  return rows.map((r) => ({ day: r.day, poisha: Number(r.poisha) }));
}

const noOrders = () => Object.fromEntries(ORDER_STATUSES.map((s) => [s, 0])) as Record<OrderStatus, number>;

/** Orders placed per day, split by the status they are in now. */
export async function ordersPerDay(db: Db, period: Period): Promise<DayOrders[]> {
  const rows = await rowsOf<{ day: string; status: OrderStatus | null; n: string | number }>(
    db,
    sql`with per_day as (
          select ${dayOf(order.createdAt)} as day, ${order.status} as status, count(*) as n
          from ${order} where ${order.createdAt} >= ${period.start.toISOString()}::timestamptz
            and ${order.createdAt} < ${period.end.toISOString()}::timestamptz
          group by 1, 2
        )
        select to_char(d.day, 'YYYY-MM-DD') as day, per_day.status, coalesce(per_day.n, 0)::bigint as n
        from ${daysOf(period)} left join per_day on per_day.day = d.day
        order by d.day`,
  );
  const days = new Map<string, DayOrders>();
  for (const r of rows) {
    const day = days.get(r.day) ?? { day: r.day, byStatus: noOrders() };
    if (r.status) day.byStatus[r.status] = Number(r.n);
    days.set(r.day, day);
  }
  return [...days.values()];
}

/**
 * The products that brought the most money in the period: every line of the orders whose payment was kept then, a
 * product's pieces and money (order_line.amount_poisha, the goods without the delivery charge) summed over all of
 * them. Lines of a deleted product keep its name (and lose the link); a product is named as the latest of those
 * orders names it. An order row without lines (none the store writes: every order gets its lines as it is placed,
 * and the migration that brought lines gave every older order its own) counts as its first line.
 */
export async function topProducts(db: Db, period: Period, limit = 10): Promise<TopProduct[]> {
  const rows = await rowsOf<{
    product_id: string | null;
    name: string;
    poisha: string | number;
    pieces: string | number;
  }>(
    db,
    sql`with sold as (
          select case when ${orderLine.orderId} is null then ${order.productId} else ${orderLine.productId} end
                   as product_id,
                 case when ${orderLine.orderId} is null then ${order.productName} else ${orderLine.name} end as name,
                 coalesce(${orderLine.quantity}, ${order.quantity}) as pieces,
                 coalesce(${orderLine.amountPoisha}, ${order.payablePoisha}) as poisha,
                 ${order.createdAt} as placed_at
          from ${payment} join ${order} on ${order.id} = ${payment.orderId}
            left join ${orderLine} on ${orderLine.orderId} = ${order.id}
          where ${kept(period)}
        )
        select product_id::text as product_id,
               coalesce(case when product_id is null then name end, (array_agg(name order by placed_at desc))[1])
                 as name,
               sum(poisha)::bigint as poisha, sum(pieces)::bigint as pieces
        from sold
        group by product_id, case when product_id is null then name end
        order by 3 desc, 2
        limit ${limit}`,
  );
  return rows.map((r) => ({
    productId: r.product_id,
    name: r.name,
    poisha: Number(r.poisha),
    pieces: Number(r.pieces),
  }));
}

/** How the kept money came: payments and amount per provider (cash on delivery is `cod`), the most money first. */
export async function methodShares(db: Db, period: Period): Promise<MethodShare[]> {
  const rows = await rowsOf<{ provider: PaymentProviderName; payments: string | number; poisha: string | number }>(
    db,
    sql`select ${payment.provider} as provider, count(*)::bigint as payments, sum(${payment.amountPoisha})::bigint as poisha
        from ${payment} where ${kept(period)}
        group by 1 order by 3 desc, 1`,
  );
  return rows.map((r) => ({ provider: r.provider, payments: Number(r.payments), poisha: Number(r.poisha) }));
}

/** shared/low-stock.ts `lowStockLine`, in SQL. */
const LOW_STOCK_LINE = sql`coalesce(${product.lowStockThreshold}, 2 * ${product.minimumQuantity})`;

/**
 * A page of the products below their low-stock line, the fewest pieces first, and how many there are; with each,
 * what orders took of it in the last SALES_RATE_DAYS days (its ledger's order rows, stock_entry_sales_idx) and how
 * many days its stock lasts at that rate.
 */
export async function lowStock(
  db: Db,
  page: { limit: number; offset: number },
  now: Date,
): Promise<{ items: LowStockProduct[]; total: number }> {
  const since = new Date(now.getTime() - SALES_RATE_DAYS * 86_400_000);
  const rows = await rowsOf<{
    id: string;
    name: string;
    name_bn: string | null;
    availability: number;
    line: number;
    sold: string | number;
    total: string | number;
  }>(
    db,
    sql`select low.*, greatest(coalesce((
                 select -sum(e.change) from ${stockEntry} e
                 where e.product_id = low.pid and e.reason in ('placed', 'cancelled', 'expired')
                   and e.at >= ${since.toISOString()}::timestamptz
               ), 0), 0)::bigint as sold
        from (
          select ${product.id} as pid, ${product.id}::text as id, ${product.name} as name, ${product.nameBn} as name_bn,
                 ${product.availability} as availability, ${LOW_STOCK_LINE} as line, count(*) over () as total
          from ${product} where ${product.availability} < ${LOW_STOCK_LINE}
          order by ${product.availability}, ${product.name}, ${product.id}
          limit ${page.limit} offset ${page.offset}
        ) low
        order by low.availability, low.name, low.id`,
  );
  const items = rows.map((r) => {
    const sold = Number(r.sold);
    const availability = Number(r.availability);
    return {
      id: r.id,
      name: r.name,
      nameBn: r.name_bn,
      availability,
      line: Number(r.line),
      sold,
      daysLeft: daysOfStock(availability, sold),
    };
  });
  // A page past the end has no rows to carry the count.
  const total = rows.length > 0 ? Number(rows[0]!.total) : page.offset === 0 ? 0 : await countLowStock(db);
  return { items, total };
}

/** Days the stock lasts when orders take `sold` pieces every SALES_RATE_DAYS days; null when they took none. */
export function daysOfStock(stock: number, sold: number): number | null {
  if (sold <= 0) return null;
  return Math.floor((stock * SALES_RATE_DAYS) / sold);
}

/** Every piece on the shelves and its worth at today's prices: one pass over the products. */
export async function stockValue(db: Db): Promise<StockValue> {
  const [row] = await rowsOf<{ pieces: string | number; poisha: string | number }>(
    db,
    sql`select coalesce(sum(${product.availability}), 0)::bigint as pieces,
               coalesce(sum(${product.availability}::bigint * ${product.pricePoisha}), 0)::bigint as poisha
        from ${product}`,
  );
  return { pieces: Number(row?.pieces ?? 0), poisha: Number(row?.poisha ?? 0) };
}

async function countLowStock(db: Db): Promise<number> {
  const [row] = await rowsOf<{ n: string | number }>(
    db,
    sql`select count(*) as n from ${product} where ${product.availability} < ${LOW_STOCK_LINE}`,
  );
  return Number(row?.n ?? 0);
}

/**
 * Cash on delivery the shop still has to collect: orders confirmed for it, shipped or delivered, whose cash was
 * never recorded (collecting it sets the transaction id and keeps a payment, in one transaction) and that hold no
 * kept payment but a delivery charge paid in advance. The cash is the order's total (its goods and its delivery
 * charge) less that advance, as collecting it records.
 * order_cod_to_collect_idx holds just these, so the sum reads a handful of rows, not every order.
 */
export async function cashToCollect(db: Db): Promise<CountAndSum> {
  const [row] = await rowsOf<{ n: string | number; poisha: string | number }>(
    db,
    sql`select count(*) as n, coalesce(sum(${order.totalPoisha} - ${order.advancePoisha}), 0)::bigint as poisha
        from ${order}
        where ${order.paymentMethod} = 'cod' and ${order.status} in ('cod', 'shipped', 'delivered')
          and ${order.transactionId} is null
          -- A look-up per order found (payment_one_settled_per_order), not a join that reads every payment.
          and (
            select coalesce(sum(${payment.amountPoisha}), 0) from ${payment}
            where ${payment.orderId} = ${order.id} and ${payment.status} = 'succeeded'
          ) = ${order.advancePoisha}`,
  );
  return { count: Number(row?.n ?? 0), poisha: Number(row?.poisha ?? 0) };
}

/**
 * Money owed back to buyers: payments waiting for their refund. Every payment moved to refund_due marks its order
 * `refund = 'due'` in the same transaction (payments/sql/payment-rows.ts `owe`), so the orders of Manage Orders' refund-due
 * tab (order_refund_due_idx) lead to them without reading every payment.
 */
export async function refundsDue(db: Db): Promise<CountAndSum> {
  const [row] = await rowsOf<{ n: string | number; poisha: string | number }>(
    db,
    sql`select count(*) as n, coalesce(sum(${payment.amountPoisha}), 0)::bigint as poisha
        from ${order} join ${payment} on ${payment.orderId} = ${order.id}
        where ${order.refund} = 'due' and ${payment.status} = 'refund_due'`,
  );
  return { count: Number(row?.n ?? 0), poisha: Number(row?.poisha ?? 0) };
}

/**
 * Cash on delivery couriers collected and have not yet paid out (Payouts settles it): consignment_unsettled_idx
 * holds just these parcels.
 */
export async function cashHeldByCouriers(db: Db): Promise<CountAndSum> {
  const [row] = await rowsOf<{ n: string | number; poisha: string | number }>(
    db,
    sql`select count(*) as n, coalesce(sum(${consignment.collectedPoisha}), 0)::bigint as poisha
        from ${consignment}
        where ${consignment.collectedAt} is not null and ${consignment.payoutId} is null`,
  );
  return { count: Number(row?.n ?? 0), poisha: Number(row?.poisha ?? 0) };
}

/** What couriers kept as their fees from the payouts recorded in the period, and how many payouts. */
export async function courierFees(db: Db, period: Period): Promise<CountAndSum> {
  const [row] = await rowsOf<{ n: string | number; poisha: string | number }>(
    db,
    sql`select count(*) as n, coalesce(sum(${courierPayout.feePoisha}), 0)::bigint as poisha
        from ${courierPayout}
        where ${courierPayout.createdAt} >= ${period.start.toISOString()}::timestamptz
          and ${courierPayout.createdAt} < ${period.end.toISOString()}::timestamptz`,
  );
  return { count: Number(row?.n ?? 0), poisha: Number(row?.poisha ?? 0) };
}
