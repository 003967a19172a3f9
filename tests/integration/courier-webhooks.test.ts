import { beforeAll, describe, expect, it } from "vitest";
import { signUp, signUpAdmin, type TestAccount } from "../support/accounts";
import { bookParcel, parcelOf } from "../support/parcels";
import { call, historyRows, payByTestCard } from "../support/order-money";
import { orderFor, orderRow, TEST_DELIVERY } from "../support/orders";
import { STEADFAST_WEBHOOK_TOKEN, useSteadfastApp } from "../support/provider-apps";

/** Steadfast's delivery-status webhook: authenticated, taken once, in the courier's order. */
describe("news of a parcel from Steadfast's webhook", () => {
  const { t, steadfast } = useSteadfastApp();
  let admin: TestAccount;
  let buyer: TestAccount;

  beforeAll(async () => {
    admin = await signUpAdmin(t);
    buyer = await signUp(t);
  });

  /** A paid order booked with Steadfast: its order id and the stand-in's consignment id. */
  async function aBookedParcel(cashOnDelivery = false) {
    const { orderId, consignmentId } = await bookParcel(t, { buyer, admin }, "steadfast", cashOnDelivery);
    return { orderId, id: Number(consignmentId) };
  }

  const post = (body: string, token: string | null = STEADFAST_WEBHOOK_TOKEN, courier = "steadfast") =>
    t.request(`/api/couriers/${courier}/webhook`, {
      method: "POST",
      headers: { "Content-Type": "application/json", ...(token === null ? {} : { Authorization: `Bearer ${token}` }) },
      body,
    });

  it("delivers the order when Steadfast says so, with what it collected and charged", async () => {
    const { orderId, id } = await aBookedParcel(true);
    const row = await orderRow(t, orderId);
    steadfast.setStatus(id, "delivered");
    const res = await post(steadfast.webhookBody(id));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "success", message: "taken" });

    const { parcel, steps } = await parcelOf(t, orderId);
    expect(parcel).toMatchObject({
      state: "delivered",
      courierStatus: "delivered",
      collectedPoisha: row.totalPoisha,
      feePoisha: 6000,
    });
    expect(steps.map((s) => [s.source, s.state, s.message])).toEqual([
      ["booking", "booked", null],
      ["webhook", "delivered", "Your parcel is delivered."],
    ]);
    expect((await orderRow(t, orderId)).status).toBe("delivered");
    // Delivered, and the cash the courier collected is the order's, held by the courier until its payout.
    expect((await historyRows(t, orderId)).slice(-2)).toEqual([
      ["delivered", "steadfast", "Your parcel is delivered."],
      ["collected", "steadfast", null],
    ]);
    expect(parcel.collectedAt).not.toBeNull();
  });

  it("refuses a webhook without Steadfast's token, and changes nothing", async () => {
    const { orderId, id } = await aBookedParcel();
    steadfast.setStatus(id, "delivered");
    const before = await parcelOf(t, orderId);
    for (const token of [null, "", "wrong-token-0123456789", `${STEADFAST_WEBHOOK_TOKEN}x`]) {
      const res = await post(steadfast.webhookBody(id), token);
      expect(res.status).toBe(401);
      expect(((await res.json()) as { code: string }).code).toBe("courier.webhook_unauthorized");
    }
    expect(await parcelOf(t, orderId)).toEqual(before);
    expect((await orderRow(t, orderId)).status).toBe("shipped");
  });

  it("takes a webhook sent again once", async () => {
    const { orderId, id } = await aBookedParcel();
    steadfast.setStatus(id, "pending");
    const body = steadfast.webhookBody(id);
    expect(await (await post(body)).json()).toEqual({ status: "success", message: "taken" });
    expect(await (await post(body)).json()).toEqual({ status: "success", message: "repeated" });
    const { parcel, steps } = await parcelOf(t, orderId);
    expect(parcel.state).toBe("in_transit");
    expect(steps).toHaveLength(2);
  });

  it("keeps the newest state when older news comes after it", async () => {
    const { orderId, id } = await aBookedParcel();
    steadfast.setStatus(id, "delivered");
    const delivered = steadfast.webhookBody(id, { updated_at: "2026-11-28T12:00:00.000Z" });
    const onTheWay = steadfast.webhookBody(id, { status: "pending", updated_at: "2026-11-28T09:00:00.000Z" });
    expect((await post(delivered)).status).toBe(200);
    expect((await post(onTheWay)).status).toBe(200);
    const { parcel, steps } = await parcelOf(t, orderId);
    expect(parcel.state).toBe("delivered");
    expect(steps.map((s) => s.courierStatus)).toEqual(["in_review", "delivered", "pending"]);
    expect((await orderRow(t, orderId)).status).toBe("delivered");
  });

  it("writes a tracking update as a step that moves no state", async () => {
    const { orderId, id } = await aBookedParcel();
    const body = steadfast.webhookBody(id, {
      notification_type: "tracking_update",
      status: undefined,
      tracking_message: "Reached the Gazipur hub.",
    });
    expect((await post(body)).status).toBe(200);
    const { parcel, steps } = await parcelOf(t, orderId);
    expect(parcel.state).toBe("booked");
    expect(steps.at(-1)).toMatchObject({ state: null, message: "Reached the Gazipur hub." });
  });

  it("acknowledges a parcel it does not know, or a notification it does not read, and changes nothing", async () => {
    const unknown = JSON.stringify({
      notification_type: "delivery_status",
      consignment_id: 999_999_999,
      invoice: "INV-999999",
      status: "delivered",
      updated_at: "2026-11-28T12:00:00.000Z",
    });
    expect(await (await post(unknown)).json()).toEqual({ status: "success", message: "unknown" });
    for (const body of [
      JSON.stringify({ notification_type: "delivery_status", consignment_id: "\u0000", status: "delivered" }),
      JSON.stringify({ notification_type: "delivery_status", consignment_id: 1, status: "\ud800" }),
      "not json",
      "null",
      "[]",
      "{}",
      JSON.stringify({ notification_type: "other", consignment_id: 1 }),
    ]) {
      expect(await (await post(body)).json()).toEqual({ status: "success", message: "ignored" });
    }
  });

  it("answers 404 for a courier the shop has no account with", async () => {
    expect((await post("{}", STEADFAST_WEBHOOK_TOKEN, "pathao")).status).toBe(404);
    expect((await post("{}", STEADFAST_WEBHOOK_TOKEN, "dhl")).status).toBe(404);
  });
});

describe("following a parcel by its tracking code", () => {
  const { t, steadfast } = useSteadfastApp();

  it("shows the parcel's steps to anyone with its code, and nothing about its buyer", async () => {
    const admin = await signUpAdmin(t);
    const buyer = await signUp(t);
    const orderId = await orderFor(t, buyer);
    await payByTestCard(t, buyer, orderId);
    const booked = await call(t, admin, "POST", `/api/order/${orderId}/courier`, { courier: "steadfast" });
    const { consignmentId, trackingCode } = (await booked.json()) as { consignmentId: string; trackingCode: string };
    steadfast.setStatus(Number(consignmentId), "pending");
    const webhook = await t.request("/api/couriers/steadfast/webhook", {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${STEADFAST_WEBHOOK_TOKEN}` },
      body: steadfast.webhookBody(Number(consignmentId)),
    });
    expect(webhook.status).toBe(200);

    const res = await t.request(`/api/track/${trackingCode}`);
    expect(res.status).toBe(200);
    const text = await res.text();
    const tracking = JSON.parse(text) as { courier: string; state: string; steps: { state: string | null }[] };
    expect(tracking).toMatchObject({ trackingCode, courier: "steadfast", state: "in_transit" });
    expect(tracking.steps.map((s) => s.state)).toEqual(["booked", "in_transit"]);
    for (const secret of [TEST_DELIVERY.name, TEST_DELIVERY.phone, TEST_DELIVERY.address, buyer.email, orderId]) {
      expect(text).not.toContain(secret);
    }
  });

  it("answers 404 for a code no parcel has, or one that is no code", async () => {
    for (const code of ["NOSUCHCODE", "x", "%00", "a".repeat(100)]) {
      expect((await t.request(`/api/track/${code}`)).status).toBe(404);
    }
  });
});

describe("a courier's time", () => {
  it("reads Bangladesh's clock and ISO 8601, and nothing a parcel could not have been sent at", async () => {
    const { courierTime } = await import("@server/couriers/courier");
    expect(courierTime("2026-11-28 12:00:00")?.toISOString()).toBe("2026-11-28T06:00:00.000Z");
    expect(courierTime("2026-11-28T06:00:00Z")?.toISOString()).toBe("2026-11-28T06:00:00.000Z");
    for (const bad of ["-200000-01-01T00:00:00Z", "+275760-09-13T00:00:00Z", "1970-01-01T00:00:00Z", "soon", 5, null]) {
      expect(courierTime(bad)).toBeNull();
    }
  });
});
