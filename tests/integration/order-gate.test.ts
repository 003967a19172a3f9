import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Db } from "@server/db/client";
import { order, orderLine, product, productVariant } from "@server/db/schema";
import { variantLabel } from "@shared/variants";
import { insertOrderTakingStock } from "@server/orders/sql/insert-order";
import { insertOrderOfLines } from "@server/orders/sql/insert-lines-order";
import { asBearer, jsonInit, signUp, type TestAccount } from "../support/accounts";
import { makeProduct, TEST_DELIVERY } from "../support/orders";
import { expectLedgersBalanced } from "../support/stock-ledger";
import { useTestApp } from "../support/test-app";
import { sessionUserOf } from "../support/use-case-actors";

// A one-line order is one statement (decision 0049), and so is a checkout (0053); each takes its stock first, in
// take_stock (0054): the gate (the buyer's lock and open orders, then the products' locks), then the guarded take of
// every line as it is now.

const MAX_OPEN = 2;

describe("the order's gate and read: the one-line order's and the checkout's", () => {
  const t = useTestApp({ MAX_OPEN_ORDERS: String(MAX_OPEN) });

  const placeOrder = (buyer: TestAccount, productId: string) =>
    t.request("/api/order", jsonInit("POST", { productId, quantity: 20, delivery: TEST_DELIVERY }, asBearer(buyer)));

  it("refuses a buyer at the open-order limit for the limit, before any stock is looked at", async () => {
    const buyer = await signUp(t);
    for (let i = 0; i < MAX_OPEN; i++) expect((await placeOrder(buyer, (await makeProduct(t)).id)).status).toBe(200);
    const soldOut = await makeProduct(t, { availability: 0 });
    const res = await placeOrder(buyer, soldOut.id);
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ code: "order.too_many_open", params: { max: MAX_OPEN } });
  });

  it("reads nothing before its statement: the line's SKU and label are the variant's as the statement found it", async () => {
    const buyer = await signUp(t);
    const made = await makeProduct(t, { availability: 200 });
    const options = [
      { name: "Length", nameBn: null, values: ["300 mm"] },
      { name: "Width", nameBn: null, values: ["12 mm"] },
    ];
    const values = { Width: "12 mm", Length: "300 mm" };
    await t.database.db.update(product).set({ options }).where(eq(product.id, made.id));
    await t.database.db
      .update(productVariant)
      .set({ options: values, sku: "RND-LEN-WID" })
      .where(eq(productVariant.id, made.variantId));
    let reads = 0;
    const db = afterRead(t.database.db, "randa_order_shelves", async () => {
      reads++;
    });
    const placed = await insertOrderTakingStock(
      db,
      { productId: made.id, variantId: undefined, quantity: 20 },
      await sessionUserOf(t, buyer),
      { maxOpenOrders: MAX_OPEN, holdMinutes: 30 },
    );
    expect(reads).toBe(0);
    const [line] = await t.database.db.select().from(orderLine).where(eq(orderLine.orderId, placed.order.id));
    // shared/variants.ts names it so: the values in the product's option order.
    expect(variantLabel(options, values)).toBe("300 mm · 12 mm");
    expect(line).toMatchObject({ sku: "RND-LEN-WID", variantLabel: "300 mm · 12 mm", variantId: made.variantId });
    const [variant] = await t.database.db.select().from(productVariant).where(eq(productVariant.id, made.variantId));
    expect(variant!.availability).toBe(180);
    await expectLedgersBalanced(t.database.db, [made.id]);
  });

  it("reads the variant to say why when the statement took nothing", async () => {
    const buyer = await signUp(t);
    const made = await makeProduct(t, { availability: 30 });
    let reads = 0;
    const db = afterRead(t.database.db, "randa_order_shelves", async () => {
      reads++;
    });
    const refused = insertOrderTakingStock(
      db,
      { productId: made.id, variantId: undefined, quantity: 40 },
      await sessionUserOf(t, buyer),
      { maxOpenOrders: MAX_OPEN, holdMinutes: 30 },
    );
    await expect(refused).rejects.toMatchObject({ code: "stock.too_low" });
    expect(reads).toBe(1);
    expect(await t.database.db.select().from(order).where(eq(order.buyerEmail, buyer.email))).toHaveLength(0);
  });

  it("places a checkout again, charged anew, when a line's price changed after it was read", async () => {
    const buyer = await signUp(t);
    const chisel = await makeProduct(t, { pricePoisha: 100000, weightGrams: 300 });
    const saw = await makeProduct(t, { pricePoisha: 200000, weightGrams: 500 });
    let reads = 0;
    const db = afterRead(t.database.db, "randa_order_shelves", async () => {
      if (++reads === 1) {
        await t.database.db
          .update(productVariant)
          .set({ pricePoisha: 150000 })
          .where(eq(productVariant.id, saw.variantId));
      }
    });
    const parcels: { weightGrams: number; subtotalPoisha: number }[] = [];
    const { order: placed } = await insertOrderOfLines(
      db,
      [
        { productId: chisel.id, quantity: 20 },
        { productId: saw.id, variantId: saw.variantId, quantity: 20 },
      ],
      await sessionUserOf(t, buyer),
      {
        delivery: { ...TEST_DELIVERY, division: "Dhaka" },
        charge: (parcel) => {
          parcels.push(parcel);
          return { zone: "dhaka_suburbs", chargePoisha: parcel.subtotalPoisha / 1000 };
        },
        maxOpenOrders: MAX_OPEN,
        holdMinutes: 30,
        now: new Date(),
        idempotencyKey: undefined,
        language: "en",
      },
    );
    expect(reads).toBe(3); // the first read, the read of why nothing was taken, the second read
    expect(parcels).toEqual([
      { weightGrams: 16_000, subtotalPoisha: 6_000_000 },
      { weightGrams: 16_000, subtotalPoisha: 5_000_000 },
    ]);
    expect(placed).toMatchObject({ payablePoisha: 5_000_000, deliveryChargePoisha: 5_000, lineCount: 2 });
    const lines = await t.database.db.select().from(orderLine).where(eq(orderLine.orderId, placed.id));
    expect(lines.map((l) => [l.productId, l.pricePoisha, l.quantity]).sort()).toEqual(
      [
        [chisel.id, 100000, 20],
        [saw.id, 150000, 20],
      ].sort(),
    );
    expect(await t.database.db.select().from(order).where(eq(order.buyerEmail, buyer.email))).toHaveLength(1);
    await expectLedgersBalanced(t.database.db, [chisel.id, saw.id]);
  });

  it("refuses a checkout at the open-order limit for the limit, before any line is looked at", async () => {
    const buyer = await signUp(t);
    for (let i = 0; i < MAX_OPEN; i++) expect((await placeOrder(buyer, (await makeProduct(t)).id)).status).toBe(200);
    const soldOut = await makeProduct(t, { availability: 0 });
    const added = await t.request(
      "/api/cart/items",
      jsonInit("POST", { productId: (await makeProduct(t)).id, quantity: 20 }, asBearer(buyer)),
    );
    expect(added.status).toBe(200);
    const res = await t.request(
      "/api/checkout",
      jsonInit("POST", { only: { productId: soldOut.id, quantity: 20 }, delivery: TEST_DELIVERY }, asBearer(buyer)),
    );
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ code: "order.too_many_open", params: { max: MAX_OPEN } });
    const cartRes = await t.request("/api/checkout", jsonInit("POST", { delivery: TEST_DELIVERY }, asBearer(buyer)));
    expect(await cartRes.json()).toMatchObject({ code: "order.too_many_open" });
  });

  it("takes every line's stock or none: a line refused, or a variant asked for twice, leaves every shelf as it was", async () => {
    const buyer = await sessionUserOf(t, await signUp(t));
    const plane = await makeProduct(t, { availability: 200 });
    const saw = await makeProduct(t, { availability: 40 });
    const line = (made: { id: string; variantId: string }, quantity: number, position: number) => ({
      position,
      product_id: made.id,
      variant_id: made.variantId,
      quantity,
    });
    const take = async (lines: object[]) => {
      const answer = (await t.database.db.execute(
        sql`select * from take_stock(${buyer.id}::text, ${MAX_OPEN}::integer, ${JSON.stringify(lines)}::jsonb,
          20, now())`,
      )) as unknown as { rows: { variant_id: string; availability: number }[] };
      return answer.rows;
    };
    const shelves = async () =>
      Promise.all(
        [plane, saw].map(async (made) => ({
          product: (await t.database.db.select().from(product).where(eq(product.id, made.id)))[0]!.availability,
          variant: (await t.database.db.select().from(productVariant).where(eq(productVariant.id, made.variantId)))[0]!
            .availability,
        })),
      );
    const before = await shelves();
    // 40 of a stock of 40 is over the half one order may take.
    expect(await take([line(plane, 20, 0), line(saw, 40, 1)])).toEqual([]);
    expect(await take([line(plane, 20, 0), line(plane, 20, 1)])).toEqual([]);
    expect(await shelves()).toEqual(before);
    const taken = await take([line(plane, 20, 0), line(saw, 20, 1)]);
    expect(taken.map((r) => [r.variant_id, r.availability])).toEqual([
      [plane.variantId, 180],
      [saw.variantId, 20],
    ]);
    expect(await shelves()).toEqual([
      { product: 180, variant: 180 },
      { product: 20, variant: 20 },
    ]);
  });
});

/** `db`, but each run of the prepared statement `name` is followed by `then` before its rows are answered. */
function afterRead(db: Db, name: string, then: () => Promise<void>): Db {
  const session = db._.session;
  const watched = new Proxy(session, {
    get(target, prop) {
      if (prop !== "prepareQuery") return bound(target, prop);
      return (...args: Parameters<typeof session.prepareQuery>) => {
        const prepared = target.prepareQuery(...args);
        if (args[2] !== name) return prepared;
        return {
          execute: async (values?: Record<string, unknown>) => {
            const rows = await prepared.execute(values);
            await then();
            return rows;
          },
        };
      };
    },
  });
  const internals = { ...db._, session: watched };
  return new Proxy(db, { get: (target, prop) => (prop === "_" ? internals : bound(target, prop)) });
}

function bound(target: object, prop: string | symbol) {
  const value: unknown = Reflect.get(target, prop);
  return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
}
