import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { consignment, mailOutbox, payment } from "@server/db/schema";
import { smsOutbox } from "@server/db/notice-schema";
import { formatInvoiceNumber } from "@shared/invoice-number";
import { signUp, signUpAdmin, type TestAccount } from "../support/accounts";
import { call, errorOf, historyRows } from "../support/order-money";
import { orderRow } from "../support/orders";
import { anOrderToShip, bookParcel, parcelOf } from "../support/parcels";
import { usePathaoApp, useSteadfastApp } from "../support/provider-apps";
import type { TestContext } from "../support/test-app";

/** `POST /api/order/{id}/courier` with a consignment the courier holds: "Booked in the courier's portal". */
const record = (t: TestContext, who: TestAccount | null, orderId: string, body: Record<string, unknown>) =>
  call(t, who, "POST", `/api/order/${orderId}/courier`, body);

const parcelsOf = (t: TestContext, orderId: string) =>
  t.database.db.select().from(consignment).where(eq(consignment.orderId, orderId));

/** The order's "shipped" line in its history, its e-mail and its text message to the buyer: how many of each. */
async function shippedNotices(t: TestContext, orderId: string) {
  const history = (await historyRows(t, orderId)).filter(([status]) => status === "shipped");
  const mails = await t.database.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.orderId, orderId), eq(mailOutbox.kind, "shipped"), eq(mailOutbox.audience, "buyer")));
  const texts = await t.database.db
    .select()
    .from(smsOutbox)
    .where(and(eq(smsOutbox.orderId, orderId), eq(smsOutbox.kind, "shipped")));
  return { history, mails: mails.length, texts: texts.length };
}

describe("recording a parcel Steadfast holds already", () => {
  const { t, steadfast } = useSteadfastApp();
  let admin: TestAccount;
  let buyer: TestAccount;

  beforeAll(async () => {
    admin = await signUpAdmin(t);
    buyer = await signUp(t);
  });

  const shop = () => ({ admin, buyer });
  const book = (orderId: string) => call(t, admin, "POST", `/api/order/${orderId}/courier`, { courier: "steadfast" });
  /** The consignment Steadfast made under the order's invoice number. */
  const madeFor = async (orderId: string) => {
    const invoice = formatInvoiceNumber((await orderRow(t, orderId)).invoiceNumber!);
    return [...steadfast.consignments.values()].find((c) => c.invoice === invoice)!;
  };

  for (const how of ["error", "hang"] as const) {
    it(`after a booking whose answer was lost (${how === "error" ? "a 500" : "the connection dropped"}), records the consignment and ships the order once`, async () => {
      const orderId = await anOrderToShip(t, shop(), how === "hang");
      steadfast.loseNextAnswer(how, 50);
      const lost = await book(orderId);
      expect(lost.status).toBe(502);
      expect((await errorOf(lost)).code).toBe("courier.silent");
      expect(await parcelsOf(t, orderId)).toHaveLength(0);
      const made = await madeFor(orderId);
      expect(made).toBeDefined();

      // Steadfast booked it: booking again is refused as a repeated invoice.
      const again = await book(orderId);
      expect(again.status).toBe(409);
      expect((await errorOf(again)).message).toContain("The invoice has already been taken.");
      expect((await orderRow(t, orderId)).status).toBe(how === "hang" ? "cod" : "paid");

      const held = {
        courier: "steadfast",
        consignmentId: String(made.consignment_id),
        trackingCode: made.tracking_code,
      };
      const asked = steadfast.requests.length;
      const res = await record(t, admin, orderId, held);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ consignmentId: held.consignmentId, trackingCode: held.trackingCode });
      expect(steadfast.requests.slice(asked).map((r) => r.path)).toEqual([`/status_by_cid/${made.consignment_id}`]);

      const row = await orderRow(t, orderId);
      expect(row.status).toBe("shipped");
      const { parcel, steps } = await parcelOf(t, orderId);
      expect(parcel).toMatchObject({
        courier: "steadfast",
        state: "booked",
        consignmentRef: held.consignmentId,
        trackingCode: held.trackingCode,
        courierStatus: "in_review",
        codPoisha: how === "hang" ? row.totalPoisha : 0,
      });
      expect(steps.map((s) => [s.source, s.state, s.courierStatus])).toEqual([["booking", "booked", "in_review"]]);

      // Recorded again (a second click): the same parcel, the courier not asked, nothing said twice.
      const twice = await record(t, admin, orderId, held);
      expect(twice.status).toBe(200);
      expect(await twice.json()).toEqual({ consignmentId: held.consignmentId, trackingCode: held.trackingCode });
      const notices = await shippedNotices(t, orderId);
      expect(notices.history).toEqual([["shipped", "admin", `steadfast ${held.trackingCode}`]]);
      expect([notices.mails, notices.texts]).toEqual([1, 1]);
      expect(steadfast.requests.length).toBe(asked + 1);
    });
  }

  it("records a parcel booked by hand in the portal with the state Steadfast answers, for the buyer to follow", async () => {
    const orderId = await anOrderToShip(t, shop());
    const made = steadfast.bookInPortal();
    steadfast.setStatus(made.consignment_id, "pending");
    const res = await record(t, admin, orderId, {
      courier: "steadfast",
      consignmentId: ` ${made.consignment_id} `,
      trackingCode: made.tracking_code,
    });
    expect(res.status).toBe(200);
    expect((await parcelOf(t, orderId)).parcel).toMatchObject({
      state: "in_transit",
      courierStatus: "pending",
      consignmentRef: String(made.consignment_id),
    });
    const tracked = await t.request(`/api/track/${made.tracking_code}`);
    expect(tracked.status).toBe(200);
    expect(await tracked.json()).toMatchObject({ courier: "steadfast", state: "in_transit" });
  });

  it("records a parcel Steadfast delivered already: the order is delivered and the cash it collected counted", async () => {
    const orderId = await anOrderToShip(t, shop(), true);
    const made = steadfast.bookInPortal();
    steadfast.setStatus(made.consignment_id, "delivered");
    const res = await record(t, admin, orderId, {
      courier: "steadfast",
      consignmentId: String(made.consignment_id),
      trackingCode: made.tracking_code,
    });
    expect(res.status).toBe(200);
    const row = await orderRow(t, orderId);
    expect(row.status).toBe("delivered");
    const { parcel, steps } = await parcelOf(t, orderId);
    expect(parcel.state).toBe("delivered");
    expect(parcel.collectedAt).not.toBeNull();
    expect(parcel.collectedPoisha).toBe(row.totalPoisha);
    expect(steps.map((s) => [s.source, s.state])).toEqual([
      ["booking", "booked"],
      ["check", "delivered"],
    ]);
    const paid = await t.database.db.select().from(payment).where(eq(payment.orderId, orderId));
    expect(paid.map((p) => p.providerRef)).toEqual([`COD-STEADFAST-${made.consignment_id}`]);
  });

  it("refuses a consignment Steadfast does not know, with its reason, and changes nothing", async () => {
    const orderId = await anOrderToShip(t, shop());
    const res = await record(t, admin, orderId, {
      courier: "steadfast",
      consignmentId: "99999999",
      trackingCode: "NOSUCH12",
    });
    expect(res.status).toBe(409);
    const error = await errorOf(res);
    expect(error.code).toBe("courier.consignment_unknown");
    expect(error.message).toBe("The courier does not know this consignment: Consignment not found.");
    expect((await orderRow(t, orderId)).status).toBe("paid");
    expect(await parcelsOf(t, orderId)).toHaveLength(0);
    // Nothing is left behind: the order may be booked now.
    expect((await book(orderId)).status).toBe(200);
  });

  it("changes nothing when Steadfast does not answer, and records when it does", async () => {
    const orderId = await anOrderToShip(t, shop());
    const made = steadfast.bookInPortal();
    const held = { courier: "steadfast", consignmentId: String(made.consignment_id), trackingCode: made.tracking_code };
    steadfast.silence(true, 50);
    const res = await record(t, admin, orderId, held);
    steadfast.silence(false);
    expect(res.status).toBe(502);
    expect((await errorOf(res)).code).toBe("courier.record_silent");
    expect((await orderRow(t, orderId)).status).toBe("paid");
    expect(await parcelsOf(t, orderId)).toHaveLength(0);
    expect((await shippedNotices(t, orderId)).history).toEqual([]);

    expect((await record(t, admin, orderId, held)).status).toBe(200);
    expect((await orderRow(t, orderId)).status).toBe("shipped");
  });

  it("refuses a consignment or tracking code another order has (409, naming it), without asking Steadfast", async () => {
    const first = await bookParcel(t, shop(), "steadfast");
    const invoice = formatInvoiceNumber((await orderRow(t, first.orderId)).invoiceNumber!);
    const orderId = await anOrderToShip(t, shop());
    const other = steadfast.bookInPortal();
    const asked = steadfast.requests.length;
    for (const held of [
      { consignmentId: first.consignmentId, trackingCode: other.tracking_code },
      { consignmentId: String(other.consignment_id), trackingCode: first.trackingCode },
    ]) {
      const res = await record(t, admin, orderId, { courier: "steadfast", ...held });
      expect(res.status).toBe(409);
      const error = await errorOf(res);
      expect(error.code).toBe("courier.recorded_elsewhere");
      expect(error.message).toBe(`This consignment is already recorded on order ${invoice}`);
    }
    expect(steadfast.requests.length).toBe(asked);
    expect((await orderRow(t, orderId)).status).toBe("paid");
    expect(await parcelsOf(t, orderId)).toHaveLength(0);
  });

  it("answers an order's own parcel recorded again, and refuses another consignment on a booked order", async () => {
    const booked = await bookParcel(t, shop(), "steadfast");
    const same = await record(t, admin, booked.orderId, {
      courier: "steadfast",
      consignmentId: booked.consignmentId,
      trackingCode: booked.trackingCode,
    });
    expect(same.status).toBe(200);
    expect(await same.json()).toEqual({ consignmentId: booked.consignmentId, trackingCode: booked.trackingCode });
    const other = steadfast.bookInPortal();
    const res = await record(t, admin, booked.orderId, {
      courier: "steadfast",
      consignmentId: String(other.consignment_id),
      trackingCode: other.tracking_code,
    });
    expect(res.status).toBe(409);
    const error = await errorOf(res);
    expect(error.code).toBe("courier.already_booked");
    expect(error.message).toBe(`This order's parcel is already booked with tracking code ${booked.trackingCode}`);
    expect((await parcelOf(t, booked.orderId)).parcel.consignmentRef).toBe(booked.consignmentId);
  });

  it("is for admins only, and for orders ready to go", async () => {
    const orderId = await anOrderToShip(t, shop());
    const made = steadfast.bookInPortal();
    const held = { courier: "steadfast", consignmentId: String(made.consignment_id), trackingCode: made.tracking_code };
    expect((await record(t, buyer, orderId, held)).status).toBe(403);
    expect((await record(t, null, orderId, held)).status).toBe(401);
    expect((await orderRow(t, orderId)).status).toBe("paid");
    expect(await parcelsOf(t, orderId)).toHaveLength(0);

    const shippedByHand = await anOrderToShip(t, shop());
    expect((await call(t, admin, "PUT", `/api/order/${shippedByHand}/status`, { status: "shipped" })).status).toBe(200);
    const shipped = await record(t, admin, shippedByHand, held);
    expect(shipped.status).toBe(409);
    expect((await errorOf(shipped)).code).toBe("courier.cannot_book");
    expect(await parcelsOf(t, shippedByHand)).toHaveLength(0);
  });

  it("refuses bad input with the schema's message (400), asks no courier and changes nothing", async () => {
    const orderId = await anOrderToShip(t, shop());
    const cases: [Record<string, unknown>, string][] = [
      [{ consignmentId: "1424107" }, "courier.record_both"],
      [{ trackingCode: "15BAEB8A" }, "courier.record_both"],
      [{ consignmentId: "", trackingCode: "15BAEB8A" }, "courier.consignment_id_invalid"],
      [{ consignmentId: "   ", trackingCode: "15BAEB8A" }, "courier.consignment_id_invalid"],
      [{ consignmentId: "1".repeat(65), trackingCode: "15BAEB8A" }, "courier.consignment_id_invalid"],
      [{ consignmentId: "14\u202e24", trackingCode: "15BAEB8A" }, "courier.consignment_id_invalid"],
      [{ consignmentId: 1424107, trackingCode: "15BAEB8A" }, "courier.consignment_id_invalid"],
      [{ consignmentId: "1424107", trackingCode: "" }, "courier.tracking_code_invalid"],
      [{ consignmentId: "1424107", trackingCode: "AB1" }, "courier.tracking_code_invalid"],
      [{ consignmentId: "1424107", trackingCode: "15BA EB8A" }, "courier.tracking_code_invalid"],
      [{ consignmentId: "1424107", trackingCode: "15BAEB8A/1" }, "courier.tracking_code_invalid"],
      [{ consignmentId: "1424107", trackingCode: "A".repeat(41) }, "courier.tracking_code_invalid"],
      [{ consignmentId: "1424107", trackingCode: null }, "courier.tracking_code_invalid"],
    ];
    const asked = steadfast.requests.length;
    for (const [body, code] of cases) {
      const res = await record(t, admin, orderId, { courier: "steadfast", ...body });
      expect([JSON.stringify(body), res.status, (await errorOf(res)).code]).toEqual([JSON.stringify(body), 400, code]);
    }
    const english = await errorOf(await record(t, admin, orderId, { courier: "steadfast", consignmentId: "1" }));
    expect(english.message).toBe(
      "A parcel booked in the courier's portal is recorded by both its consignment id and its tracking code",
    );
    expect(steadfast.requests.length).toBe(asked);
    expect((await orderRow(t, orderId)).status).toBe("paid");
    expect(await parcelsOf(t, orderId)).toHaveLength(0);
  });
});

describe("recording a parcel Pathao holds already", () => {
  const { t, pathao } = usePathaoApp();
  let admin: TestAccount;
  let buyer: TestAccount;

  beforeAll(async () => {
    admin = await signUpAdmin(t);
    buyer = await signUp(t);
  });

  it("after a booking whose answer was lost, records the consignment Pathao made, asked by its order info", async () => {
    const orderId = await anOrderToShip(t, { admin, buyer });
    pathao.loseNextAnswer("hang", 50);
    const lost = await call(t, admin, "POST", `/api/order/${orderId}/courier`, { courier: "pathao" });
    expect(lost.status).toBe(502);
    const invoice = formatInvoiceNumber((await orderRow(t, orderId)).invoiceNumber!);
    const made = [...pathao.orders.values()].find((o) => o.merchant_order_id === invoice)!;
    expect(made).toBeDefined();

    const held = { courier: "pathao", consignmentId: made.consignment_id, trackingCode: made.consignment_id };
    const res = await record(t, admin, orderId, held);
    expect(res.status).toBe(200);
    expect(pathao.requests.at(-1)).toMatchObject({
      method: "GET",
      path: `/aladdin/api/v1/orders/${made.consignment_id}/info`,
    });
    expect((await orderRow(t, orderId)).status).toBe("shipped");
    expect((await parcelOf(t, orderId)).parcel).toMatchObject({
      courier: "pathao",
      state: "booked",
      consignmentRef: made.consignment_id,
      courierStatus: "Pending",
    });
    expect((await shippedNotices(t, orderId)).history).toHaveLength(1);
  });

  it("refuses a consignment Pathao does not know, and one its portal booked goes on another order once", async () => {
    const orderId = await anOrderToShip(t, { admin, buyer });
    const unknown = await record(t, admin, orderId, {
      courier: "pathao",
      consignmentId: "DLNOSUCH0000",
      trackingCode: "DLNOSUCH0000",
    });
    expect(unknown.status).toBe(409);
    expect(await errorOf(unknown)).toMatchObject({
      code: "courier.consignment_unknown",
      message: "The courier does not know this consignment: Order not found",
    });
    expect(await parcelsOf(t, orderId)).toHaveLength(0);

    const made = pathao.bookInPortal();
    const held = { courier: "pathao", consignmentId: made.consignment_id, trackingCode: made.consignment_id };
    expect((await record(t, admin, orderId, held)).status).toBe(200);
    const another = await anOrderToShip(t, { admin, buyer });
    const twice = await record(t, admin, another, held);
    expect(twice.status).toBe(409);
    expect((await errorOf(twice)).code).toBe("courier.recorded_elsewhere");
    expect((await orderRow(t, another)).status).toBe("paid");
  });
});
