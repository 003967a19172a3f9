import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { order } from "@server/db/schema";
import { placeOrder } from "@server/orders/orders";
import { signUp } from "../support/accounts";
import { as } from "../support/contexts";
import { makeProduct, TEST_DELIVERY } from "../support/orders";
import { useTestApp } from "../support/test-app";
import { sessionUserOf } from "../support/use-case-actors";

// Placing an order answers the row its one statement wrote (server/orders/sql/insert-order.ts), mapped as drizzle maps
// a row it reads: the answer must be the order as the database holds it, field for field and type for type.

describe("the order a placing answers", () => {
  const t = useTestApp();

  it("is the stored order, with its dates, money, delivery and language as a read of it gives them", async () => {
    const buyer = await sessionUserOf(t, await signUp(t));
    const product = await makeProduct(t, { name: "Answered Marking Knife", availability: 500 });
    const { order: placed } = await placeOrder(as(t, buyer, { language: "bn" }), {
      productId: product.id,
      quantity: 20,
      delivery: TEST_DELIVERY,
    });
    const [stored] = await t.database.db.select().from(order).where(eq(order.id, placed.id));
    expect(placed).toEqual(stored);
    expect(placed.createdAt).toBeInstanceOf(Date);
    expect(placed.expiresAt).toBeInstanceOf(Date);
    expect(placed.delivery).toEqual(TEST_DELIVERY);
    expect(placed.language).toBe("bn");
    expect(placed.status).toBe("unpaid");
  });
});
