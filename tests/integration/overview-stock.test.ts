import { describe, expect, it } from "vitest";
import { OverviewJson } from "@server/overview/wire";
import { daysOfStock } from "@server/overview/sql/overview-rows";
import { asBearer, jsonInit, signUp, signUpAdmin } from "../support/accounts";
import { makeProduct, TEST_DELIVERY } from "../support/orders";
import { useTestApp } from "../support/test-app";

const DAY = 86_400_000;

describe("the overview's stock: what the shelves are worth, and how long a low stock lasts at the recent sales rate", () => {
  const t = useTestApp();

  it("sums every shelf at today's prices and reckons days left from the ledger's last 30 days of orders", async () => {
    let clock = new Date(Date.UTC(2026, 10, 1, 6));
    t.services.now = () => clock;
    const admin = await signUpAdmin(t);
    const buyer = await signUp(t);
    const overview = async () => {
      const res = await t.request("/api/overview?days=7", { headers: asBearer(admin) });
      expect(res.status).toBe(200);
      return OverviewJson.parse(await res.json());
    };
    const before = (await overview()).stockValue;

    // 240 pieces at Tk 150.50, a low-stock line of 200 once 60 are sold.
    const plane = await makeProduct(t, {
      pricePoisha: 15_050,
      availability: 240,
      minimumQuantity: 20,
      maxPerOrder: 100,
      lowStockThreshold: 200,
    });
    const buy = async (quantity: number) => {
      const res = await t.request(
        "/api/order",
        jsonInit("POST", { productId: plane.id, quantity, delivery: TEST_DELIVERY }, asBearer(buyer)),
      );
      expect(res.status).toBe(200);
      return ((await res.json()) as { insertedId: string }).insertedId;
    };
    // Forty days ago: outside the rate's window.
    await buy(20);
    clock = new Date(clock.getTime() + 40 * DAY);
    await buy(40);
    const cancelled = await buy(20);
    expect((await t.request(`/api/order/${cancelled}`, { method: "DELETE", headers: asBearer(buyer) })).status).toBe(
      200,
    );

    const after = await overview();
    // 240 − 20 − 40 on the shelf (the cancelled 20 came back): 180 pieces worth Tk 27,090.
    expect({
      pieces: after.stockValue.pieces - before.pieces,
      amount: Math.round((after.stockValue.amount - before.amount) * 100) / 100,
    }).toEqual({ pieces: 180, amount: 27_090 });
    const low = after.lowStock.items.find((p) => p._id === plane.id)!;
    // 40 sold in the last 30 days (the cancelled order's 20 came back): 180 last 135 days.
    expect(low).toMatchObject({ Availability: 180, line: 200, sold: 40, daysLeft: 135 });
  });

  it("says null days when nothing sold lately, and rounds down", () => {
    expect(daysOfStock(100, 0)).toBeNull();
    expect(daysOfStock(100, -5)).toBeNull();
    expect(daysOfStock(10, 7)).toBe(42);
    expect(daysOfStock(0, 30)).toBe(0);
  });
});
