import { and, count, eq, gte, lt, or, sql, type SQL } from "drizzle-orm";
import { unionAll } from "drizzle-orm/pg-core";
import { normalizeMobile } from "@shared/bangladesh";
import type { OrderSort, OrderTab, OrderTabCounts } from "@shared/list-choices";
import type { Db } from "../../db/client";
import { order, orderLine } from "../../db/schema";
import { ascNullsFirst, descNullsLast } from "../../db/sort-keys";
import { listedForBuyer, type Order } from "./order-rows";

/** What narrows the shop's orders besides the tab: a search, and a time range. */
export interface OrderFilters {
  /** An order id or its start, a buyer's e-mail or its start, a phone number, or part of a product's name. */
  q?: string;
  /** The first instant listed. */
  from?: Date;
  /** The first instant after the range. */
  until?: Date;
}

/** A row's place in a sort: its sort key (the creation time to the microsecond, or the amount) and its id. */
export interface OrderPosition {
  key: string | number;
  id: string;
}

/** Where a slice starts: after some items (a page number), or just after or before a row's place in the sort. */
export type OrderStart = { offset: number } | { after: OrderPosition } | { before: OrderPosition };

export interface ShopOrdersQuery extends OrderFilters {
  tab?: OrderTab;
  sort: OrderSort;
  limit: number;
  start: OrderStart;
}

export interface OrderSlice {
  items: Order[];
  /** The places of the first and last items, for the links to the slices either side. */
  first?: OrderPosition;
  last?: OrderPosition;
  /** Rows lie beyond the slice in the direction it was read (before it, for a slice read `before`). */
  more: boolean;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** A shorter start of an id says too little to search by (and "cafe" is someone's e-mail). */
const MIN_ID_PREFIX = 6;

const asUuid = (hex: string) =>
  `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;

/** `%`, `_` and `\` typed in a search are looked for as themselves, not as LIKE's wildcards. */
const literally = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
const startingWith = (text: string) => `${literally(text)}%`;
const containing = (text: string) => `%${literally(text)}%`;

/** A shorter text says too little to look for in product names (and no trigram index can answer it). */
const MIN_NAME_SEARCH = 3;

/**
 * What a search can mean, each answered by an index: an id or a range of ids, an e-mail's start, a phone, or a part
 * of the name (English or Bangla) of a product in any line of the order.
 */
export interface OrderSearch {
  id?: string;
  ids?: { from: string; to: string };
  emailStart?: string;
  phone?: string;
  /** The text as typed (trimmed), looked for in the lines' Bangla names; `name` is it in lower case. */
  productName?: { name: string; nameBn: string };
}

/** Bengali digits (০১৭১২…), as a phone number may be typed in Bangla, in ASCII. */
const asciiDigits = (text: string) => text.replace(/[০-৯]/g, (d) => String(d.charCodeAt(0) - 0x09e6));

/** Reads a Manage Orders search; a text may mean several things (`01712345678` is a phone and an id's start). */
export function readOrderSearch(q: string): OrderSearch {
  const text = asciiDigits(q.trim().toLowerCase());
  const search: OrderSearch = {};
  const hex = text.replace(/-/g, "");
  if (UUID.test(text)) search.id = text;
  else if (/^[0-9a-f-]+$/.test(text) && /^[0-9a-f]+$/.test(hex) && hex.length >= MIN_ID_PREFIX) {
    if (hex.length === 32) search.id = asUuid(hex);
    else if (hex.length < 32) search.ids = { from: asUuid(hex.padEnd(32, "0")), to: asUuid(hex.padEnd(32, "f")) };
  }
  const phone = normalizeMobile(text);
  if (phone) search.phone = phone;
  if (!/\s/.test(text)) search.emailStart = text;
  const typed = q.trim();
  if ([...typed].length >= MIN_NAME_SEARCH) search.productName = { name: typed.toLowerCase(), nameBn: typed };
  return search;
}

/**
 * The orders with a line whose product name holds the text: the lines' trigram indexes (order_line_name_trgm_idx on
 * lower(name), order_line_name_bn_trgm_idx) find them, and `= any(array(…))` lets the order's primary key take
 * their ids beside the other ways of a search (a bitmap OR), where `in (select …)` inside an OR would be checked
 * order by order.
 */
const withProductNamed = ({ name, nameBn }: { name: string; nameBn: string }) =>
  sql`${order.id} = any(array(select ${orderLine.orderId} from ${orderLine} where lower(${orderLine.name}) like ${containing(name)} or ${orderLine.nameBn} like ${containing(nameBn)}))`;

function matching(q: string): SQL {
  const search = readOrderSearch(q);
  const ways = [
    search.id ? eq(order.id, search.id) : undefined,
    search.ids ? sql`${order.id} between ${search.ids.from} and ${search.ids.to}` : undefined,
    // The expressions of order_buyer_email_idx (text_pattern_ops, for LIKE's prefix) and order_phone_idx.
    search.emailStart ? sql`lower(${order.buyerEmail}) like ${startingWith(search.emailStart)}` : undefined,
    search.phone ? sql`(${order.delivery} ->> 'phone') = ${search.phone}` : undefined,
    search.productName ? withProductNamed(search.productName) : undefined,
  ].filter((way): way is SQL => way !== undefined);
  return ways.length > 0 ? or(...ways)! : sql`false`;
}

function filtering(filters: OrderFilters): SQL | undefined {
  return and(
    filters.q ? matching(filters.q) : undefined,
    filters.from ? gte(order.createdAt, filters.from) : undefined,
    filters.until ? lt(order.createdAt, filters.until) : undefined,
  );
}

const inTab = (tab: OrderTab) => (tab === "refund-due" ? eq(order.refund, "due") : eq(order.status, tab));

/** The creation time as text to the microsecond: a JavaScript Date would cut it to the millisecond. */
const createdAtText = sql<string>`to_char(${order.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

const SORTS = {
  newest: { byTime: true, descending: true },
  oldest: { byTime: true, descending: false },
  "amount-high": { byTime: false, descending: true },
  "amount-low": { byTime: false, descending: false },
} as const satisfies Record<OrderSort, { byTime: boolean; descending: boolean }>;

/**
 * The shop's orders (Manage Orders, `GET /api/order`): a slice of a tab, searched and dated, in one of its sorts.
 * Each sort is an index's order (order_newest_idx, order_status_newest_idx, order_amount_idx), and a cursor's
 * slice starts at a row's place in it (keyset): as fast on the thousandth page as on the first, and an order
 * placed meanwhile neither repeats nor hides one.
 */
export async function shopOrders(db: Db, query: ShopOrdersQuery): Promise<OrderSlice> {
  const { byTime, descending } = SORTS[query.sort];
  const column = byTime ? order.createdAt : order.payablePoisha;
  const backward = "before" in query.start;
  // Read backward, a slice runs the other way and is turned round afterwards.
  const downward = descending !== backward;
  const position = "after" in query.start ? query.start.after : "before" in query.start ? query.start.before : null;
  const beyond = position
    ? sql`(${column}, ${order.id}) ${sql.raw(downward ? "<" : ">")} (${
        byTime ? sql`${String(position.key)}::timestamptz` : sql`${Number(position.key)}::bigint`
      }, ${position.id}::uuid)`
    : undefined;
  const rows = await db
    .select({ row: order, at: createdAtText })
    .from(order)
    .where(and(query.tab ? inTab(query.tab) : undefined, filtering(query), beyond))
    .orderBy(
      ...(downward
        ? [descNullsLast(column), descNullsLast(order.id)]
        : [ascNullsFirst(column), ascNullsFirst(order.id)]),
    )
    .limit(query.limit + 1)
    .offset("offset" in query.start ? query.start.offset : 0);
  const more = rows.length > query.limit;
  const slice = rows.slice(0, query.limit);
  if (backward) slice.reverse();
  const placeOf = ({ row, at }: (typeof rows)[number]): OrderPosition => ({
    key: byTime ? at : row.payablePoisha,
    id: row.id,
  });
  return {
    items: slice.map((r) => r.row),
    first: slice[0] && placeOf(slice[0]),
    last: slice.at(-1) && placeOf(slice.at(-1)!),
    more,
  };
}

const noCounts = (): OrderTabCounts => ({
  all: 0,
  unpaid: 0,
  paid: 0,
  cod: 0,
  shipped: 0,
  delivered: 0,
  returned: 0,
  cancelled: 0,
  expired: 0,
  "refund-due": 0,
});

/**
 * How many orders each tab holds for the search and dates: one grouped pass over what they match. Every order's
 * counts (no search, no dates) read order_status_newest_idx alone (an index-only scan, a sixth of the table's
 * pages) and the refund-due tab from order_refund_due_idx, where counting the refunds due in the same pass would
 * read every row.
 */
export async function tabCounts(db: Db, filters: OrderFilters): Promise<OrderTabCounts> {
  const where = filtering(filters);
  const counts = noCounts();
  if (!where) {
    const byStatus = db
      .select({ tab: sql<OrderTab>`${order.status}`.as("tab"), n: count() })
      .from(order)
      .groupBy(order.status);
    const due = db
      .select({ tab: sql<OrderTab>`'refund-due'`.as("tab"), n: count() })
      .from(order)
      .where(eq(order.refund, "due"));
    for (const { tab, n } of await unionAll(byStatus, due)) {
      counts[tab] = n;
      if (tab !== "refund-due") counts.all += n;
    }
    return counts;
  }
  const rows = await db
    .select({
      status: order.status,
      n: count(),
      due: sql<number>`count(*) filter (where ${order.refund} = 'due')`.mapWith(Number),
    })
    .from(order)
    .where(where)
    .groupBy(order.status);
  for (const { status, n, due } of rows) {
    counts[status] = n;
    counts.all += n;
    counts["refund-due"] += due;
  }
  return counts;
}

/**
 * A buyer's orders as they see them (not those they cancelled themselves, unless money is owed back on one),
 * newest first: a page, and how many they have (order_buyer_created_idx answers both).
 */
export async function buyerOrders(
  db: Db,
  buyerId: string,
  page: { offset: number; limit: number },
): Promise<{ items: Order[]; total: number }> {
  const where = and(eq(order.buyerId, buyerId), listedForBuyer);
  const items = await db
    .select()
    .from(order)
    .where(where)
    .orderBy(descNullsLast(order.createdAt), descNullsLast(order.id))
    .limit(page.limit)
    .offset(page.offset);
  const total =
    page.offset === 0 && items.length < page.limit
      ? items.length
      : ((await db.select({ n: count() }).from(order).where(where))[0]?.n ?? 0);
  return { items, total };
}
