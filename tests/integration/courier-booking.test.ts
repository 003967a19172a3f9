import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { consignment, consignmentStep } from "@server/db/schema";
import { formatInvoiceNumber } from "@shared/invoice-number";
import { signUp, signUpAdmin, type TestAccount } from "../support/accounts";
import { call, errorOf, historyRows, payByTestCard } from "../support/order-money";
import { orderFor, orderRow, TEST_DELIVERY } from "../support/orders";
import { anOrderToShip } from "../support/parcels";
import { useSteadfastApp } from "../support/provider-apps";
import { useTestApp } from "../support/test-app";

/** "Book courier" with Steadfast, through its merchant API's stand-in. */
describe("booking a parcel with Steadfast", () => {
  const { t, steadfast } = useSteadfastApp();
  let admin: TestAccount;
  let buyer: TestAccount;

  beforeAll(async () => {
    admin = await signUpAdmin(t);
    buyer = await signUp(t);
  });

  const aPaidOrder = () => anOrderToShip(t, { buyer, admin });
  /** A cash-on-delivery order the shop has confirmed by phone. */
  const aConfirmedCodOrder = () => anOrderToShip(t, { buyer, admin }, true);

  const book = (orderId: string, who: TestAccount | null = admin, courier: unknown = "steadfast") =>
    call(t, who, "POST", `/api/order/${orderId}/courier`, { courier });

  const parcelsOf = (orderId: string) =>
    t.database.db.select().from(consignment).where(eq(consignment.orderId, orderId));

  it("books a paid order under its invoice number with nothing to collect, and ships it", async () => {
    const orderId = await aPaidOrder();
    const before = steadfast.requests.length;
    const res = await book(orderId);
    expect(res.status).toBe(200);
    const booked = (await res.json()) as { consignmentId: string; trackingCode: string };
    const made = steadfast.consignments.get(Number(booked.consignmentId))!;
    expect(made.tracking_code).toBe(booked.trackingCode);

    const row = await orderRow(t, orderId);
    expect(row.status).toBe("shipped");
    expect(steadfast.requests.length).toBe(before + 1);
    expect(steadfast.requests.at(-1)!.body).toMatchObject({
      invoice: formatInvoiceNumber(row.invoiceNumber!),
      recipient_name: TEST_DELIVERY.name,
      recipient_phone: TEST_DELIVERY.phone,
      recipient_address: `${TEST_DELIVERY.address}, ${TEST_DELIVERY.district}, ${TEST_DELIVERY.division}`,
      cod_amount: 0,
      total_lot: 20,
    });
    const [parcel] = await parcelsOf(orderId);
    expect(parcel).toMatchObject({
      courier: "steadfast",
      state: "booked",
      consignmentRef: booked.consignmentId,
      trackingCode: booked.trackingCode,
      courierStatus: "in_review",
      codPoisha: 0,
    });
    const steps = await t.database.db
      .select()
      .from(consignmentStep)
      .where(eq(consignmentStep.consignmentId, parcel!.id));
    expect(steps.map((s) => [s.source, s.state])).toEqual([["booking", "booked"]]);
    expect((await historyRows(t, orderId)).find(([status]) => status === "shipped")).toEqual([
      "shipped",
      "admin",
      `steadfast ${booked.trackingCode}`,
    ]);
  });

  it("asks the courier to collect a confirmed cash-on-delivery order's total", async () => {
    const orderId = await aConfirmedCodOrder();
    expect((await book(orderId)).status).toBe(200);
    const row = await orderRow(t, orderId);
    expect(steadfast.requests.at(-1)!.body).toMatchObject({ cod_amount: row.totalPoisha / 100 });
    expect((await parcelsOf(orderId))[0]!.codPoisha).toBe(row.totalPoisha);
    expect(row.status).toBe("shipped");
  });

  it("books an order once: a second booking, or two at once, answer the same consignment", async () => {
    const orderId = await aPaidOrder();
    const before = steadfast.consignments.size;
    const [a, b] = await Promise.all([book(orderId), book(orderId)]);
    const answers = [a, b].map((r) => r.status).sort();
    // Both at once: one books, the other finds it booked or on its way (409) — never a second consignment.
    expect([
      [200, 200],
      [200, 409],
    ]).toContainEqual(answers);
    const again = await book(orderId);
    expect(again.status).toBe(200);
    const first = (await (a.status === 200 ? a : b).json()) as { trackingCode: string };
    expect(((await again.json()) as { trackingCode: string }).trackingCode).toBe(first.trackingCode);
    expect(steadfast.consignments.size).toBe(before + 1);
    expect(await parcelsOf(orderId)).toHaveLength(1);
  });

  it("changes nothing when the courier refuses, says why, and books on a second try", async () => {
    const orderId = await aPaidOrder();
    steadfast.refuseNext("recipient_address", "The recipient address is not in our service area.");
    const res = await book(orderId);
    expect(res.status).toBe(409);
    const error = await errorOf(res);
    expect(error.code).toBe("courier.refused");
    expect(error.message).toContain("The recipient address is not in our service area.");
    expect((await orderRow(t, orderId)).status).toBe("paid");
    expect(await parcelsOf(orderId)).toHaveLength(0);

    expect((await book(orderId)).status).toBe(200);
    expect((await orderRow(t, orderId)).status).toBe("shipped");
  });

  it("changes nothing when the courier does not answer, and books when it does", async () => {
    const orderId = await aPaidOrder();
    const before = steadfast.consignments.size;
    steadfast.silence(true, 50);
    const res = await book(orderId);
    steadfast.silence(false);
    expect(res.status).toBe(502);
    expect((await errorOf(res)).code).toBe("courier.silent");
    expect((await orderRow(t, orderId)).status).toBe("paid");
    expect(await parcelsOf(orderId)).toHaveLength(0);
    expect(steadfast.consignments.size).toBe(before);

    expect((await book(orderId)).status).toBe(200);
  });

  it("refuses to cancel an order while its parcel is being booked", async () => {
    const orderId = await aPaidOrder();
    steadfast.silence(true, 1500);
    const booking = book(orderId);
    // The booking row is written under the order's lock before the courier is asked.
    await expect.poll(async () => (await parcelsOf(orderId)).length, { timeout: 5000, interval: 20 }).toBe(1);
    const cancel = await call(t, admin, "DELETE", `/api/order/${orderId}`, { reason: "Changed our mind" });
    expect(cancel.status).toBe(409);
    expect((await errorOf(cancel)).code).toBe("courier.booking_in_flight");
    expect((await orderRow(t, orderId)).status).toBe("paid");
    expect((await booking).status).toBe(502);
    steadfast.silence(false);
    // The courier never answered, so nothing is booked: now the shop may cancel.
    expect((await call(t, admin, "DELETE", `/api/order/${orderId}`, { reason: "Changed our mind" })).status).toBe(200);
  });

  it("refuses orders not ready to go, and anyone but an admin", async () => {
    const unpaid = await orderFor(t, buyer);
    expect((await errorOf(await book(unpaid))).code).toBe("courier.cannot_book");

    const unconfirmed = await orderFor(t, buyer);
    expect((await call(t, buyer, "POST", `/api/order/${unconfirmed}/cash-on-delivery`)).status).toBe(200);
    const res = await book(unconfirmed);
    expect(res.status).toBe(409);
    expect((await errorOf(res)).code).toBe("courier.cannot_book");

    const paid = await aPaidOrder();
    expect((await book(paid, buyer)).status).toBe(403);
    expect((await book(paid, null)).status).toBe(401);
    expect((await errorOf(await book(paid, admin, "dhl"))).code).toBe("courier.unknown");
    expect((await errorOf(await book(paid, admin, "pathao"))).code).toBe("courier.not_configured");
    expect((await book("not-an-id")).status).toBe(404);
    expect((await orderRow(t, paid)).status).toBe("paid");
    for (const id of [unpaid, unconfirmed, paid]) expect(await parcelsOf(id)).toHaveLength(0);
  });
});

describe("a shop without a courier", () => {
  const t = useTestApp();

  it("refuses to book and keeps shipping a click in Manage Orders", async () => {
    const admin = await signUpAdmin(t);
    const buyer = await signUp(t);
    const orderId = await orderFor(t, buyer);
    await payByTestCard(t, buyer, orderId);
    const res = await call(t, admin, "POST", `/api/order/${orderId}/courier`, { courier: "steadfast" });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).code).toBe("courier.not_configured");
    expect((await call(t, admin, "PUT", `/api/order/${orderId}/status`, { status: "shipped" })).status).toBe(200);
  });
});

describe("the couriers' rate limit", () => {
  const { t, steadfast } = useSteadfastApp({ COURIER_LIMIT_PER_HOUR: "2" });

  it("refuses an admin's third booking (or recording) in an hour with 429, before the courier is asked, and books nothing", async () => {
    const admin = await signUpAdmin(t);
    const buyer = await signUp(t);
    const orders = [
      await anOrderToShip(t, { buyer, admin }),
      await anOrderToShip(t, { buyer, admin }),
      await anOrderToShip(t, { buyer, admin }),
    ];
    for (const orderId of orders.slice(0, 2)) {
      const booked = await call(t, admin, "POST", `/api/order/${orderId}/courier`, { courier: "steadfast" });
      expect(booked.status).toBe(200);
    }
    const asked = steadfast.requests.length;
    const refused = await call(t, admin, "POST", `/api/order/${orders[2]}/courier`, { courier: "steadfast" });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).toMatch(/^\d+$/);
    // Recording a parcel booked in the portal counts against the same limit: the courier is not asked either.
    const made = steadfast.bookInPortal();
    const recorded = await call(t, admin, "POST", `/api/order/${orders[2]}/courier`, {
      courier: "steadfast",
      consignmentId: String(made.consignment_id),
      trackingCode: made.tracking_code,
    });
    expect(recorded.status).toBe(429);
    expect(steadfast.requests.length).toBe(asked);
    expect(await t.database.db.select().from(consignment).where(eq(consignment.orderId, orders[2]!))).toEqual([]);
    expect((await orderRow(t, orders[2]!)).status).toBe("paid");
  });
});
