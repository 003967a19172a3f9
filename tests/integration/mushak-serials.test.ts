import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { mushakCounter, mushakInvoice, order } from "@server/db/schema";
import { issueInvoice } from "@server/orders/sql/invoices";
import { fiscalYearOf } from "@shared/mushak";
import { asBearer, jsonInit, signUp } from "../support/accounts";
import { orderFor, orderRow } from "../support/orders";
import { lastFirst, RACES, useRaceOrders, type RaceOrder } from "../support/race-orders";
import { useTestApp, type TestContext } from "../support/test-app";

// Mushak-6.3 serials (server/orders/sql/mushak-serials.ts): a VAT-registered shop's invoice takes the next serial of
// its financial year (July to June, Dhaka time) in the transaction that numbers it, at the rate of the day; the
// serials of a year run 1, 2, 3, … without a gap or a repeat, however many invoices land at once.

const REGISTERED = { SHOP_BIN: "000123456-0101", VAT_RATE: "15" };
const GOOD_CARD = { number: "4242 4242 4242 4242", expMonth: 12, expYear: 2034, cvc: "123" };
const DECLINED_CARD = { ...GOOD_CARD, number: "4000 0000 0000 0002" };

const mushakOf = async (t: TestContext, id: string) =>
  (await t.database.db.select().from(mushakInvoice).where(eq(mushakInvoice.orderId, id)))[0] ?? null;
const counterOf = async (t: TestContext, year: number) =>
  (await t.database.db.select().from(mushakCounter).where(eq(mushakCounter.fiscalYear, year)))[0]?.last ?? 0;

async function cashOnDelivery(t: TestContext, id: string, buyer: RaceOrder["buyer"]) {
  return t.request(`/api/order/${id}/cash-on-delivery`, jsonInit("POST", {}, asBearer(buyer)));
}

describe("Mushak-6.3 serials, VAT-registered", () => {
  const t = useTestApp(REGISTERED);
  const race = useRaceOrders(t);

  it("a cash-on-delivery confirmation issues the year's next serial at the configured rate, with the invoice", async () => {
    const buyer = await signUp(t);
    const id = await orderFor(t, buyer);
    const year = fiscalYearOf(new Date());
    const before = await counterOf(t, year);
    expect((await cashOnDelivery(t, id, buyer)).status).toBe(200);
    const mushak = await mushakOf(t, id);
    const row = await orderRow(t, id);
    expect(mushak).toMatchObject({ fiscalYear: year, serial: before + 1, rateBasisPoints: 1500 });
    expect(mushak!.issuedAt.getTime()).toBe(row.invoicedAt!.getTime());
    // Told again, nothing more is issued.
    await cashOnDelivery(t, id, buyer);
    expect(await counterOf(t, year)).toBe(before + 1);
  });

  it("a card payment issues one; a declined card issues none", async () => {
    const buyer = await signUp(t);
    const paid = await orderFor(t, buyer);
    const declined = await orderFor(t, buyer);
    for (const [id, card] of [
      [paid, GOOD_CARD],
      [declined, DECLINED_CARD],
    ] as const) {
      const start = await t.request("/api/create-payment-intent", jsonInit("POST", { orderId: id }, asBearer(buyer)));
      const { clientSecret } = (await start.json()) as { clientSecret: string };
      await t.request("/api/payments/test/confirm", jsonInit("POST", { clientSecret, card }));
    }
    expect(await mushakOf(t, paid)).toMatchObject({ rateBasisPoints: 1500 });
    expect(await mushakOf(t, declined)).toBeNull();
  });

  it(
    "invoices landing at once take serials 1, 2, 3, … of a year no invoice began yet, each once, without a gap",
    { timeout: 240_000 },
    async () => {
      // A year without a counter row: the first invoices race to make it, the rest to move it.
      const at = new Date("2035-01-15T06:00:00Z");
      t.services.now = () => at;
      try {
        const { orders } = await race.place(Math.max(RACES, 40));
        const statuses = await Promise.all(
          lastFirst(orders.length).map((i) => cashOnDelivery(t, orders[i]!.id, orders[i]!.buyer).then((r) => r.status)),
        );
        expect(statuses.filter((s) => s !== 200)).toEqual([]);
        const ids = orders.map((o) => o.id);
        const rows = await t.database.db.select().from(mushakInvoice).where(inArray(mushakInvoice.orderId, ids));
        expect(rows.every((r) => r.fiscalYear === 2034)).toBe(true);
        expect(rows.map((r) => r.serial).sort((a, b) => a - b)).toEqual(orders.map((_, k) => k + 1));
        expect(await counterOf(t, 2034)).toBe(orders.length);
      } finally {
        delete t.services.now;
      }
    },
  );

  it("an invoice at 23:59 on 30 June (Dhaka) is the year before's; one at 00:00 on 1 July starts the year at 1", async () => {
    const buyer = await signUp(t);
    const invoicedAt = async (at: Date) => {
      t.services.now = () => at;
      try {
        const id = await orderFor(t, buyer);
        expect((await cashOnDelivery(t, id, buyer)).status).toBe(200);
        return id;
      } finally {
        delete t.services.now;
      }
    };
    // Dhaka is UTC+6: 30 June 2031 23:59 there is 17:59 UTC.
    const june = await invoicedAt(new Date("2031-06-30T17:59:00Z"));
    const july = await invoicedAt(new Date("2031-06-30T18:00:00Z"));
    const next = await invoicedAt(new Date("2031-07-01T09:30:00Z"));
    expect(await mushakOf(t, june)).toMatchObject({ fiscalYear: 2030, serial: 1 });
    expect(await mushakOf(t, july)).toMatchObject({ fiscalYear: 2031, serial: 1 });
    expect(await mushakOf(t, next)).toMatchObject({ fiscalYear: 2031, serial: 2 });
    expect((await mushakOf(t, july))!.issuedAt.toISOString()).toBe("2031-06-30T18:00:00.000Z");
  });

  it("an invoice whose transaction rolls back gives its serial back", async () => {
    const buyer = await signUp(t);
    const id = await orderFor(t, buyer);
    const at = new Date("2033-08-01T06:00:00Z");
    await expect(
      t.database.db.transaction(async (tx) => {
        await issueInvoice(tx, id, { mushakRate: 1500, at });
        throw new Error("the payment's transaction failed after its serial was taken");
      }),
    ).rejects.toThrow("failed after");
    expect(await counterOf(t, 2033)).toBe(0);
    expect(await mushakOf(t, id)).toBeNull();
    await t.database.db.transaction((tx) => issueInvoice(tx, id, { mushakRate: 1500, at }));
    expect(await mushakOf(t, id)).toMatchObject({ fiscalYear: 2033, serial: 1 });
  });
});

describe("Mushak-6.3 serials, not VAT-registered", () => {
  const t = useTestApp({ SHOP_BIN: "000123456-0101" });

  it("an invoice of a shop without a VAT rate has no serial, and no counter moves", async () => {
    const buyer = await signUp(t);
    const id = await orderFor(t, buyer);
    expect((await cashOnDelivery(t, id, buyer)).status).toBe(200);
    expect((await orderRow(t, id)).invoiceNumber).not.toBeNull();
    expect(await mushakOf(t, id)).toBeNull();
    expect(await t.database.db.select().from(mushakCounter)).toEqual([]);
    expect(await t.database.db.select().from(order).where(eq(order.id, id))).toHaveLength(1);
  });
});
