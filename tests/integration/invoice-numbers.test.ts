import { inArray, isNotNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { invoiceCounter, order } from "@server/db/schema";
import { issueInvoice } from "@server/orders/sql/invoices";
import { asBearer, jsonInit, signUp, signUpAdmin } from "../support/accounts";
import { holdPayment, orderFor, orderRow } from "../support/orders";
import { lastFirst, useRaceOrders, type RaceOrder } from "../support/race-orders";
import { useTestApp } from "../support/test-app";

// Invoice numbers (server/orders/sql/invoices.ts): given once, when an order is paid or confirmed for cash on delivery,
// from one counter row moved in the same transaction: no gap, no repeat, even when 200 payments land at once.

const GOOD_CARD = { number: "4242 4242 4242 4242", expMonth: 12, expYear: 2034, cvc: "123" };
const DECLINED_CARD = { ...GOOD_CARD, number: "4000 0000 0000 0002" };
const PAYMENTS = 200;

describe("invoice numbers", () => {
  const t = useTestApp();
  const race = useRaceOrders(t);

  const lastNumber = async () => (await t.database.db.select().from(invoiceCounter))[0]!.last;
  const numbersOf = async (ids: string[]) =>
    t.database.db
      .select({ id: order.id, number: order.invoiceNumber, at: order.invoicedAt })
      .from(order)
      .where(inArray(order.id, ids));

  async function startCard(o: RaceOrder) {
    const res = await t.request("/api/create-payment-intent", jsonInit("POST", { orderId: o.id }, asBearer(o.buyer)));
    if (res.status !== 200) throw new Error(`payment start failed: ${res.status} ${await res.text()}`);
    return ((await res.json()) as { clientSecret: string }).clientSecret;
  }
  const confirm = (clientSecret: string, card = GOOD_CARD) =>
    t.request("/api/payments/test/confirm", jsonInit("POST", { clientSecret, card }));

  it(
    `${PAYMENTS} payments and cash-on-delivery confirmations at once take the next numbers, each once, without a gap`,
    { timeout: 240_000 },
    async () => {
      const before = await lastNumber();
      const { orders } = await race.place(PAYMENTS);
      const secrets = await Promise.all(orders.map(startCard));
      // Every fifth buyer chooses cash on delivery; every seventh card is declined (no number); every ninth
      // payment is confirmed twice at once (one number).
      const byCash = (i: number) => i % 5 === 4;
      const declined = (i: number) => !byCash(i) && i % 7 === 3;
      const twice = (i: number) => !byCash(i) && !declined(i) && i % 9 === 0;
      const statuses = await Promise.all(
        lastFirst(orders.length).flatMap((i) => {
          const o = orders[i]!;
          if (byCash(i)) {
            return [t.request(`/api/order/${o.id}/cash-on-delivery`, jsonInit("POST", {}, asBearer(o.buyer)))];
          }
          const sent = [confirm(secrets[i]!, declined(i) ? DECLINED_CARD : GOOD_CARD)];
          if (twice(i)) sent.push(confirm(secrets[i]!));
          return sent;
        }),
      ).then((answers) => answers.map((res) => res.status));
      expect(statuses.filter((s) => s >= 500)).toEqual([]);

      const rows = await numbersOf(orders.map((o) => o.id));
      const invoiced = orders.map((_, i) => i).filter((i) => !declined(i));
      const numbers = rows.filter((r) => r.number !== null).map((r) => r.number!);
      expect(numbers).toHaveLength(invoiced.length);
      expect(new Set(numbers).size).toBe(numbers.length);
      expect([...numbers].sort((a, b) => a - b)).toEqual(Array.from(invoiced, (_, k) => before + k + 1));
      expect(await lastNumber()).toBe(before + invoiced.length);
      const byId = new Map(rows.map((r) => [r.id, r]));
      for (const i of orders.keys()) {
        const row = byId.get(orders[i]!.id)!;
        if (declined(i)) expect(row.number, `declined order ${i}`).toBeNull();
        else expect(row.at, `order ${i}`).toBeInstanceOf(Date);
      }
    },
  );

  it("the whole shop's numbers run 1, 2, 3, … with none missing and none twice", async () => {
    const rows = await t.database.db
      .select({ number: order.invoiceNumber })
      .from(order)
      .where(isNotNull(order.invoiceNumber))
      .orderBy(order.invoiceNumber);
    expect(rows.map((r) => r.number)).toEqual(rows.map((_, k) => k + 1));
    expect(await lastNumber()).toBe(rows.length);
  });

  it("a payment that rolls back gives its number back", async () => {
    const buyer = await signUp(t);
    const id = await orderFor(t, buyer);
    const before = await lastNumber();
    await expect(
      t.database.db.transaction(async (tx) => {
        await issueInvoice(tx, id, { mushakRate: null });
        throw new Error("the payment's transaction failed after its number was taken");
      }),
    ).rejects.toThrow("failed after");
    expect(await lastNumber()).toBe(before);
    expect((await orderRow(t, id)).invoiceNumber).toBeNull();
  });

  it("an order keeps its one number through shipping, delivery and the collection of its cash", async () => {
    const buyer = await signUp(t);
    const admin = await signUpAdmin(t);
    const id = await orderFor(t, buyer);
    const before = await lastNumber();
    const post = (path: string, who = admin) =>
      t.request(`/api/order/${id}${path}`, jsonInit("POST", {}, asBearer(who)));
    const advance = (status: string) =>
      t.request(`/api/order/${id}/status`, jsonInit("PUT", { status }, asBearer(admin)));
    expect((await post("/cash-on-delivery", buyer)).status).toBe(200);
    const first = (await orderRow(t, id)).invoiceNumber;
    expect(first).toBe(before + 1);
    expect((await advance("shipped")).status).toBe(200);
    expect((await advance("delivered")).status).toBe(200);
    expect((await post("/collect")).status).toBe(200);
    expect((await orderRow(t, id)).invoiceNumber).toBe(first);
    expect(await lastNumber()).toBe(before + 1);
  });

  it("a payment held for review gets its number when an admin accepts it, not before", async () => {
    const buyer = await signUp(t);
    const admin = await signUpAdmin(t);
    const id = await orderFor(t, buyer);
    await holdPayment(t, id);
    const before = await lastNumber();
    expect((await orderRow(t, id)).invoiceNumber).toBeNull();
    const res = await t.request(`/api/order/${id}/accept-payment`, jsonInit("POST", {}, asBearer(admin)));
    expect(res.status).toBe(200);
    expect((await orderRow(t, id)).invoiceNumber).toBe(before + 1);
  });

  it("an unpaid or cancelled order has no number", async () => {
    const buyer = await signUp(t);
    const unpaid = await orderFor(t, buyer);
    const cancelled = await orderFor(t, buyer);
    const res = await t.request(`/api/order/${cancelled}`, jsonInit("DELETE", undefined, asBearer(buyer)));
    expect(res.status).toBe(200);
    const rows = await t.database.db
      .select({ number: order.invoiceNumber })
      .from(order)
      .where(inArray(order.id, [unpaid, cancelled]));
    expect(rows.map((r) => r.number)).toEqual([null, null]);
  });
});
