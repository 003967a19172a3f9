import { and, eq, ne, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { order, orderLine, product, productVariant } from "@server/db/schema";
import { signUp, signUpAdmin, type TestAccount } from "../../support/accounts";
import { call } from "../../support/order-money";
import { TEST_DELIVERY } from "../../support/orders";
import { expectLedgersBalanced, insertStocked } from "../../support/stock-ledger";
import { useTestApp } from "../../support/test-app";

// The sizes of one tool under real races on PostgreSQL (decision 0033): one-line orders and two-line checkouts of
// its variants, an admin repricing them and recording receipts, all at once. The product's row is the lock of all its
// shelves, so nothing deadlocks; every variant's stock is exactly its start, plus what was received, less what the
// orders that stand took; the scarce size never goes below zero; the product holds the sum; the ledger adds up.
// Collected only when DATABASE_URL is set.

const SIZES = ["6 mm", "10 mm", "12 mm", "16 mm"];
/** Each size's stock; the last is scarce: three orders of 20. */
const STOCK = [2_000, 2_000, 2_000, 60];
const BUYERS = 80;

describe("the sizes of one tool racing on PostgreSQL", () => {
  const t = useTestApp({ CART_LIMIT_PER_MINUTE: "1000000", ORDER_LIMIT_PER_MINUTE: "1000000" });
  let admin: TestAccount;
  const buyers: TestAccount[] = [];

  beforeAll(async () => {
    admin = await signUpAdmin(t);
    buyers.push(...(await Promise.all(Array.from({ length: BUYERS }, () => signUp(t)))));
  }, 120_000);

  it("takes each order from its own size, never below zero, and keeps the product the sum of its sizes", async () => {
    const [made] = await insertStocked(t.database.db, {
      name: "Raced Auger Bit",
      image: "/images/products/auger-bit.svg",
      pricePoisha: 38_000,
      minimumQuantity: 20,
      availability: 0,
      maxPerOrder: 100_000,
      options: [{ name: "Diameter", nameBn: null, values: SIZES }],
      variants: SIZES.map((size, i) => ({
        sku: `RACE-${i}-${Date.now().toString(36)}`,
        options: { Diameter: size },
        pricePoisha: 38_000 + 4_000 * i,
        availability: STOCK[i]!,
        minimumQuantity: 20,
        weightGrams: 100,
      })),
    });
    const productId = made!.id;
    const variants = await t.database.db
      .select()
      .from(productVariant)
      .where(eq(productVariant.productId, productId))
      .orderBy(productVariant.position);
    const ids = variants.map((v) => v.id);

    // Half the buyers fill two-line carts of two sizes (every pair, both orders of lines), before the race.
    const carted = buyers.slice(BUYERS / 2);
    await Promise.all(
      carted.map(async (buyer, i) => {
        const a = i % 4;
        const b = (i + 1 + (i % 3)) % 4;
        for (const v of i % 2 === 0 ? [a, b] : [b, a]) {
          const res = await call(t, buyer, "POST", "/api/cart/items", { productId, variantId: ids[v], quantity: 20 });
          expect(res.status, await res.text()).toBe(200);
        }
      }),
    );

    let received = 0;
    const admins = (async () => {
      // Meanwhile, an admin reprices every size (without counting them) and receives pieces of the second.
      for (let round = 0; round < 5; round++) {
        const reprice = await call(t, admin, "PUT", `/api/product/${productId}`, {
          options: [{ name: "Diameter", values: SIZES }],
          variants: variants.map((v, i) => ({
            id: v.id,
            sku: v.sku,
            options: v.options,
            price: 380 + 40 * i + round,
            minimumQuantity: 20,
            weight: 100,
          })),
        });
        expect(reprice.status, await reprice.text()).toBe(200);
        const receipt = await call(t, admin, "POST", `/api/product/${productId}/stock`, {
          variantId: ids[1],
          reason: "received",
          change: 20,
        });
        expect(receipt.status, await receipt.text()).toBe(200);
        received += 20;
      }
    })();
    const answers = await Promise.all([
      ...buyers
        .slice(0, BUYERS / 2)
        .map((buyer, i) => call(t, buyer, "POST", "/api/order", { productId, variantId: ids[i % 4], quantity: 20 })),
      ...carted.map((buyer) =>
        call(t, buyer, "POST", "/api/checkout", { delivery: TEST_DELIVERY, paymentMethod: "card" }),
      ),
    ]);
    await admins;
    // Every answer is an order or a refusal that says why: no 500 (a deadlock), no lost update.
    for (const res of answers) expect([200, 409]).toContain(res.status);

    const rows = await t.database.db
      .select({ variantId: orderLine.variantId, taken: sql<number>`sum(${orderLine.quantity})::int` })
      .from(orderLine)
      .innerJoin(order, eq(order.id, orderLine.orderId))
      .where(and(eq(orderLine.productId, productId), ne(order.status, "cancelled")))
      .groupBy(orderLine.variantId);
    const taken = new Map(rows.map((r) => [r.variantId, r.taken]));
    const after = await t.database.db
      .select()
      .from(productVariant)
      .where(eq(productVariant.productId, productId))
      .orderBy(productVariant.position);
    expect(after.map((v) => v.availability)).toEqual(
      ids.map((id, i) => STOCK[i]! + (i === 1 ? received : 0) - (taken.get(id) ?? 0)),
    );
    // The scarce size sold out exactly: three orders of 20, never a fourth.
    expect(taken.get(ids[3]!)).toBe(60);
    expect(after[3]!.availability).toBe(0);
    const [shelf] = await t.database.db.select().from(product).where(eq(product.id, productId));
    expect(shelf!.availability).toBe(after.reduce((sum, v) => sum + v.availability, 0));
    // The prices of the last round stand on every size, and the product repeats the first's.
    expect(after.map((v) => v.pricePoisha)).toEqual([38_400, 42_400, 46_400, 50_400]);
    expect(shelf!.pricePoisha).toBe(38_400);
    await expectLedgersBalanced(t.database.db, [productId]);
  }, 120_000);
});
