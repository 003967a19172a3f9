import { asc, eq, inArray, sql } from "drizzle-orm";
import pg from "pg";
import { beforeAll, describe, expect, it } from "vitest";
import type { SessionUser } from "@server/auth/session";
import { user } from "@server/db/auth-schema";
import type { Db } from "@server/db/client";
import { order, orderEvent, orderLine, payment, product, testPaymentIntent } from "@server/db/schema";
import { cancelOrder } from "@server/orders/orders";
import { confirmTestCard as confirmOnCopy } from "@server/payments/payments";
import { asBearer, signUp, type TestAccount } from "../../support/accounts";
import { sleep } from "../../support/api-servers";
import { as } from "../../support/contexts";
import { endingsOf, HOLDING_STATUSES, inSnapshot, orderProblems, tally, type Ending } from "../../support/money-checks";
import { call, confirmTestCard, GOOD_CARD, startTestCard } from "../../support/order-money";
import { TEST_DELIVERY } from "../../support/orders";
import { RACE_MS, statusOf, useRaceOrders } from "../../support/race-orders";
import { useTestApp } from "../../support/test-app";
import { insertStocked } from "../../support/stock-ledger";
import { unbalancedLedgers } from "@server/stock";

// Checkout of multi-line carts (server/orders/sql/insert-lines-order.ts) under real races on PostgreSQL. A hundred
// buyers check out three-line carts at once, all wanting a product with stock for thirty orders: every order is
// all its lines or nothing, the scarce product never goes below zero, and a refused checkout takes nothing of the
// other products. Then a hundred such orders are paid by test card, cancelled by their buyer or an admin and expired
// by two copies of the store at the same moment, while new checkouts take the same products: each order ends paid,
// cancelled or expired, and every product's stock is exactly what the orders that kept their lines took. Last,
// every order of the file adds up: its lines' amounts are its goods' total, and its total is that plus delivery.
// Collected only when DATABASE_URL is set.

const BUYERS = 100;
/** The scarce product's stock is enough for this many orders of SCARCE_PIECES each. */
const SCARCE_ORDERS = 30;
const SCARCE_PIECES = 20;
const PLENTY = 100_000;
/** The two plentiful products of each cart, out of four: every pair, so checkouts lock different sets of rows. */
const PAIRS = [
  [0, 1],
  [0, 2],
  [0, 3],
  [1, 2],
  [1, 3],
  [2, 3],
] as const;

type Line = readonly [productId: string, quantity: number];

interface Placed {
  id: string;
  buyer: TestAccount;
  lines: Line[];
}

/** What one order of the race meets: a payment by test card (here or on the other copy), a cancel, both or none. */
interface Role {
  pay?: "here" | "copy";
  cancel?: "buyer" | "admin";
}

/** On the step of 20 from a minimum of 1: 1 to 161 pieces. */
const pieces = (n: number) => 1 + 20 * (n % 9);

describe("checkout of three-line carts racing on PostgreSQL", () => {
  // A hundred carts filled from one address: the cart's rate limit is not what these races are about.
  const t = useTestApp({ CART_LIMIT_PER_MINUTE: "1000000" });
  const race = useRaceOrders(t);
  const buyers: TestAccount[] = [];
  const users = new Map<string, SessionUser>();
  /** Every order a checkout placed in this file, with what the checkout answered, for the last test's sums. */
  const answered = new Map<string, number>();

  beforeAll(async () => {
    buyers.push(...(await Promise.all(Array.from({ length: BUYERS }, () => signUp(t)))));
    for (const u of await t.database.db.select().from(user)) {
      users.set(u.email, { id: u.id, name: u.name, email: u.email, role: u.role });
    }
  }, 120_000);

  const actorOf = (account: TestAccount) => users.get(account.email)!;

  async function makeProducts(
    n: number,
    shape: (k: number) => Partial<typeof product.$inferInsert>,
  ): Promise<{ id: string; availability: number }[]> {
    const rows = await insertStocked(
      t.database.db,
      Array.from({ length: n }, (_, k) => ({
        name: `Raced Chisel ${k}`,
        image: "/images/products/mortise-chisel.svg",
        pricePoisha: 10_000 + 1_111 * k,
        weightGrams: 150 + 50 * k,
        minimumQuantity: 1,
        availability: PLENTY,
        // No hoarding limit (decision 0026) is reached unless the product asks for one.
        maxPerOrder: PLENTY,
        ...shape(k),
      })),
    );
    return rows.map((r) => ({ id: r.id, availability: r.availability }));
  }

  /** The buyer's cart, line by line in the order given, through POST /api/cart/items. */
  async function fill(buyer: TestAccount, lines: readonly Line[]) {
    for (const [productId, quantity] of lines) {
      const res = await call(t, buyer, "POST", "/api/cart/items", { productId, quantity });
      if (res.status !== 200) throw new Error(`add to cart failed: ${res.status} ${await res.text()}`);
    }
  }

  async function cartOf(buyer: TestAccount) {
    const res = await t.request("/api/cart", { headers: asBearer(buyer) });
    expect(res.status).toBe(200);
    return ((await res.json()) as { items: { id: string; productId: string; quantity: number }[] }).items;
  }

  /** Whatever an earlier test left in the buyer's cart, removed through DELETE /api/cart/items/{id}. */
  async function emptyCart(buyer: TestAccount) {
    for (const item of await cartOf(buyer)) {
      expect((await call(t, buyer, "DELETE", `/api/cart/items/${item.id}`)).status).toBe(200);
    }
  }

  async function checkout(buyer: TestAccount) {
    const res = await call(t, buyer, "POST", "/api/checkout", { delivery: TEST_DELIVERY });
    const body = (await res.json()) as {
      insertedId?: string;
      total?: number;
      code?: string;
      lines?: { productId: string; code: string }[];
    };
    if (res.status === 200) answered.set(body.insertedId!, body.total!);
    return { status: res.status, body };
  }

  /** Each order's lines as stored, `[productId, quantity]` by position. */
  async function linesOf(db: Db, orderIds: string[]): Promise<Map<string, Line[]>> {
    const rows = await db
      .select()
      .from(orderLine)
      .where(inArray(orderLine.orderId, orderIds))
      .orderBy(asc(orderLine.orderId), asc(orderLine.position));
    const lines = new Map<string, Line[]>(orderIds.map((id) => [id, []]));
    for (const r of rows) lines.get(r.orderId)!.push([r.productId!, r.quantity]);
    return lines;
  }

  /** Pieces of each product over the lines given. */
  function piecesOf(lines: Iterable<readonly Line[]>): Map<string, number> {
    const sums = new Map<string, number>();
    for (const order of lines) for (const [id, n] of order) sums.set(id, (sums.get(id) ?? 0) + n);
    return sums;
  }

  /**
   * Stock adds up line by line, read at one committed moment: each product's shelf plus the pieces of the lines of
   * orders still holding them (unpaid, paid, cash on delivery, shipped, delivered) is its stock at the start, and
   * no shelf is below zero. An order half placed, or half given back, would show here. Read in `snapshot` (a
   * transaction of the caller's), else in a read-only snapshot of its own.
   */
  async function lineStockProblems(initial: Map<string, number>, snapshot?: Db): Promise<string[]> {
    const ids = [...initial.keys()];
    const read = (tx: Db) =>
      Promise.all([
        tx.select({ id: product.id, availability: product.availability }).from(product).where(inArray(product.id, ids)),
        tx
          .select({ productId: orderLine.productId, pieces: sql<number>`sum(${orderLine.quantity})::int` })
          .from(orderLine)
          .innerJoin(order, eq(order.id, orderLine.orderId))
          .where(sql`${inArray(orderLine.productId, ids)} and ${inArray(order.status, [...HOLDING_STATUSES])}`)
          .groupBy(orderLine.productId),
        // Every stock change and its ledger row commit together, so the ledger adds up at any committed moment.
        unbalancedLedgers(tx, ids),
      ]);
    const [shelves, held, unbalanced] = await (snapshot ? read(snapshot) : inSnapshot(t.database.db, read));
    const heldOf = new Map(held.map((h) => [h.productId!, h.pieces]));
    const problems: string[] = [];
    for (const shelf of shelves) {
      const taken = heldOf.get(shelf.id) ?? 0;
      if (shelf.availability < 0 || shelf.availability + taken !== initial.get(shelf.id)) {
        problems.push(`${shelf.id}: ${shelf.availability} on the shelf + ${taken} held ≠ ${initial.get(shelf.id)}`);
      }
    }
    if (shelves.length !== ids.length) problems.push(`${ids.length - shelves.length} products are gone`);
    for (const off of unbalanced) problems.push(`${off.productId}: ${off.availability} ≠ ${off.ledger} by its ledger`);
    return problems;
  }

  /** Looks at the stock (lineStockProblems) again and again until stopped: what it saw, and how often it looked. */
  function watchStock(initial: Map<string, number>) {
    let watching = true;
    const seen: string[] = [];
    let looks = 0;
    const done = (async () => {
      while (watching) {
        seen.push(...(await lineStockProblems(initial)));
        looks++;
        await sleep(5);
      }
    })();
    return {
      async stop() {
        watching = false;
        await done;
        return { problems: seen, looks };
      },
    };
  }

  it(
    `${BUYERS} checkouts at once of three-line carts sharing a product with stock for ${SCARCE_ORDERS} orders`,
    async () => {
      const [scarce] = await makeProducts(1, () => ({
        name: "Scarce Spokeshave",
        pricePoisha: 245_000,
        weightGrams: 300,
        minimumQuantity: SCARCE_PIECES,
        maxPerOrder: SCARCE_PIECES,
        availability: SCARCE_ORDERS * SCARCE_PIECES,
      }));
      const plenty = await makeProducts(4, () => ({}));
      const initial = new Map([scarce!, ...plenty].map((p) => [p.id, p.availability]));
      // Buyer i's cart: two plentiful products (a pair of the four) of 1 to 161 pieces, and the scarce one, first,
      // second or last.
      const carts = buyers.map((_, i): Line[] => {
        const [a, b] = PAIRS[i % PAIRS.length]!;
        const lines: Line[] = [
          [plenty[a]!.id, pieces(i * 7)],
          [plenty[b]!.id, pieces(i * 7 + 4)],
        ];
        lines.splice(i % 3, 0, [scarce!.id, SCARCE_PIECES]);
        return lines;
      });
      await Promise.all(buyers.map((b) => emptyCart(b)));
      await Promise.all(buyers.map((b, i) => fill(b, carts[i]!)));

      const watcher = watchStock(initial);
      const answers = await Promise.all(buyers.map((b) => checkout(b))).finally(async () => {
        const watched = await watcher.stop();
        // At every moment looked at, each checkout had taken all its lines or none.
        expect(watched.problems).toEqual([]);
        expect(watched.looks).toBeGreaterThan(0);
      });

      for (const a of answers) expect([200, 409], JSON.stringify(a)).toContain(a.status);
      const placedAt = answers.flatMap((a, i) => (a.status === 200 ? [i] : []));
      const refusedAt = answers.flatMap((a, i) => (a.status === 409 ? [i] : []));
      // Refused for the scarce line alone, which the refusal names.
      for (const i of refusedAt) {
        expect(answers[i]!.body).toMatchObject({
          code: "checkout.lines_short",
          lines: [{ productId: scarce!.id, code: "stock.too_low" }],
        });
      }
      // As many orders as the stock allows: the scarce product is sold out, and nothing else refused one.
      expect(placedAt).toHaveLength(SCARCE_ORDERS);

      // Every placed order holds its buyer's three lines, in the cart's order, the first repeated on the order row.
      const placedIds = placedAt.map((i) => answers[i]!.body.insertedId!);
      const stored = await linesOf(t.database.db, placedIds);
      const rows = new Map(
        (await t.database.db.select().from(order).where(inArray(order.id, placedIds))).map((r) => [r.id, r]),
      );
      for (const i of placedAt) {
        const id = answers[i]!.body.insertedId!;
        const row = rows.get(id)!;
        expect(stored.get(id)).toEqual(carts[i]);
        expect([row.buyerEmail, row.lineCount, row.productId, row.quantity, row.status]).toEqual([
          buyers[i]!.email,
          3,
          carts[i]![0]![0],
          carts[i]![0]![1],
          "unpaid",
        ]);
      }
      const events = await t.database.db
        .select({ orderId: orderEvent.orderId })
        .from(orderEvent)
        .where(sql`${orderEvent.status} = 'placed' and ${inArray(orderEvent.orderId, placedIds)}`);
      expect(events.map((e) => e.orderId).sort()).toEqual([...placedIds].sort());

      // A refused buyer has no order and still has the three lines; a placed one's cart is empty.
      const refusedIds = refusedAt.map((i) => actorOf(buyers[i]!).id);
      const strays = await t.database.db.select().from(order).where(inArray(order.buyerId, refusedIds));
      expect(strays).toEqual([]);
      const left = await Promise.all(buyers.map((b) => cartOf(b)));
      for (const i of refusedAt) expect(left[i]!.map((l) => [l.productId, l.quantity])).toEqual(carts[i]);
      for (const i of placedAt) expect(left[i]).toEqual([]);

      // Stock: what the placed orders' lines took and nothing more, the refused checkouts' lines none of it.
      const shelves = new Map(
        (
          await t.database.db
            .select()
            .from(product)
            .where(inArray(product.id, [...initial.keys()]))
        ).map((p) => [p.id, p.availability]),
      );
      const taken = piecesOf(placedAt.map((i) => carts[i]!));
      expect(taken.get(scarce!.id)).toBe(SCARCE_ORDERS * SCARCE_PIECES);
      expect(shelves.get(scarce!.id)).toBe(0);
      for (const p of plenty) expect(shelves.get(p.id), p.id).toBe(PLENTY - (taken.get(p.id) ?? 0));
      expect(await lineStockProblems(initial)).toEqual([]);
    },
    RACE_MS,
  );

  /**
   * How order i's race goes: paid by test card, cancelled, both, or neither (left to the expiry). A payment alone
   * comes over HTTP to this copy or through the use case on the other copy; a cancel alone over HTTP, by the buyer or
   * an admin. When both race, each side has a copy (a connection pool) of its own, as in money-races.test.ts: the
   * payment on the other copy, the cancel through the use case on this one.
   */
  const ROLES: Role[] = [
    { pay: "here" },
    { pay: "copy" },
    { cancel: "buyer" },
    { cancel: "admin" },
    { pay: "copy", cancel: "buyer" },
    { pay: "copy", cancel: "admin" },
    {},
  ];
  const roleOf = (i: number) => ROLES[i % ROLES.length]!;

  it(
    `${BUYERS} three-line orders paid, cancelled and expired at once while new checkouts take the same products`,
    async () => {
      const products = await makeProducts(4, () => ({}));
      const initial = new Map(products.map((p) => [p.id, p.availability]));
      // Three of the four products, a different one left out and a different one first from order to order.
      const cartFor = (i: number): Line[] => {
        const three = products.filter((_, k) => k !== i % 4).map((p, k): Line => [p.id, pieces(i * 5 + k * 2)]);
        return [...three.slice(i % 3), ...three.slice(0, i % 3)];
      };
      await Promise.all([...buyers, ...race.buyers].map((b) => emptyCart(b)));
      const orders = await Promise.all(
        buyers.map(async (buyer, i): Promise<Placed> => {
          const lines = cartFor(i);
          await fill(buyer, lines);
          const { status, body } = await checkout(buyer);
          if (status !== 200) throw new Error(`checkout failed: ${status} ${JSON.stringify(body)}`);
          return { id: body.insertedId!, buyer, lines };
        }),
      );
      const ids = orders.map((o) => o.id);
      const secrets = await Promise.all(
        orders.map((o, i) => (roleOf(i).pay ? startTestCard(t, o.buyer, o.id) : Promise.resolve(null))),
      );
      // New buyers' carts, checked out during the race: they take the same products' rows as the stock comes back.
      const freshCarts = race.buyers.map((_, j) => cartFor(j + 1));
      await Promise.all(race.buyers.map((b, j) => fill(b, freshCarts[j]!)));

      // Every hold runs out at `at`, order i a few ms before order i + 1: the expiry starts with the first orders,
      // the payments are sent first order first and the cancels last order first, so each side wins some races.
      const at = new Date();
      await Promise.all(
        orders.map((o, i) =>
          t.database.db
            .update(order)
            .set({ expiresAt: new Date(at.getTime() - (orders.length - 1 - i)) })
            .where(eq(order.id, o.id)),
        ),
      );
      const watcher = watchStock(initial);
      const { answers, expiredInRace } = await race
        .withExpiry(at, async (copy) => {
          const pay: (number | null)[] = [];
          const cancel: (number | null)[] = [];
          const paying = async (i: number) => {
            const role = roleOf(i);
            const secret = secrets[i]!;
            pay[i] =
              role.pay === "here"
                ? (await confirmTestCard(t, secret)).status
                : role.pay === "copy"
                  ? await statusOf(confirmOnCopy(as(copy.services, null), { clientSecret: secret, card: GOOD_CARD }))
                  : null;
          };
          const cancelling = async (i: number) => {
            const o = orders[i]!;
            const role = roleOf(i);
            if (!role.cancel) return;
            const who = role.cancel === "admin" ? race.admin : o.buyer;
            const reason = role.cancel === "admin" ? { reason: "Warped" } : {};
            cancel[i] = role.pay
              ? await statusOf(cancelOrder(as(t, actorOf(who)), o.id, reason))
              : (await call(t, who, "DELETE", `/api/order/${o.id}`, reason)).status;
          };
          // Sent in turn, order k's payment and order n - 1 - k's cancel: the first half's payments go before their
          // cancels, the second half's after, and the new checkouts in the middle.
          const n = orders.length;
          const sent: Promise<unknown>[] = [];
          let fresh: Promise<Awaited<ReturnType<typeof checkout>>[]> | undefined;
          for (let k = 0; k < n; k++) {
            if (k === n / 2) fresh = Promise.all(race.buyers.map((b) => checkout(b)));
            sent.push(paying(k), cancelling(n - 1 - k));
          }
          await Promise.all(sent);
          return { pay, cancel, fresh: await fresh! };
        })
        .finally(async () => {
          const watched = await watcher.stop();
          // At no moment looked at was an order's stock half given back, or half taken.
          expect(watched.problems).toEqual([]);
        });

      for (const f of answers.fresh) expect(f.status, JSON.stringify(f.body)).toBe(200);
      const freshIds = answers.fresh.map((f) => f.body.insertedId!);
      const { endings, intents, problems } = await inSnapshot(t.database.db, async (tx) => ({
        endings: await endingsOf(tx, [...ids, ...freshIds]),
        intents: await tx.select().from(testPaymentIntent).where(inArray(testPaymentIntent.orderId, ids)),
        problems: await lineStockProblems(initial, tx),
      }));
      expect(problems).toEqual([]);

      // Money: each order's history and payments follow the rules; every intent that took money is one payment row,
      // for its order's total, and there is no payment no intent took.
      const orderRules = [...endings.values()].flatMap(orderProblems);
      expect(orderRules).toEqual([]);
      const succeeded = new Map(intents.filter((i) => i.status === "succeeded").map((i) => [i.id, i.orderId]));
      const payments = [...endings.values()].flatMap((e) => e.payments);
      for (const p of payments) {
        expect([p.provider, succeeded.get(p.providerRef)], `payment ${p.providerRef}`).toEqual(["test", p.orderId]);
        expect(p.amountPoisha).toBe(endings.get(p.orderId)!.row.totalPoisha);
      }
      expect(payments).toHaveLength(succeeded.size);

      const outcomes = orders.map((o, i) =>
        outcome(endings.get(o.id)!, roleOf(i), answers.pay[i] ?? null, answers.cancel[i] ?? null),
      );
      expect(outcomes.filter((o) => o.startsWith("?"))).toEqual([]);
      console.log(`${orders.length} three-line orders paid, cancelled and expired at once:`, tally(outcomes));
      // The payments and cancels met: some cancels came first, some payments.
      expect(outcomes.some((o) => o.includes(", then paid"))).toBe(true);
      expect(outcomes.some((o) => o.startsWith("paid, "))).toBe(true);
      // Each order ended one way: paid, cancelled or expired (an admin's cancel after payment leaves it cancelled);
      // the new checkouts' orders are unpaid, their holds an hour away.
      const statuses = tally(orders.map((o) => endings.get(o.id)!.row.status));
      expect(Object.keys(statuses).sort()).toEqual(["cancelled", "expired", "paid"]);
      for (const id of freshIds) expect(endings.get(id)!.row.status).toBe("unpaid");
      expect(expiredInRace).toBeLessThanOrEqual(statuses.expired!);

      // Stock: every cancelled or expired order gave back every line once; paid and new orders keep theirs.
      const kept = piecesOf([
        ...orders.filter((o) => endings.get(o.id)!.row.status === "paid").map((o) => o.lines),
        ...freshCarts,
      ]);
      const shelves = await t.database.db
        .select()
        .from(product)
        .where(
          inArray(
            product.id,
            products.map((p) => p.id),
          ),
        );
      for (const shelf of shelves) expect(shelf.availability, shelf.id).toBe(PLENTY - (kept.get(shelf.id) ?? 0));
      // The lines stored are the carts that were checked out.
      const stored = await linesOf(t.database.db, [...ids, ...freshIds]);
      for (const o of orders) expect(stored.get(o.id)).toEqual(o.lines);
      freshIds.forEach((id, j) => expect(stored.get(id)).toEqual(freshCarts[j]));
    },
    RACE_MS,
  );

  it("a checkout does not wait for a row that merely refers to its product (the deadlock with a cancel)", async () => {
    // A cancel writes its event's mail row, which refers to the order's first product (a KEY SHARE lock on that
    // product's row), before it gives the stock back in product order. A checkout that locked its products FOR UPDATE
    // waited for that lock while holding a product the cancel wanted next: PostgreSQL found a deadlock. Held here
    // from outside, the KEY SHARE lock must not stop a checkout of the product.
    const products = await makeProducts(3, () => ({}));
    const buyer = race.buyers[1]!;
    await emptyCart(buyer);
    await fill(
      buyer,
      products.map((p) => [p.id, 1] as const),
    );
    const outside = new pg.Client({ connectionString: t.database.url });
    await outside.connect();
    try {
      await outside.query("begin");
      await outside.query('select id from "product" where id = $1 for key share', [products[1]!.id]);
      const placed = checkout(buyer).then((answer) => answer.status);
      const waited = sleep(10_000).then(() => "still waiting after 10 s");
      expect(await Promise.race([placed, waited])).toBe(200);
    } finally {
      await outside.query("rollback");
      await outside.end();
    }
  });

  it("every order of the file adds up: its lines make its goods' total, and its total is that plus delivery", async () => {
    // Orders of this test's own, so the sums hold something when it runs alone: a three-line checkout, and one-line
    // orders through POST /api/order with and without delivery details (they write their one line too).
    const products = await makeProducts(3, (k) => ({ minimumQuantity: 20, pricePoisha: 125_050 + k }));
    const buyer = race.buyers[0]!;
    await emptyCart(buyer);
    await fill(
      buyer,
      products.map((p) => [p.id, 20] as const),
    );
    expect((await checkout(buyer)).status).toBe(200);
    for (const delivery of [TEST_DELIVERY, undefined]) {
      const res = await call(t, buyer, "POST", "/api/order", { productId: products[0]!.id, quantity: 20, delivery });
      expect(res.status).toBe(200);
    }

    const sums = (await t.database.db.execute(sql`
      select o.id, o.payable_poisha::bigint as payable, o.delivery_charge_poisha::bigint as charge,
             o.total_poisha::bigint as total, o.line_count as "lineCount", o.weight_grams as weight,
             o.product_id as "productId", o.price_poisha as price, o.quantity, o.delivery_zone as zone,
             count(l.order_id)::int as lines, coalesce(sum(l.amount_poisha), 0)::bigint as amounts,
             coalesce(sum(l.weight_grams * l.quantity), 0)::bigint as "lineWeight",
             bool_or(l.position = 0 and l.product_id = o.product_id and l.price_poisha = o.price_poisha
                     and l.quantity = o.quantity) as "firstRepeated"
      from "order" o left join order_line l on l.order_id = o.id
      group by o.id`)) as unknown as {
      rows: {
        id: string;
        payable: string;
        charge: string;
        total: string;
        lineCount: number;
        weight: number;
        zone: string | null;
        lines: number;
        amounts: string;
        lineWeight: string;
        firstRepeated: boolean;
      }[];
    };
    const orders = sums.rows.map((r) => ({
      ...r,
      payable: Number(r.payable),
      charge: Number(r.charge),
      total: Number(r.total),
      amounts: Number(r.amounts),
      lineWeight: Number(r.lineWeight),
    }));
    expect(orders.length).toBeGreaterThanOrEqual(3);
    const wrong = orders.filter(
      (o) =>
        o.lines < 1 ||
        o.lines !== o.lineCount ||
        o.amounts !== o.payable ||
        o.total !== o.payable + o.charge ||
        o.lineWeight !== o.weight ||
        !o.firstRepeated,
    );
    expect(wrong).toEqual([]);

    // What each checkout answered is the order's total, and its delivery charge is the zone's rate for its weight.
    const zones = (await (await t.request("/api/delivery-zones")).json()) as {
      id: string;
      freeAbove: number | null;
      districts: string[];
    }[];
    const zone = zones.find((z) => z.districts.includes(TEST_DELIVERY.district))!;
    const quotes = new Map<number, number>();
    for (const o of orders.filter((o) => answered.has(o.id))) {
      expect(Math.round(answered.get(o.id)! * 100), o.id).toBe(o.total);
      if (!quotes.has(o.weight)) {
        const res = await t.request(`/api/delivery-charge?district=${TEST_DELIVERY.district}&weight=${o.weight}`);
        const quote = (await res.json()) as { zone: string; charge: number };
        expect(quote.zone).toBe(zone.id);
        quotes.set(o.weight, quote.charge * 100);
      }
      const free = zone.freeAbove !== null && o.payable >= zone.freeAbove * 100;
      expect([o.zone, o.charge], o.id).toEqual([zone.id, free ? 0 : quotes.get(o.weight)]);
    }
    expect([...answered.keys()].every((id) => orders.some((o) => o.id === id))).toBe(true);

    // Every payment of the file took its order's total.
    const paid = await t.database.db
      .select({ amount: payment.amountPoisha, total: order.totalPoisha })
      .from(payment)
      .innerJoin(order, eq(order.id, payment.orderId));
    for (const p of paid) expect(p.amount).toBe(p.total);
  });
});

/**
 * How one order of the race ended, as a label for the tally; every ending the rules do not allow starts with "?".
 * `pay` and `cancel` are what the order's payment and cancel answered (null: its role had none).
 */
function outcome(e: Ending, role: Role, pay: number | null, cancel: number | null): string {
  const { status, cancelledBy } = e.row;
  const [first, ...more] = e.payments;
  const heard = `? ${status} by ${cancelledBy}, payments ${e.payments.map((p) => p.status).join("+") || "none"}, pay ${pay}, cancel ${cancel}`;
  if (more.length > 0) return heard;
  // The card either took the money (a payment row) or was refused and took nothing; an order not paid has none.
  if (role.pay) {
    if (!((pay === 200 && first) || (pay === 409 && !first))) return heard;
  } else if (first || pay !== null) return heard;
  if (!role.cancel && cancel !== null) return heard;
  if (role.cancel && cancel !== 200 && cancel !== 409) return heard;
  switch (status) {
    case "paid":
      // A buyer may not cancel a paid order; an admin always may, so it cannot stay paid.
      if (first?.status !== "succeeded" || role.cancel === "admin" || (role.cancel && cancel !== 409)) return heard;
      return role.cancel ? "paid, the buyer's cancel refused" : "paid";
    case "cancelled": {
      if (cancel !== 200 || cancelledBy !== role.cancel) return heard;
      if (!first)
        return pay === 409 ? `cancelled by the ${cancelledBy}, card refused` : `cancelled by the ${cancelledBy}`;
      if (first.status !== "refund_due" || e.row.refund !== "due") return heard;
      return e.events.paid
        ? `paid, then cancelled by the ${cancelledBy}: due back`
        : `cancelled by the ${cancelledBy}, then paid: due back`;
    }
    case "expired":
      if (role.cancel && cancel !== 409) return heard;
      if (!first) return pay === 409 ? "expired, card refused" : role.cancel ? "expired, cancel refused" : "expired";
      return first.status === "refund_due" && e.row.refund === "due" ? "expired, payment due back" : heard;
    default:
      return heard;
  }
}
