import { changeOnlyShelf, expectLedgersBalanced } from "../support/stock-ledger";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { cart, mailOutbox, orderLine, smsOutbox, stockEntry, user } from "@server/db/schema";
import type { OrderJson } from "@server/orders";
import { asBearer, jsonInit, signUp, type TestAccount } from "../support/accounts";
import { buyerView, call, payByTestCard, stockOf, testIntentOf } from "../support/order-money";
import { makeProduct, messageOf, orderRow, TEST_DELIVERY } from "../support/orders";
import { parsePrometheusText, valueOf } from "../support/prometheus-text";
import { useTestApp } from "../support/test-app";
import { withZones } from "../support/delivery-zones";

const SYLHET = { ...TEST_DELIVERY, division: "Sylhet", district: "Sylhet", address: "Zindabazar" };
const DHAKA = { ...TEST_DELIVERY, district: "Dhaka", address: "Road 5, Dhanmondi" };
const CHATTOGRAM = { ...TEST_DELIVERY, division: "Chattogram", district: "Chattogram", address: "GEC Circle" };

describe("checkout: one order of the cart, with the delivery charged the Bangladesh way", () => {
  const t = useTestApp();

  async function fill(buyer: TestAccount, lines: [string, number][]) {
    for (const [productId, quantity] of lines) {
      const res = await call(t, buyer, "POST", "/api/cart/items", { productId, quantity });
      expect(res.status, await res.clone().text()).toBe(200);
    }
  }

  const cartOf = async (buyer: TestAccount) =>
    (await (await t.request("/api/cart", { headers: asBearer(buyer) })).json()) as { items: { productId: string }[] };

  const quote = async (district: string, weight?: number, who?: TestAccount) => {
    const query = new URLSearchParams({ district, ...(weight === undefined ? {} : { weight: String(weight) }) });
    const res = await t.request(`/api/delivery-charge?${query}`, who ? { headers: asBearer(who) } : {});
    expect(res.status).toBe(200);
    return (await res.json()) as { zone: string; charge: number; codAvailable: boolean };
  };

  it("places three lines as one order: each line's snapshot, the goods' total, the delivery charge and the total", async () => {
    const buyer = await signUp(t);
    const chisel = await makeProduct(t, { name: "Chisel 12 mm", pricePoisha: 245000, weightGrams: 300 });
    const plane = await makeProduct(t, {
      name: "Jack Plane",
      pricePoisha: 650000,
      weightGrams: 2000,
      minimumQuantity: 1,
    });
    const saw = await makeProduct(t, { name: "Tenon Saw", pricePoisha: 180000, weightGrams: 500 });
    await fill(buyer, [
      [chisel.id, 20],
      [plane.id, 1],
      [saw.id, 20],
    ]);
    const res = await call(t, buyer, "POST", "/api/checkout", { delivery: SYLHET, paymentMethod: "cod" });
    expect(res.status, await res.clone().text()).toBe(200);
    const { insertedId, total } = (await res.json()) as { insertedId: string; total: number };
    const goods = 2450 * 20 + 6500 + 1800 * 20;
    // 300×20 + 2000 + 500×20 = 18,000 g: Outside Dhaka, 130 Tk up to 1 kg and 25 Tk for each of 17 more.
    const charge = 130 + 17 * 25;
    expect(total).toBe(goods + charge);
    const view = (await buyerView(t, buyer, insertedId)) as OrderJson;
    expect(view).toMatchObject({
      productId: chisel.id,
      productName: "Chisel 12 mm",
      price: 2450,
      quantity: 20,
      paybleAmount: goods,
      deliveryCharge: charge,
      total: goods + charge,
      status: "cod",
      delivery: SYLHET,
    });
    expect(view.items.map((i) => [i.name, i.price, i.quantity, i.weight])).toEqual([
      ["Chisel 12 mm", 2450, 20, 300],
      ["Jack Plane", 6500, 1, 2000],
      ["Tenon Saw", 1800, 20, 500],
    ]);
    expect(await stockOf(t, chisel.id)).toBe(180);
    expect(await stockOf(t, plane.id)).toBe(199);
    expect(await stockOf(t, saw.id)).toBe(180);
    expect((await cartOf(buyer)).items).toEqual([]);
  });

  it("refuses the whole order when one line is short, naming it, and takes nothing", async () => {
    const buyer = await signUp(t);
    const plenty = await makeProduct(t, { name: "Marking Knife" });
    const scarce = await makeProduct(t, { name: "Spokeshave", availability: 100 });
    await fill(buyer, [
      [plenty.id, 20],
      [scarce.id, 40],
    ]);
    await changeOnlyShelf(t.database.db, scarce.id, { availability: 20 });
    const res = await call(t, buyer, "POST", "/api/checkout", { delivery: DHAKA });
    expect(res.status).toBe(409);
    const body = (await res.json()) as { message: string; code: string; lines: { productId: string; code: string }[] };
    expect(body.code).toBe("checkout.lines_short");
    expect(body.message).toBe("Nothing was ordered. Change these lines and try again: Spokeshave");
    expect(body.lines).toEqual([expect.objectContaining({ productId: scarce.id, code: "stock.too_low" })]);
    expect(await stockOf(t, plenty.id)).toBe(200);
    expect(await stockOf(t, scarce.id)).toBe(20);
    expect((await cartOf(buyer)).items).toHaveLength(2);
  });

  it("writes beside the order what it sends and records: the buyer's e-mail and text, the admins' low-stock e-mail of each product it took below its line, the ledger, the counters, the cart's lines", async () => {
    const buyer = await signUp(t);
    // Minimum order 20, so each low-stock line is 40; no more than 100 a buyer, so 40 of 60 may go.
    const gauge = await makeProduct(t, { name: "Gauge", availability: 60, maxPerOrder: 100 });
    const rasp = await makeProduct(t, { name: "Rasp", availability: 50, maxPerOrder: 100 });
    const awl = await makeProduct(t, { name: "Awl" });
    await fill(buyer, [
      [gauge.id, 40],
      [rasp.id, 40],
      [awl.id, 20],
    ]);
    // The cart is touched by the order (a cart nobody touched for CART_DAYS is dropped).
    const [buyerRow] = await t.database.db.select().from(user).where(eq(user.email, buyer.email));
    const [cartRow] = await t.database.db.select().from(cart).where(eq(cart.userId, buyerRow!.id));
    const touchedBefore = new Date(Date.now() - 60_000);
    await t.database.db.update(cart).set({ updatedAt: touchedBefore }).where(eq(cart.id, cartRow!.id));
    const before = parsePrometheusText(await (await t.request("/metrics")).text());
    const res = await call(t, buyer, "POST", "/api/checkout", { delivery: DHAKA });
    expect(res.status, await res.clone().text()).toBe(200);
    const { insertedId } = (await res.json()) as { insertedId: string };
    const after = parsePrometheusText(await (await t.request("/metrics")).text());

    const mail = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.orderId, insertedId));
    expect(mail.map((m) => [m.kind, m.audience, m.productId, m.language]).sort()).toEqual(
      [
        ["low_stock", "admins", gauge.id, "en"],
        ["low_stock", "admins", rasp.id, "en"],
        ["placed", "buyer", gauge.id, "en"],
      ].sort(),
    );
    const texts = await t.database.db.select().from(smsOutbox).where(eq(smsOutbox.orderId, insertedId));
    expect(texts.map((m) => [m.kind, m.phone])).toEqual([["placed", "8801712345678"]]);
    const ledger = await t.database.db.select().from(stockEntry).where(eq(stockEntry.orderId, insertedId));
    expect(ledger.map((e) => [e.productId, e.change, e.after, e.reason, e.by, e.byUserId]).sort()).toEqual(
      [
        [gauge.id, -40, 20, "placed", "buyer", buyerRow!.id],
        [rasp.id, -40, 10, "placed", "buyer", buyerRow!.id],
        [awl.id, -20, 180, "placed", "buyer", buyerRow!.id],
      ].sort(),
    );
    await expectLedgersBalanced(t.database.db, [gauge.id, rasp.id, awl.id]);
    // The rasp's 10 pieces cannot cover its minimum order: one stock-out.
    expect(valueOf(after, "randa_stock_outs_total") - valueOf(before, "randa_stock_outs_total")).toBe(1);
    expect(
      valueOf(after, "randa_order_lines_total", { via: "checkout" }) -
        valueOf(before, "randa_order_lines_total", { via: "checkout" }),
    ).toBe(3);
    expect((await cartOf(buyer)).items).toEqual([]);
    const [touched] = await t.database.db.select().from(cart).where(eq(cart.id, cartRow!.id));
    expect(touched!.updatedAt.getTime()).toBeGreaterThan(touchedBefore.getTime());
  });

  it.each([
    ["Dhaka", "dhaka_city", [70, 70, 100]],
    ["Gazipur", "dhaka_suburbs", [100, 100, 140]],
    ["Chattogram", "outside_dhaka", [130, 130, 180]],
  ] as const)("charges %s (%s) for 0.5, 1 and 2.3 kg by the couriers' rate cards", async (district, zone, charges) => {
    for (const [i, grams] of [500, 1000, 2300].entries()) {
      expect(await quote(district, grams)).toMatchObject({ zone, charge: charges[i], codAvailable: true });
    }
  });

  it("quotes the caller's cart when no weight is given", async () => {
    const buyer = await signUp(t);
    const p = await makeProduct(t, { weightGrams: 150 });
    await fill(buyer, [[p.id, 20]]);
    // 3 kg: 100 + 2 × 20 in a suburb.
    expect(await quote("Gazipur", undefined, buyer)).toMatchObject({ zone: "dhaka_suburbs", charge: 140 });
  });

  it("delivers free above the zone's subtotal, and the payment takes the order's total", async () => {
    await withZones(
      t,
      (z) => (z.id === "dhaka_city" ? { freeAbove: 50_000 } : {}),
      async () => {
        const buyer = await signUp(t);
        const cheap = await makeProduct(t, { pricePoisha: 100000, weightGrams: 100 });
        const dear = await makeProduct(t, { pricePoisha: 300000, weightGrams: 100 });
        await fill(buyer, [[cheap.id, 20]]);
        const below = await call(t, buyer, "POST", "/api/checkout", { delivery: DHAKA });
        const belowOrder = (await below.json()) as { insertedId: string; total: number };
        expect(belowOrder.total).toBe(20_000 + 85);
        await payByTestCard(t, buyer, belowOrder.insertedId);
        expect((await testIntentOf(t, belowOrder.insertedId)).amountPoisha).toBe((20_000 + 85) * 100);
        expect((await orderRow(t, belowOrder.insertedId)).transactionId).not.toBeNull();
        await fill(buyer, [[dear.id, 20]]);
        const above = (await (await call(t, buyer, "POST", "/api/checkout", { delivery: DHAKA })).json()) as {
          total: number;
        };
        expect(above.total).toBe(60_000);
      },
    );
  });

  it("refuses cash on delivery where the zone does not take it (the advance delivery charge: cod-advance.test.ts)", async () => {
    const buyer = await signUp(t);
    const p = await makeProduct(t);
    await withZones(
      t,
      (z) => (z.id === "outside_dhaka" ? { codAvailable: false } : {}),
      async () => {
        await fill(buyer, [[p.id, 20]]);
        const res = await call(t, buyer, "POST", "/api/checkout", { delivery: SYLHET, paymentMethod: "cod" });
        expect(res.status).toBe(409);
        expect(await messageOf(res)).toBe("Cash on delivery is not offered in Sylhet. Please pay online.");
        expect(await stockOf(t, p.id)).toBe(200);
      },
    );
  });

  it("Buy It Now checks out its one line alone and leaves the cart as it was", async () => {
    const buyer = await signUp(t);
    const inCart = await makeProduct(t);
    const bought = await makeProduct(t, { weightGrams: 800 });
    await fill(buyer, [[inCart.id, 20]]);
    const res = await call(t, buyer, "POST", "/api/checkout", {
      delivery: DHAKA,
      only: { productId: bought.id, quantity: 20 },
    });
    expect(res.status).toBe(200);
    const { insertedId } = (await res.json()) as { insertedId: string };
    const lines = await t.database.db.select().from(orderLine).where(eq(orderLine.orderId, insertedId));
    expect(lines.map((l) => [l.productId, l.quantity])).toEqual([[bought.id, 20]]);
    expect((await cartOf(buyer)).items.map((i) => i.productId)).toEqual([inCart.id]);
  });

  it("uses a saved address, keeps a typed one when asked, and refuses an empty cart or another's address", async () => {
    const buyer = await signUp(t);
    const other = await signUp(t);
    const p = await makeProduct(t);
    expect((await call(t, buyer, "POST", "/api/checkout", { delivery: DHAKA })).status).toBe(409);
    await fill(buyer, [[p.id, 20]]);
    const saved = await call(t, buyer, "POST", "/api/checkout", { delivery: SYLHET, saveAddress: true });
    expect(saved.status).toBe(200);
    const book = (await (await t.request("/api/addresses", { headers: asBearer(buyer) })).json()) as {
      _id: string;
      delivery: unknown;
      isDefault: boolean;
    }[];
    expect(book).toEqual([expect.objectContaining({ delivery: SYLHET, isDefault: true })]);
    await fill(other, [[p.id, 20]]);
    const stolen = await call(t, other, "POST", "/api/checkout", { addressId: book[0]!._id });
    expect(stolen.status).toBe(404);
    await fill(buyer, [[p.id, 20]]);
    const again = await call(t, buyer, "POST", "/api/checkout", { addressId: book[0]!._id });
    expect(again.status).toBe(200);
    const { insertedId } = (await again.json()) as { insertedId: string };
    expect((await orderRow(t, insertedId)).delivery).toEqual(SYLHET);
  });

  it("answers a retried checkout with the order the first one placed", async () => {
    const buyer = await signUp(t);
    const p = await makeProduct(t);
    await fill(buyer, [[p.id, 20]]);
    const send = () =>
      t.request(
        "/api/checkout",
        jsonInit("POST", { delivery: DHAKA }, { ...asBearer(buyer), "Idempotency-Key": "checkout-once" }),
      );
    const first = (await (await send()).json()) as { insertedId: string };
    await fill(buyer, [[p.id, 20]]);
    const second = await send();
    expect(second.status).toBe(200);
    expect(((await second.json()) as { insertedId: string }).insertedId).toBe(first.insertedId);
    expect(await stockOf(t, p.id)).toBe(180);
  });

  it("charges a checkout order again when its district changes before it is paid", async () => {
    const buyer = await signUp(t);
    const p = await makeProduct(t, { weightGrams: 100 });
    await fill(buyer, [[p.id, 20]]);
    const { insertedId } = (await (await call(t, buyer, "POST", "/api/checkout", { delivery: DHAKA })).json()) as {
      insertedId: string;
    };
    expect((await orderRow(t, insertedId)).deliveryChargePoisha).toBe(8500);
    expect((await call(t, buyer, "PUT", `/api/order/${insertedId}/delivery`, CHATTOGRAM)).status).toBe(200);
    const row = await orderRow(t, insertedId);
    expect([row.deliveryZone, row.deliveryChargePoisha]).toEqual(["outside_dhaka", 13000 + 25 * 100]);
  });
});
