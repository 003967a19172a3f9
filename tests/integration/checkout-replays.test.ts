import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { order, savedAddress } from "@server/db/schema";
import { asBearer, jsonInit, signUp, type TestAccount } from "../support/accounts";
import { userIdOf } from "../support/cart-scenes";
import { CALLS_COUNTED, changedTables, fingerprint } from "../support/fingerprint";
import { makeProduct, TEST_DELIVERY } from "../support/orders";
import { useTestApp } from "../support/test-app";

/**
 * A retried checkout (the same Idempotency-Key: its answer was lost, say) answers the order the first one placed, as
 * the OpenAPI document says, and changes nothing: not the stock, not the address book, and not the cart, which may
 * hold what was added since.
 */
describe("a retried checkout", () => {
  const t = useTestApp();

  const add = async (buyer: TestAccount) => {
    const { id } = await makeProduct(t);
    const res = await t.request("/api/cart/items", jsonInit("POST", { productId: id, quantity: 20 }, asBearer(buyer)));
    expect(res.status).toBe(200);
    return id;
  };
  const checkout = (buyer: TestAccount, key: string, body: object = {}) =>
    t.request(
      "/api/checkout",
      jsonInit(
        "POST",
        { delivery: TEST_DELIVERY, paymentMethod: "cod", saveAddress: true, ...body },
        { ...asBearer(buyer), "Idempotency-Key": key },
      ),
    );
  const cartOf = async (buyer: TestAccount) =>
    (
      (await (await t.request("/api/cart", { headers: asBearer(buyer) })).json()) as { items: { productId: string }[] }
    ).items.map((i) => i.productId);

  it("answers the first order when the cart it emptied is empty, and changes nothing", async () => {
    const buyer = await signUp(t);
    await add(buyer);
    const first = await checkout(buyer, "checkout-1");
    expect(first.status).toBe(200);
    const placed = (await first.json()) as { insertedId: string; total: number };

    const before = await fingerprint(t.database, CALLS_COUNTED);
    const retried = await checkout(buyer, "checkout-1");
    expect(retried.status).toBe(200);
    expect(await retried.json()).toEqual(placed);
    expect(changedTables(before, await fingerprint(t.database, CALLS_COUNTED))).toEqual([]);
  });

  it("leaves in the cart what was added since, unordered", async () => {
    const buyer = await signUp(t);
    await add(buyer);
    const placed = (await (await checkout(buyer, "checkout-2")).json()) as { insertedId: string };
    const later = await add(buyer);

    const before = await fingerprint(t.database, CALLS_COUNTED);
    const retried = await checkout(buyer, "checkout-2");
    expect(retried.status).toBe(200);
    expect(((await retried.json()) as { insertedId: string }).insertedId).toBe(placed.insertedId);
    expect(changedTables(before, await fingerprint(t.database, CALLS_COUNTED))).toEqual([]);
    expect(await cartOf(buyer)).toEqual([later]);
    const orders = await t.database.db
      .select()
      .from(order)
      .where(eq(order.buyerId, await userIdOf(t, buyer)));
    expect(orders.map((o) => o.id)).toEqual([placed.insertedId]);
  });

  it("keeps no address the retry typed", async () => {
    const buyer = await signUp(t);
    await add(buyer);
    expect((await checkout(buyer, "checkout-3")).status).toBe(200);
    const retried = await checkout(buyer, "checkout-3", { delivery: { ...TEST_DELIVERY, name: "Rahim Sheikh" } });
    expect(retried.status).toBe(200);
    const book = await t.database.db
      .select()
      .from(savedAddress)
      .where(eq(savedAddress.userId, await userIdOf(t, buyer)));
    expect(book.map((a) => a.delivery.name)).toEqual([TEST_DELIVERY.name]);
  });

  it("places a new order under a new key", async () => {
    const buyer = await signUp(t);
    await add(buyer);
    const first = (await (await checkout(buyer, "checkout-4")).json()) as { insertedId: string };
    await add(buyer);
    const second = await checkout(buyer, "checkout-5");
    expect(second.status).toBe(200);
    expect(((await second.json()) as { insertedId: string }).insertedId).not.toBe(first.insertedId);
    expect(await cartOf(buyer)).toEqual([]);
  });
});
