import { and, eq, isNull, sql, sum } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { order, product } from "@server/db/schema";
import { expireOrders } from "@server/orders/expire-orders";
import { asBearer, jsonInit, signUp, type TestAccount } from "../../support/accounts";
import { expiryJob } from "../../support/contexts";
import { makeProduct, TEST_DELIVERY } from "../../support/orders";
import { useTestApp } from "../../support/test-app";

// Decision 0026 under a real race on PostgreSQL: ten accounts that share one delivery phone fire fifty orders at
// once, then choose cash on delivery for every order they got, all at once. However they combine unpaid and
// cash-on-delivery orders, they cannot keep more than one order's worth of the product out of stock for longer
// than the hold.

const STOCK = 1000;
/** One order's worth at full stock: half of it (the product sets no maxPerOrder). */
const ONE_ORDER = STOCK / 2;
const ACCOUNTS = 10;
const ORDERS_EACH = 5;
const QUANTITY = 100;
const PHONE = "01722334455";
const MINUTE = 60_000;

describe("ten accounts with one phone, fifty orders at once", () => {
  const t = useTestApp({ ORDER_HOLD_MINUTES: "60", COD_CONFIRM_HOURS: "24" });
  const clock = { now: new Date() };
  const accounts: TestAccount[] = [];

  beforeAll(async () => {
    t.services.now = () => clock.now;
    accounts.push(...(await Promise.all(Array.from({ length: ACCOUNTS }, () => signUp(t)))));
  });

  async function stockOf(productId: string) {
    const [row] = await t.database.db.select().from(product).where(eq(product.id, productId));
    return row!.availability;
  }

  /** Pieces in orders that hold stock: unpaid, or cash on delivery the shop has not confirmed. */
  async function heldBy(productId: string, status: "unpaid" | "cod") {
    const [row] = await t.database.db
      .select({ pieces: sum(order.quantity).mapWith(Number) })
      .from(order)
      .where(
        and(
          eq(order.productId, productId),
          eq(order.status, status),
          status === "cod" ? isNull(order.confirmedAt) : undefined,
        ),
      );
    return row?.pieces ?? 0;
  }

  it("keeps at most one order's worth out of stock past the hold, and everything back after a day", async () => {
    const { id } = await makeProduct(t, { availability: STOCK, minimumQuantity: 20 });
    const delivery = { ...TEST_DELIVERY, phone: PHONE };

    const placing = await Promise.all(
      accounts.flatMap((buyer) =>
        Array.from({ length: ORDERS_EACH }, async () => {
          const res = await t.request(
            "/api/order",
            jsonInit("POST", { productId: id, quantity: QUANTITY, delivery }, asBearer(buyer)),
          );
          const body = (await res.json()) as { insertedId?: string; code?: string };
          return { buyer, status: res.status, id: body.insertedId, code: body.code };
        }),
      ),
    );
    expect(placing).toHaveLength(ACCOUNTS * ORDERS_EACH);
    for (const answer of placing) expect([200, 409], JSON.stringify(answer)).toContain(answer.status);
    const placed = placing.filter((a) => a.status === 200);
    expect(placed.length).toBeGreaterThan(0);
    expect(await stockOf(id)).toBe(STOCK - placed.length * QUANTITY);

    // No account holds more than one order's worth at once, however many orders it fired.
    const perAccount = new Map<string, number>();
    for (const a of placed) perAccount.set(a.buyer.email, (perAccount.get(a.buyer.email) ?? 0) + QUANTITY);
    for (const pieces of perAccount.values()) expect(pieces).toBeLessThanOrEqual(ONE_ORDER);

    // Every order they got, for cash on delivery to the one phone, at once.
    const choosing = await Promise.all(
      placed.map(async (a) => {
        const res = await t.request(`/api/order/${a.id}/cash-on-delivery`, {
          method: "POST",
          headers: asBearer(a.buyer),
        });
        return { status: res.status, code: ((await res.json()) as { code?: string }).code };
      }),
    );
    for (const answer of choosing) expect([200, 409], JSON.stringify(answer)).toContain(answer.status);
    for (const refused of choosing.filter((a) => a.status === 409)) {
      expect(refused.code).toBe("order.phone_holding_limit");
    }
    const awaiting = await heldBy(id, "cod");
    expect(awaiting).toBe(choosing.filter((a) => a.status === 200).length * QUANTITY);
    expect(awaiting).toBeGreaterThan(0);
    expect(awaiting).toBeLessThanOrEqual(ONE_ORDER);
    // Stock and the orders that hold it always add up.
    expect((await stockOf(id)) + (await heldBy(id, "unpaid")) + awaiting).toBe(STOCK);

    // Past the hold: the unpaid orders are gone, the phone's cash-on-delivery ones hold one order's worth at most.
    clock.now = new Date(clock.now.getTime() + 61 * MINUTE);
    await expireOrders(expiryJob(t));
    expect(await heldBy(id, "unpaid")).toBe(0);
    expect(STOCK - (await stockOf(id))).toBe(awaiting);
    expect(STOCK - (await stockOf(id))).toBeLessThanOrEqual(ONE_ORDER);

    // Unconfirmed by the shop for a day: every piece is back, once.
    clock.now = new Date(clock.now.getTime() + 24 * 60 * MINUTE);
    await expireOrders(expiryJob(t));
    expect(await stockOf(id)).toBe(STOCK);
    const [left] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(order)
      .where(and(eq(order.productId, id), sql`${order.status} in ('unpaid', 'cod')`));
    expect(left!.n).toBe(0);
  });
});
