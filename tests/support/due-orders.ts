import { randomUUID } from "node:crypto";
import { count, inArray, sql } from "drizzle-orm";
import { expect } from "vitest";
import pg from "pg";
import { user } from "@server/db/auth-schema";
import type { Db } from "@server/db/client";
import { order, orderEvent, orderLine } from "@server/db/schema";
import { sleep } from "./api-servers";
import { endingsOf, inSnapshot, orderProblems, stockProblems } from "./money-checks";
import { moveStock } from "@server/stock";
import { insertStocked } from "./stock-ledger";

// Many unpaid orders written straight into the database, to be made due at one moment, for the tests of server
// copies expiring them together (tests/integration/postgres/expiry-*.test.ts); and a lock held from outside, to
// catch a copy in the middle of an expiry batch.

export interface Shelf {
  productIds: string[];
  /** Each product's stock before any order. */
  initialStock: Map<string, number>;
  /** Each product's one variant. */
  variantIds: Map<string, string>;
}

const INITIAL_STOCK = 1_000_000;

/** `products` products of their own, each with INITIAL_STOCK pieces, and a buyer for the orders. */
export async function makeShelf(db: Db, products: number): Promise<Shelf & { buyerId: string }> {
  const rows = await insertStocked(
    db,
    Array.from({ length: products }, (_, i) => ({
      name: `Expiring Rasp ${i}`,
      image: "/images/products/mortise-chisel.svg",
      pricePoisha: 9_000 + 101 * i,
      minimumQuantity: 1,
      availability: INITIAL_STOCK,
    })),
  );
  const buyerId = randomUUID();
  await db.insert(user).values({ id: buyerId, name: "Slow Payer", email: `slow-payer-${buyerId}@example.test` });
  return {
    buyerId,
    productIds: rows.map((r) => r.id).sort(),
    initialStock: new Map(rows.map((r) => [r.id, INITIAL_STOCK])),
    variantIds: new Map(rows.map((r) => [r.id, r.variantId])),
  };
}

/**
 * `n` unpaid orders of 1 to 9 pieces, spread over the shelf's products, whose hold runs out in an hour; their
 * pieces are taken off the shelf as placing them would. Answers their ids.
 */
export async function placeUnpaid(db: Db, shelf: Shelf & { buyerId: string }, n: number): Promise<string[]> {
  const rows = Array.from({ length: n }, (_, i) => {
    const quantity = 1 + ((i * 7) % 9);
    return {
      buyerId: shelf.buyerId,
      buyerEmail: `slow-payer-${shelf.buyerId}@example.test`,
      productId: shelf.productIds[i % shelf.productIds.length]!,
      productName: "Expiring Rasp",
      image: "/images/products/mortise-chisel.svg",
      pricePoisha: 9_000,
      quantity,
      payablePoisha: 9_000 * quantity,
      expiresAt: new Date(Date.now() + 60 * 60_000),
    };
  });
  const ids: string[] = [];
  for (let i = 0; i < rows.length; i += 500) {
    const slice = rows.slice(i, i + 500);
    const made = await db.insert(order).values(slice).returning({ id: order.id });
    ids.push(...made.map((r) => r.id));
    // Every order has its lines (an order of one product, one line), as placing it writes them.
    await db.insert(orderLine).values(
      made.map((m, j) => {
        const r = slice[j]!;
        return {
          orderId: m.id,
          position: 0,
          productId: r.productId,
          variantId: shelf.variantIds.get(r.productId)!,
          name: r.productName,
          image: r.image,
          pricePoisha: r.pricePoisha,
          quantity: r.quantity,
          amountPoisha: r.payablePoisha,
        };
      }),
    );
  }
  // Taken off the shelf with their ledger rows, as placing them would.
  await moveStock(
    db,
    rows.map((r, i) => ({
      productId: r.productId,
      variantId: shelf.variantIds.get(r.productId)!,
      change: -r.quantity,
      orderId: ids[i]!,
    })),
    { reason: "placed", by: "buyer", byUserId: shelf.buyerId },
  );
  return ids;
}

/** Their holds ran out a second ago, all in one statement. */
export async function makeDue(db: Db, orderIds: string[]) {
  await db
    .update(order)
    .set({ expiresAt: sql`now() - interval '1 second'` })
    .where(inArray(order.id, orderIds));
}

export async function expiredCount(db: Db, orderIds: string[]): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(order)
    .where(sql`${order.status} = 'expired' and ${inArray(order.id, orderIds)}`);
  return row!.n;
}

/**
 * Nothing half done, whatever has expired so far, read at one moment (copies may still be expiring): each
 * product's stock adds up (an expired order's pieces came back exactly once, an unexpired one's are still taken),
 * every expired order has exactly one `expired` event and an unexpired one none, and no order of the shelf changed
 * any other way. Answers how many have expired.
 */
export async function checkWholeExpiry(db: Db, shelf: Shelf, orderIds: string[]): Promise<number> {
  const { endings, problems, expiredEvents } = await inSnapshot(db, async (tx) => {
    const [events] = await tx
      .select({ n: count() })
      .from(orderEvent)
      .where(sql`${orderEvent.status} = 'expired' and ${inArray(orderEvent.orderId, orderIds)}`);
    return {
      endings: await endingsOf(tx, orderIds),
      problems: await stockProblems(tx, shelf.initialStock),
      expiredEvents: events!.n,
    };
  });
  let expired = 0;
  for (const ending of endings.values()) {
    if (ending.row.status === "expired") expired++;
    else if (ending.row.status !== "unpaid") problems.push(`order ${ending.row.id} is ${ending.row.status}`);
    problems.push(...orderProblems(ending));
  }
  expect({ problems, expiredEvents, orders: endings.size }).toEqual({
    problems: [],
    expiredEvents: expired,
    orders: orderIds.length,
  });
  return expired;
}

/**
 * Waits until all the orders have expired, checking at every look that nothing is half done (`checkWholeExpiry`):
 * at no moment seen is an order expired without its pieces back, or its pieces back while it is unpaid. Answers
 * how many looks were taken while the expiry was under way.
 */
export async function expireWatched(db: Db, shelf: Shelf, orderIds: string[], timeoutMs = 30_000) {
  let looks = 0;
  await waitUntil(
    `all ${orderIds.length} orders expired`,
    async () => {
      const expired = await checkWholeExpiry(db, shelf, orderIds);
      if (expired > 0 && expired < orderIds.length) looks++;
      return expired === orderIds.length;
    },
    timeoutMs,
  );
  return looks;
}

/** Waits until `check` answers true, looking every 20 ms. */
export async function waitUntil(what: string, check: () => Promise<boolean>, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting until ${what}`);
    await sleep(20);
  }
}

/** The database URL with the connections' application_name, to tell one server copy's backends apart. */
export function urlNamed(url: string, applicationName: string): string {
  const named = new URL(url);
  named.searchParams.set("application_name", applicationName);
  return named.toString();
}

/** How many backends of each named copy are waiting for a lock right now, and how many it has at all. */
export async function backendsOf(db: Db, applicationName: string) {
  const result = (await db.execute(sql`
    select count(*)::int as connected, count(*) filter (where wait_event_type = 'Lock')::int as waiting
    from pg_stat_activity
    where datname = current_database() and application_name = ${applicationName}`)) as unknown as {
    rows: { connected: number; waiting: number }[];
  };
  return result.rows[0]!;
}

/**
 * A connection from outside any server copy that can lock a product's row in a transaction of its own: an expiry
 * batch that has to put pieces back on that shelf waits at that point, in the middle of its transaction, until
 * `release`. It connects first, so that taking the lock is one statement away.
 */
export async function shelfLock(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return {
    async hold(productId: string) {
      await client.query("begin");
      await client.query('select id from "product" where id = $1 for update', [productId]);
    },
    async release() {
      await client.query("rollback");
      await client.end();
    },
  };
}

/** The orders a copy says it expired, summed over its "Expired N open orders" lines from `from` on. */
export function expiredByLog(output: string[], from = 0): number {
  return output
    .slice(from)
    .join("")
    .split("\n")
    .reduce((sum, line) => sum + Number(/^Expired (\d+) open order/.exec(line)?.[1] ?? 0), 0);
}
