import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { product } from "@server/db/schema";
import { moveStock } from "@server/stock";
import { asBearer, jsonInit, signUp } from "../../support/accounts";
import { makeProduct, TEST_DELIVERY } from "../../support/orders";
import { expectLedgersBalanced } from "../../support/stock-ledger";
import { useTestApp } from "../../support/test-app";

// Decisions 0049 and 0054 under a real wait on PostgreSQL: an order is one statement whose snapshot is taken before
// it waits at the gate (server/db/migrations/0026_take_stock.sql) for the product's row. Stock put back on the shelf
// while it waited is not in that snapshot; the order must still be placed, not refused as out of stock.

describe("an order that waits at the gate", () => {
  const t = useTestApp();

  /** Backends of this database waiting for a lock: the order, once it reached the gate. */
  async function waitingForLock() {
    const answer = (await t.database.db.execute(sql`
      select count(*)::integer as n from pg_stat_activity
      where datname = current_database() and wait_event_type = 'Lock'`)) as unknown as { rows: { n: number }[] };
    return answer.rows[0]!.n;
  }

  it("is placed when the shop restocked the product while it waited", async () => {
    const buyer = await signUp(t);
    const made = await makeProduct(t, { availability: 0, minimumQuantity: 20 });
    let placing: Promise<Response> | undefined;
    await t.database.db.transaction(async (tx) => {
      await moveStock(tx, [{ productId: made.id, variantId: made.variantId, change: 100 }], {
        reason: "received",
        by: "admin",
      });
      placing = t.request(
        "/api/order",
        jsonInit("POST", { productId: made.id, quantity: 20, delivery: TEST_DELIVERY }, asBearer(buyer)),
      );
      await expect.poll(waitingForLock, { timeout: 10_000 }).toBe(1);
    });
    const res = await placing!;
    expect(res.status, await res.clone().text()).toBe(200);
    const [row] = await t.database.db.select().from(product).where(eq(product.id, made.id));
    expect(row!.availability).toBe(80);
    await expectLedgersBalanced(t.database.db, [made.id]);
  });
});
