// The plans of the store's list and search queries, read from the store's own domain functions: each check runs a
// function on a database whose queries are logged, and each statement it made is explained again (in a transaction
// that is rolled back). `npm run explain` prints them; tests/integration/postgres/list-plans.test.ts asserts them.
import { sql, type SQL } from "drizzle-orm";
import type { Logger } from "drizzle-orm/logger";
import { PAGE_SIZE, MAX_OFFSET_ITEMS } from "@shared/list-page";
import type { Db } from "../../server/db/client";
import { listFeaturedProducts } from "../../server/catalog";
import { selectCategories } from "../../server/catalog";
import { selectHistories } from "../../server/orders";
import { buyerOrders, shopOrders, tabCounts, type ShopOrdersQuery } from "../../server/orders";
import { ordersWithHeldPayments, outcomesOf } from "../../server/orders";
import { searchProducts, type ProductQuery } from "../../server/catalog";
import * as overview from "../../server/overview";
import { selectReviews } from "../../server/reviews";
import { selectUsers } from "../../server/accounts";
import { rowsOf } from "./rows";

/** Tables that grow with the shop: a sequential scan of one of them is a list that slows down with the years. */
export const BIG_TABLES = ["product", "order", "order_line", "order_event", "payment", "user", "review"];

interface Statement {
  text: string;
  params: unknown[];
}

/** A logger for openDatabase that keeps the statements made while `recording` is on. */
export function statementRecorder() {
  const recorder = {
    recording: false,
    statements: [] as Statement[],
    logger: {
      logQuery(text: string, params: unknown[]) {
        if (recorder.recording) recorder.statements.push({ text, params });
      },
    } satisfies Logger,
  };
  return recorder;
}
export type StatementRecorder = ReturnType<typeof statementRecorder>;

/** Values found in the data for the checks to ask about: a category, and one order's buyer, phone and id. */
export interface Samples {
  categoryId: string;
  buyerId: string;
  email: string;
  phone: string;
  orderId: string;
  /** A month of orders, as YYYY-MM-DD. */
  from: string;
  to: string;
}

export async function findSamples(db: Db): Promise<Samples> {
  const [category] = await rowsOf<{ id: string }>(
    db,
    sql`select id from category order by (slug = 'chisels') desc, position limit 1`,
  );
  // An order from the middle of the list, with a delivery address (and so a phone).
  const [found] = await rowsOf<{ id: string; buyerId: string; email: string; phone: string; day: string }>(
    db,
    sql`
    select id, buyer_id as "buyerId", buyer_email as email, delivery ->> 'phone' as phone, to_char(created_at, 'YYYY-MM-DD') as day
    from "order" where delivery is not null
    order by created_at desc, id desc offset (select count(*) / 2 from "order") limit 1`,
  );
  const day = found?.day ?? new Date().toISOString().slice(0, 10);
  const monthBefore = new Date(Date.parse(`${day}T00:00:00Z`) - 30 * 86_400_000).toISOString().slice(0, 10);
  return {
    categoryId: category?.id ?? "",
    buyerId: found?.buyerId ?? "",
    email: found?.email ?? "nobody@example.com",
    phone: found?.phone ?? "01700000000",
    orderId: found?.id ?? "00000000-0000-4000-8000-000000000000",
    from: monthBefore,
    to: day,
  };
}

export interface ListCheck {
  name: string;
  /** Why reading a big table whole is the right plan here (the plan test leaves such a check out). */
  seqScanExpected?: string;
  /** Runs the store's function; only what runs inside `record` is explained. */
  run(db: Db, samples: Samples, record: <T>(call: () => Promise<T>) => Promise<T>): Promise<unknown>;
}

const page = { offset: 0, limit: PAGE_SIZE };
const DAY_MS = 86_400_000;
const orders = (name: string, query: (s: Samples) => Partial<ShopOrdersQuery>): ListCheck => ({
  name: `orders: ${name}`,
  run: (db, s, record) =>
    record(() => shopOrders(db, { sort: "newest", limit: PAGE_SIZE, start: { offset: 0 }, ...query(s) })),
});
const products = (name: string, query: (s: Samples) => Partial<ProductQuery>): ListCheck => ({
  name: `products: ${name}`,
  run: (db, s, record) => record(() => searchProducts(db, { sort: "newest", ...page, ...query(s) })),
});

/** Every list and search the store makes, as its pages and API ask for their first page (20 items). */
export const LIST_CHECKS: ListCheck[] = [
  {
    name: "home: featured products",
    run: (db, _s, record) => record(() => listFeaturedProducts(db)),
  },
  products("newest", () => ({})),
  products("a category", (s) => ({ categoryId: s.categoryId })),
  products("a category, by price", (s) => ({ categoryId: s.categoryId, sort: "price-asc" })),
  {
    ...products("in stock", () => ({ inStock: true })),
    seqScanExpected:
      "the page reads product_newest_idx, but its count of products in stock reads the catalog: no index holds 'stock at least the minimum order' (a partial index would)",
  },
  products("price, low to high", () => ({ sort: "price-asc" })),
  products("price, high to low", () => ({ sort: "price-desc" })),
  products("name", () => ({ sort: "name" })),
  products("search 'dovetail'", () => ({ q: "dovetail", sort: "relevance" })),
  {
    ...products("search 'chisel', a fifth of the catalog", () => ({ q: "chisel", sort: "relevance" })),
    seqScanExpected: "a search that matches a fifth of the products ranks them all, reading most pages either way",
  },
  products("search with a typo 'chisle'", () => ({ q: "chisle", sort: "relevance" })),
  products("Bangla search 'বাটালি'", () => ({ q: "বাটালি", sort: "relevance" })),
  products("search 'saw' in stock, by price", () => ({ q: "saw", inStock: true, sort: "price-asc" })),
  {
    ...products("newest, the last offset page", () => ({ offset: MAX_OFFSET_ITEMS - PAGE_SIZE })),
    seqScanExpected: `the ${MAX_OFFSET_ITEMS}th product in an order is found by reading that many: offset pages stop there`,
  },
  {
    name: "categories with their product counts",
    run: (db, _s, record) => record(() => selectCategories(db)),
  },
  orders("first page", () => ({})),
  orders("a status (paid)", () => ({ tab: "paid" })),
  orders("a status, oldest first", () => ({ tab: "delivered", sort: "oldest" })),
  orders("the refund-due tab", () => ({ tab: "refund-due" })),
  orders("by amount", () => ({ sort: "amount-high" })),
  orders("a buyer's e-mail", (s) => ({ q: s.email })),
  orders("the start of an e-mail", (s) => ({ q: s.email.slice(0, 5) })),
  orders("a phone number", (s) => ({ q: s.phone })),
  orders("the start of an order id", (s) => ({ q: s.orderId.slice(0, 8) })),
  orders("a product in any line, 'dovetail'", () => ({ q: "dovetail" })),
  orders("a product's Bangla name in any line, 'ডাভটেইল'", () => ({ q: "ডাভটেইল" })),
  orders("a month", (s) => ({
    from: new Date(Date.parse(s.from)),
    until: new Date(Date.parse(s.to) + DAY_MS),
  })),
  {
    name: "orders: the next page, by cursor",
    run: async (db, _s, record) => {
      const first = await shopOrders(db, { sort: "newest", limit: PAGE_SIZE, start: { offset: 0 } });
      return record(() => shopOrders(db, { sort: "newest", limit: PAGE_SIZE, start: { after: first.last! } }));
    },
  },
  {
    name: "orders: the tabs' counts for a search",
    run: (db, s, record) => record(() => tabCounts(db, { q: s.email })),
  },
  {
    name: "orders: the tabs' counts for a product's name",
    run: (db, _s, record) => record(() => tabCounts(db, { q: "dovetail" })),
  },
  {
    name: "orders: the tabs' counts of every order",
    run: (db, _s, record) => record(() => tabCounts(db, {})),
  },
  {
    name: "orders: a page's held payments",
    run: async (db, _s, record) => {
      const { items } = await shopOrders(db, { sort: "newest", limit: PAGE_SIZE, start: { offset: 0 } });
      return record(() => ordersWithHeldPayments(db, items));
    },
  },
  {
    name: "orders: a page's histories",
    run: async (db, _s, record) => {
      const { items } = await shopOrders(db, { sort: "newest", limit: PAGE_SIZE, start: { offset: 0 } });
      return record(() =>
        selectHistories(
          db,
          items.map((o) => o.id),
        ),
      );
    },
  },
  {
    name: "orders: the buyer records of a page's orders awaiting confirmation",
    run: async (db, _s, record) => {
      const { items } = await shopOrders(db, { tab: "cod", sort: "newest", limit: PAGE_SIZE, start: { offset: 0 } });
      const awaiting = items.filter((o) => o.confirmedAt === null);
      return record(() =>
        outcomesOf(db, {
          buyerIds: awaiting.map((o) => o.buyerId),
          phones: awaiting.flatMap((o) => (o.delivery?.phone ? [o.delivery.phone] : [])),
        }),
      );
    },
  },
  {
    name: "orders: a buyer's own (My Orders)",
    run: (db, s, record) => record(() => buyerOrders(db, s.buyerId, page)),
  },
  {
    name: "users: newest",
    run: (db, _s, record) => record(() => selectUsers(db, page)),
  },
  {
    name: "users: search",
    run: (db, s, record) => record(() => selectUsers(db, { q: s.email.slice(0, 6), ...page })),
  },
  {
    name: "reviews: first page",
    run: (db, _s, record) => record(() => selectReviews(db, page)),
  },
  ...overviewChecks(),
];

/** The admins' overview over its longest period, 90 days, one check per figure. */
function overviewChecks(): ListCheck[] {
  const period = () => overview.periodEnding(new Date(), 90);
  const figure = (name: string, read: (db: Db) => Promise<unknown>, seqScanExpected?: string): ListCheck => ({
    name: `overview: ${name}`,
    run: (db, _s, record) => record(() => read(db)),
    ...(seqScanExpected ? { seqScanExpected } : {}),
  });
  return [
    figure("money kept per day, 90 days", (db) => overview.revenuePerDay(db, period())),
    figure("orders per day by status, 90 days", (db) => overview.ordersPerDay(db, period())),
    figure(
      "top 10 products, 90 days",
      (db) => overview.topProducts(db, period()),
      "each kept payment of the period meets its order: at 90 days a quarter of the orders, which one read of the table joins faster than as many look-ups by id (both about 150 ms at 200,000 orders); the overview keeps its figures until the orders change (server/overview/kept-overview.ts)",
    ),
    figure("payment methods, 90 days", (db) => overview.methodShares(db, period())),
    figure(
      "products running low",
      (db) => overview.lowStock(db, page, new Date()),
      "a product's line compares two of its columns (availability < coalesce(threshold, 2 × minimum)): no index holds that, and the catalog is thousands of rows, not millions",
    ),
    figure("cash on delivery to collect", (db) => overview.cashToCollect(db)),
    figure("refunds due", (db) => overview.refundsDue(db)),
    figure(
      "stock value",
      (db) => overview.stockValue(db),
      "one pass over the products, thousands of rows: the sum of every shelf has no smaller source",
    ),
  ];
}

export interface StatementPlan {
  sql: string;
  plan: string[];
  /** EXPLAIN ANALYZE's execution time, in ms (undefined without ANALYZE). */
  executionMs?: number;
  /** The big tables the plan reads whole, where an index could have answered. */
  seqScans: string[];
  /** A count of every row of a table: it reads them all, whatever the plan (a page's total, when it is full). */
  countsEveryRow: boolean;
}

export interface CheckPlan {
  name: string;
  /** How long the store's function took, its statements and their round trips together. */
  ms: number;
  statements: StatementPlan[];
}

/** `$1`… of a logged statement bound again to its values. */
function bound({ text, params }: Statement): SQL {
  const parts = text.split(/\$(\d+)\b/);
  return sql.join(parts.map((part, i) => (i % 2 === 0 ? sql.raw(part) : sql.param(params[Number(part) - 1]))));
}

const CONTROL = /^\s*(begin|commit|rollback|savepoint|release)\b/i;
const EVERY_ROW_COUNT = /^select count\(\*\) from "?\w+"?$/i;

export function seqScansIn(plan: string[]): string[] {
  const tables = plan.flatMap((line) => [...line.matchAll(/Seq Scan on "?([\w]+)"?/g)].map((m) => m[1]!));
  return [...new Set(tables.filter((t) => BIG_TABLES.includes(t)))];
}

class Done extends Error {}

async function explain(db: Db, statements: Statement[], analyze: boolean): Promise<StatementPlan[]> {
  const plans: StatementPlan[] = [];
  const options = analyze ? sql.raw("(analyze, buffers)") : sql.raw("");
  // One transaction, as the store's function ran them (a setting made by one statement holds for the next), and
  // rolled back: EXPLAIN ANALYZE runs what it explains.
  await db
    .transaction(async (tx) => {
      for (const statement of statements) {
        const rows = await rowsOf<{ "QUERY PLAN": string }>(tx, sql`explain ${options} ${bound(statement)}`);
        const plan = rows.map((r) => r["QUERY PLAN"]);
        const time = plan.map((l) => /Execution Time: ([\d.]+) ms/.exec(l)?.[1]).find(Boolean);
        const text = statement.text.replace(/\s+/g, " ").trim();
        const countsEveryRow = EVERY_ROW_COUNT.test(text);
        plans.push({
          sql: text,
          plan,
          executionMs: time ? Number(time) : undefined,
          seqScans: countsEveryRow ? [] : seqScansIn(plan),
          countsEveryRow,
        });
      }
      throw new Done();
    })
    .catch((err: unknown) => {
      if (!(err instanceof Done)) throw err;
    });
  return plans;
}

/** Each check's statements and their plans; `db` must log to `recorder` (openDatabase's `logger`). */
export async function planChecks(
  db: Db,
  recorder: StatementRecorder,
  checks: ListCheck[] = LIST_CHECKS,
  { analyze = true } = {},
): Promise<CheckPlan[]> {
  const samples = await findSamples(db);
  const results: CheckPlan[] = [];
  for (const check of checks) {
    recorder.statements = [];
    let ms = 0;
    await check.run(db, samples, async (call) => {
      recorder.recording = true;
      const started = performance.now();
      try {
        return await call();
      } finally {
        ms += performance.now() - started;
        recorder.recording = false;
      }
    });
    const statements = recorder.statements.filter((s) => !CONTROL.test(s.text));
    results.push({ name: check.name, ms, statements: await explain(db, statements, analyze) });
  }
  return results;
}
