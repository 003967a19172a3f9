import { count, eq, gt, isNotNull, lt, lte } from "drizzle-orm";
import { expect } from "vitest";
import type { ProductJson } from "@server/catalog";
import type { OrderJson } from "@server/orders";
import { english, M } from "@shared/messages";

const QUANTITY_ABOVE_STOCK = english(M.stock.too_low);
import type { Db } from "@server/db/client";
import { order, product } from "@server/db/schema";
import { REQUEST_MS, type ApiServer } from "./api-servers";
import type { Answered, Attempt, Buyer, Outcome, Role } from "./order-crash";
import { stockOf } from "./order-storm";

/** Everything that was sent and heard while a server was killed and restarted. */
export interface CrashRecord {
  productId: string;
  initial: number;
  attempts: Attempt[];
  /** First tries, one per attempt. */
  outcomes: Outcome[];
  /** Retries of lost attempts, by attempt index. */
  retries: Map<number, Outcome[]>;
}

const isAnswered = (o: Outcome): o is Answered => o.kind === "answered";
const isSoldOut = (a: Answered) => a.status === 409 && a.message === QUANTITY_ABOVE_STOCK;

/**
 * What the database and both servers must show afterwards: an order exists for a key exactly when a 2xx named it
 * (or a lost request placed it), once, with the quantity asked for; no key has two orders; a placed order is never
 * reported as sold out; the stock is the initial stock less what the existing orders took, and never negative.
 */
export async function checkAfterCrash(db: Db, servers: Record<Role, ApiServer>, record: CrashRecord) {
  const { productId, initial, attempts } = record;
  const answers = attempts.map((_, i) => [record.outcomes[i]!, ...(record.retries.get(i) ?? [])].filter(isAnswered));
  const heard = answers.flat();
  expect(heard.filter((a) => a.status !== 200 && !isSoldOut(a))).toEqual([]);

  const rows = await db.select().from(order).where(eq(order.productId, productId));
  const rowOfKey = new Map(rows.map((r) => [r.idempotencyKey, r]));
  const ourKeys = new Set(attempts.map((a) => a.key));
  expect(rows.filter((r) => !r.idempotencyKey || !ourKeys.has(r.idempotencyKey))).toEqual([]);
  expect(rowOfKey.size).toBe(rows.length);

  const problems: string[] = [];
  attempts.forEach((attempt, i) => {
    const row = rowOfKey.get(attempt.key);
    for (const a of answers[i]!) {
      if (a.status === 200 && rows.filter((r) => r.id === a.insertedId).length !== 1) {
        problems.push(`${attempt.key}: 2xx names ${a.insertedId}, which is not exactly once in the order table`);
      }
      if (a.status === 200 && a.insertedId !== row?.id) {
        problems.push(`${attempt.key}: 2xx names ${a.insertedId}, the key's order is ${row?.id}`);
      }
      if (a.status !== 200 && row) problems.push(`${attempt.key}: answered ${a.status} but its order ${row.id} exists`);
    }
    if (row && (row.quantity !== attempt.quantity || row.buyerEmail !== attempt.buyer.email)) {
      problems.push(`${attempt.key}: order ${row.id} is ${row.quantity} for ${row.buyerEmail}`);
    }
  });
  expect(problems).toEqual([]);

  const taken = rows.reduce((sum, r) => sum + r.quantity, 0);
  const final = await stockOf(db, productId);
  expect(final).toBe(initial - taken);
  expect(final).toBeGreaterThanOrEqual(0);
  // A refusal came when fewer pieces were left than asked for, and stock never grows back.
  const refused = attempts.flatMap((a, i) => answers[i]!.filter(isSoldOut).map(() => a.quantity));
  for (const quantity of refused) expect(final).toBeLessThan(quantity);
  for (const r of rows) expect(r.payablePoisha).toBe(r.pricePoisha * r.quantity);

  await expectNoBadRowsAnywhere(db);
  const orderIds = rows.map((r) => r.id);
  await expectServersAgree(servers, productId, final, buyersOf(attempts), orderIds);
  return { rows, final, answers };
}

const buyersOf = (attempts: Attempt[]) => [...new Map(attempts.map((a) => [a.buyer.email, a.buyer])).values()];

/** Across the whole database: no negative stock, no order of nothing, no idempotency key on two orders. */
async function expectNoBadRowsAnywhere(db: Db) {
  const [negative] = await db.select({ n: count() }).from(product).where(lt(product.availability, 0));
  const [empty] = await db.select({ n: count() }).from(order).where(lte(order.quantity, 0));
  const sharedKeys = await db
    .select({ key: order.idempotencyKey, n: count() })
    .from(order)
    .where(isNotNull(order.idempotencyKey))
    .groupBy(order.idempotencyKey)
    .having(gt(count(), 1));
  expect({ negative: negative!.n, empty: empty!.n, sharedKeys }).toEqual({ negative: 0, empty: 0, sharedKeys: [] });
}

/** Both servers show the stock the database holds, and the buyers' order lists hold exactly the orders made. */
async function expectServersAgree(
  servers: Record<Role, ApiServer>,
  productId: string,
  stock: number,
  buyers: Buyer[],
  orderIds: string[],
) {
  for (const { base } of Object.values(servers)) {
    const res = await fetch(`${base}/api/product/${productId}`, { signal: AbortSignal.timeout(REQUEST_MS) });
    expect(((await res.json()) as ProductJson).Availability).toBe(stock);
  }
  const lists = await Promise.all(
    buyers.map(async (buyer, i) => {
      const { base } = i % 2 ? servers.B : servers.A;
      const res = await fetch(`${base}/api/order/${encodeURIComponent(buyer.email)}`, {
        headers: { Authorization: `Bearer ${buyer.token}` },
        signal: AbortSignal.timeout(REQUEST_MS),
      });
      expect(res.status).toBe(200);
      return (await res.json()) as OrderJson[];
    }),
  );
  const listed = lists.flat().filter((o) => o.productId === productId);
  expect(listed.map((o) => o._id).sort()).toEqual([...orderIds].sort());
}
