import { eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { consignment, courierPayout, orderEvent } from "@server/db/schema";
import { asBearer, signUp, signUpAdmin, type TestAccount } from "../support/accounts";
import { bookParcel, parcelOf } from "../support/parcels";
import { call } from "../support/order-money";
import { orderRow } from "../support/orders";
import { STEADFAST_WEBHOOK_TOKEN, useSteadfastApp } from "../support/provider-apps";

/** Cash on delivery reconciled: what the courier collected, held until its payout, which must add up. */
describe("courier payouts", () => {
  const { t, steadfast } = useSteadfastApp();
  let admin: TestAccount;
  let buyer: TestAccount;

  beforeAll(async () => {
    admin = await signUpAdmin(t);
    buyer = await signUp(t);
  });

  /** A cash-on-delivery parcel the courier delivered (its charge 60 Tk), and what it collected, in poisha. */
  async function aDeliveredParcel(status = "delivered") {
    const { orderId, consignmentId } = await bookParcel(t, { buyer, admin }, "steadfast", true);
    steadfast.setStatus(Number(consignmentId), status);
    const res = await t.request("/api/couriers/steadfast/webhook", {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${STEADFAST_WEBHOOK_TOKEN}` },
      body: steadfast.webhookBody(Number(consignmentId)),
    });
    expect(res.status).toBe(200);
    const { parcel } = await parcelOf(t, orderId);
    return { orderId, collected: parcel.collectedPoisha!, fee: parcel.feePoisha! };
  }

  const get = (who: TestAccount, path: string) => t.request(path, { headers: asBearer(who) });
  const pay = (who: TestAccount | null, body: unknown) => call(t, who, "POST", "/api/courier-payouts", body);
  const held = async () => {
    const res = await get(admin, "/api/courier-payouts/held?courier=steadfast&limit=100");
    expect(res.status).toBe(200);
    return (await res.json()) as { orderId: string; collected: number; fee: number; net: number }[];
  };

  it("holds the cash of a delivered parcel with its courier until a payout that adds up settles it", async () => {
    const a = await aDeliveredParcel();
    const b = await aDeliveredParcel();
    expect(a.fee).toBe(6000);
    const heldNow = await held();
    expect(heldNow.map((p) => p.orderId)).toEqual(expect.arrayContaining([a.orderId, b.orderId]));
    const ofA = heldNow.find((p) => p.orderId === a.orderId)!;
    expect(ofA).toMatchObject({ collected: a.collected / 100, fee: 60, net: (a.collected - a.fee) / 100 });

    const amount = (a.collected - a.fee + b.collected - b.fee) / 100;
    const res = await pay(admin, {
      courier: "steadfast",
      orders: [a.orderId, b.orderId],
      amount,
      reference: "SF-PAY-7",
    });
    expect(res.status).toBe(201);
    const payout = (await res.json()) as { id: number; amount: number; collected: number; fee: number };
    expect(payout).toMatchObject({ amount, collected: (a.collected + b.collected) / 100, fee: 120 });

    const parcels = await t.database.db
      .select({ payoutId: consignment.payoutId })
      .from(consignment)
      .where(inArray(consignment.orderId, [a.orderId, b.orderId]));
    expect(parcels.map((p) => p.payoutId)).toEqual([payout.id, payout.id]);
    expect((await held()).map((p) => p.orderId)).not.toContain(a.orderId);
    const settled = await t.database.db
      .select({ status: orderEvent.status, reason: orderEvent.reason })
      .from(orderEvent)
      .where(eq(orderEvent.orderId, a.orderId));
    expect(settled.at(-1)).toEqual({ status: "settled", reason: `steadfast payout ${payout.id} (SF-PAY-7)` });

    const list = await get(admin, "/api/courier-payouts");
    expect(list.status).toBe(200);
    expect(((await list.json()) as { id: number; parcels: number }[]).find((p) => p.id === payout.id)?.parcels).toBe(2);

    // The same parcels again: settled already, nothing more recorded.
    const again = await pay(admin, { courier: "steadfast", orders: [a.orderId], amount: (a.collected - a.fee) / 100 });
    expect(again.status).toBe(409);
    expect(((await again.json()) as { code: string }).code).toBe("payout.not_payable");
  });

  it("refuses a payout that does not add up, saying the difference, and records nothing", async () => {
    const a = await aDeliveredParcel();
    const before = await t.database.db.select().from(courierPayout);
    const expected = (a.collected - a.fee) / 100;
    const res = await pay(admin, { courier: "steadfast", orders: [a.orderId], amount: expected - 10.5 });
    expect(res.status).toBe(409);
    const body = (await res.json()) as { code: string; params: Record<string, number> };
    expect(body.code).toBe("payout.does_not_add_up");
    expect(body.params).toEqual({ expected, given: expected - 10.5, difference: -10.5 });
    expect(await t.database.db.select().from(courierPayout)).toEqual(before);
    expect((await parcelOf(t, a.orderId)).parcel.payoutId).toBeNull();
  });

  it("refuses an order whose cash the courier does not hold", async () => {
    const delivered = await aDeliveredParcel();
    const shipped = await bookParcel(t, { buyer, admin }, "steadfast", true);
    const res = await pay(admin, {
      courier: "steadfast",
      orders: [delivered.orderId, shipped.orderId],
      amount: (delivered.collected - delivered.fee) / 100,
    });
    expect(res.status).toBe(409);
    const body = (await res.json()) as { code: string; params: { count: number; invoices: string } };
    expect(body.code).toBe("payout.not_payable");
    expect(body.params.count).toBe(1);
    expect(body.params.invoices).toMatch(/^INV-\d{6}$/);
    // Another courier's name for the same parcel.
    const wrongCourier = await pay(admin, {
      courier: "pathao",
      orders: [delivered.orderId],
      amount: (delivered.collected - delivered.fee) / 100,
    });
    expect(wrongCourier.status).toBe(409);
    expect((await parcelOf(t, delivered.orderId)).parcel.payoutId).toBeNull();
  });

  it("settles a parcel in one payout when two are recorded at once", async () => {
    const a = await aDeliveredParcel();
    const body = { courier: "steadfast", orders: [a.orderId], amount: (a.collected - a.fee) / 100 };
    const answers = await Promise.all([pay(admin, body), pay(admin, body)]);
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409]);
  });

  it("refuses bad input, customers and strangers", async () => {
    const a = await aDeliveredParcel();
    const good = { courier: "steadfast", orders: [a.orderId], amount: (a.collected - a.fee) / 100 };
    const cases: [unknown, string][] = [
      [{ ...good, courier: "dhl" }, "courier.unknown"],
      [{ ...good, orders: [] }, "payout.orders_required"],
      [{ ...good, orders: ["nope"] }, "payout.order_invalid"],
      [{ ...good, orders: [a.orderId, a.orderId] }, "payout.order_repeated"],
      [{ ...good, amount: -1 }, "payout.amount_negative"],
      [{ ...good, amount: "12" }, "payout.amount_not_number"],
      [{ ...good, amount: 1.234 }, "payout.amount_decimals"],
      [{ ...good, amount: undefined }, "payout.amount_required"],
      [{ ...good, reference: "a\u202eb" }, "payout.reference_invalid"],
    ];
    for (const [body, code] of cases) {
      const res = await pay(admin, body);
      expect(res.status, code).toBe(400);
      expect(JSON.stringify(await res.json())).toContain(code);
    }
    expect((await pay(buyer, good)).status).toBe(403);
    expect((await pay(null, good)).status).toBe(401);
    expect((await get(buyer, "/api/courier-payouts")).status).toBe(403);
    expect((await get(admin, "/api/courier-payouts/held?courier=dhl")).status).toBe(400);
    expect((await parcelOf(t, a.orderId)).parcel.payoutId).toBeNull();
  });

  it("holds a partly delivered parcel's cash, and the fee of one brought back", async () => {
    const partly = await aDeliveredParcel("partial_delivered");
    expect(partly.collected).toBeGreaterThan(0);
    expect((await orderRow(t, partly.orderId)).status).toBe("shipped");
    const back = await aDeliveredParcel("cancelled");
    expect((await parcelOf(t, back.orderId)).parcel.collectedAt).toBeNull();
    const heldNow = await held();
    expect(heldNow.find((p) => p.orderId === back.orderId)).toMatchObject({ collected: 0, fee: 60, net: -60 });
    const amount = (partly.collected - partly.fee - back.fee) / 100;
    const res = await pay(admin, { courier: "steadfast", orders: [partly.orderId, back.orderId], amount });
    expect(res.status).toBe(201);
  });
});
