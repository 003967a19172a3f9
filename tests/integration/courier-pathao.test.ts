import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { storeContext } from "@server/context/request-context";
import { askAboutQuietParcels } from "@server/couriers";
import { consignment, order } from "@server/db/schema";
import { formatInvoiceNumber } from "@shared/invoice-number";
import { signUp, signUpAdmin, type TestAccount } from "../support/accounts";
import { anOrderToShip, bookParcel, parcelOf } from "../support/parcels";
import { call, errorOf } from "../support/order-money";
import { orderRow, TEST_DELIVERY } from "../support/orders";
import { pathaoPrice, pathaoTime } from "../support/pathao-stand-in";
import { usePathaoApp } from "../support/provider-apps";

/** Pathao's id of the city the tests' orders go to (Gazipur, where their Tongi is one of its zones). */
const GAZIPUR = 11;

/** Pathao behind the same interface, through a stand-in for its merchant API. */
describe("booking and following a parcel with Pathao", () => {
  const { t, pathao } = usePathaoApp();
  let admin: TestAccount;
  let buyer: TestAccount;

  beforeAll(async () => {
    admin = await signUpAdmin(t);
    buyer = await signUp(t);
  });

  const anOrder = (cashOnDelivery = false) => anOrderToShip(t, { buyer, admin }, cashOnDelivery);

  const book = (orderId: string) => call(t, admin, "POST", `/api/order/${orderId}/courier`, { courier: "pathao" });

  /** The body of the booking Pathao was sent for an order. */
  async function bookingOf(orderId: string) {
    const invoice = formatInvoiceNumber((await orderRow(t, orderId)).invoiceNumber!);
    const sent = pathao.requests.filter((r) => r.path === "/aladdin/api/v1/orders");
    const body = sent.find((r) => (r.body as { merchant_order_id?: string }).merchant_order_id === invoice)?.body;
    if (!body) throw new Error(`no booking was sent for ${invoice}`);
    return body as Record<string, unknown>;
  }

  /** The order's delivery moved to another district and street, as if the buyer had written them. */
  async function addressed(orderId: string, district: string, address: string) {
    const row = await orderRow(t, orderId);
    await t.database.db
      .update(order)
      .set({ delivery: { ...row.delivery!, district, address } })
      .where(eq(order.id, orderId));
  }

  const aBookedParcel = (cashOnDelivery = false) => bookParcel(t, { buyer, admin }, "pathao", cashOnDelivery);

  const webhook = (body: string, secret: string | null = pathao.webhookSecret) =>
    t.request("/api/couriers/pathao/webhook", {
      method: "POST",
      headers: { "Content-Type": "application/json", ...(secret === null ? {} : { "X-PATHAO-Signature": secret }) },
      body,
    });

  it("books a paid order from the shop's store, under its invoice, and tracks it by the consignment id", async () => {
    const { orderId, consignmentId, trackingCode } = await aBookedParcel();
    const row = await orderRow(t, orderId);
    expect(trackingCode).toBe(consignmentId);
    expect(pathao.requests.at(-1)).toMatchObject({
      method: "POST",
      path: "/aladdin/api/v1/orders",
      body: {
        store_id: pathao.storeId,
        merchant_order_id: formatInvoiceNumber(row.invoiceNumber!),
        recipient_name: TEST_DELIVERY.name,
        recipient_phone: TEST_DELIVERY.phone,
        delivery_type: 48,
        item_type: 2,
        item_quantity: 20,
        amount_to_collect: 0,
      },
    });
    const weight = (pathao.requests.at(-1)!.body as { item_weight: number }).item_weight;
    expect(weight).toBeGreaterThanOrEqual(0.5);
    expect(weight).toBeLessThanOrEqual(10);
    expect((await parcelOf(t, orderId)).parcel).toMatchObject({
      state: "booked",
      courierStatus: "Pending",
      feePoisha: pathaoPrice(GAZIPUR, weight) * 100,
    });
    expect(row.status).toBe("shipped");
  });

  it("names the city by the district and the zone and area the address names, asking Pathao's lists once", async () => {
    const listsAsked = () => pathao.requests.filter((r) => r.path.endsWith("-list")).length;
    const first = await anOrder();
    await addressed(first, "Gazipur", "House 12, Road 3, Station Road, Tongi");
    expect((await book(first)).status).toBe(200);
    expect(await bookingOf(first)).toMatchObject({ recipient_city: GAZIPUR, recipient_zone: 91, recipient_area: 402 });
    const asked = listsAsked();

    const second = await anOrder();
    expect((await book(second)).status).toBe(200);
    expect(listsAsked()).toBe(asked);
    expect(await bookingOf(second)).toMatchObject({ recipient_city: GAZIPUR, recipient_zone: 91 });
    expect(await bookingOf(second)).not.toHaveProperty("recipient_area");
  });

  it("reads the district's new spelling as Pathao's old one, and the longest zone the address names", async () => {
    const orderId = await anOrder();
    await addressed(orderId, "Chattogram", "Flat 3B, Agrabad C/A");
    expect((await book(orderId)).status).toBe(200);
    expect(await bookingOf(orderId)).toMatchObject({ recipient_city: 2, recipient_zone: 71 });

    const inDhaka = await anOrder();
    await addressed(inDhaka, "Dhaka", "House 4, Road 2, Mirpur 10");
    expect((await book(inDhaka)).status).toBe(200);
    expect(await bookingOf(inDhaka)).toMatchObject({ recipient_city: 1, recipient_zone: 53 });
  });

  it("leaves the place to Pathao when the address names none of its zones, and asks no price", async () => {
    const orderId = await anOrder();
    await addressed(orderId, "Gazipur", "Village Kaliakair, near the bazar mosque");
    const plans = pathao.requests.filter((r) => r.path.endsWith("price-plan")).length;
    expect((await book(orderId)).status).toBe(200);
    expect(await bookingOf(orderId)).not.toHaveProperty("recipient_city");
    expect(await bookingOf(orderId)).not.toHaveProperty("recipient_zone");
    expect(pathao.requests.filter((r) => r.path.endsWith("price-plan")).length).toBe(plans);
  });

  it("asks the price plan first: no cash-on-delivery parcel goes where Pathao carries no cash", async () => {
    const orderId = await anOrder(true);
    await addressed(orderId, "Chattogram", "House 7, Haramia, Sandwip");
    const booked = pathao.orders.size;
    const before = await orderRow(t, orderId);
    const res = await book(orderId);
    expect(res.status).toBe(409);
    expect((await errorOf(res)).message).toContain("Pathao does not collect cash on delivery in Sandwip.");
    expect(pathao.orders.size).toBe(booked);
    expect(await orderRow(t, orderId)).toEqual(before);
    expect(await t.database.db.select().from(consignment).where(eq(consignment.orderId, orderId))).toEqual([]);

    // A paid parcel has no cash to carry: it goes.
    const paid = await anOrder();
    await addressed(paid, "Chattogram", "House 7, Haramia, Sandwip");
    expect((await book(paid)).status).toBe(200);
  });

  it("keeps the price plan's charge when the booking's answer does not say it", async () => {
    const orderId = await anOrder();
    pathao.feeInAnswer = false;
    try {
      expect((await book(orderId)).status).toBe(200);
    } finally {
      pathao.feeInAnswer = true;
    }
    const { item_weight } = (await bookingOf(orderId)) as { item_weight: number };
    expect((await parcelOf(t, orderId)).parcel.feePoisha).toBe(pathaoPrice(GAZIPUR, item_weight) * 100);
  });

  it("asks Pathao to collect a cash-on-delivery order's total in whole taka", async () => {
    const { orderId } = await aBookedParcel(true);
    const row = await orderRow(t, orderId);
    expect(pathao.requests.at(-1)!.body).toMatchObject({ amount_to_collect: Math.ceil(row.totalPoisha / 100) });
  });

  it("keeps its token between calls, and asks for a new one once when it stops working", async () => {
    await aBookedParcel();
    const issued = pathao.tokensIssued();
    expect(issued).toBeGreaterThanOrEqual(1);
    await aBookedParcel();
    expect(pathao.tokensIssued()).toBe(issued);
    pathao.revokeTokens();
    await aBookedParcel();
    expect(pathao.tokensIssued()).toBe(issued + 1);
  });

  it("says why when Pathao refuses, and changes nothing; and nothing when it is silent", async () => {
    const refused = await anOrder();
    pathao.refuseNext("recipient_address", "The recipient address is not serviceable.");
    const res = await book(refused);
    expect(res.status).toBe(409);
    expect((await errorOf(res)).message).toContain("The recipient address is not serviceable.");
    expect((await orderRow(t, refused)).status).toBe("paid");

    const silent = await anOrder();
    pathao.silence(true, 20);
    const quiet = await book(silent);
    pathao.silence(false);
    expect(quiet.status).toBe(502);
    expect((await orderRow(t, silent)).status).toBe("paid");
  });

  it("takes a webhook's news as Pathao's API tells it, and answers with the secret every time", async () => {
    const { orderId, consignmentId } = await aBookedParcel(true);
    const row = await orderRow(t, orderId);
    pathao.setStatus(consignmentId, "Delivered");
    const res = await webhook(
      pathao.webhookBody(consignmentId, "order.delivered", { collected_amount: Math.ceil(row.totalPoisha / 100) }),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("X-Pathao-Merchant-Webhook-Integration-Secret")).toBe(pathao.webhookSecret);
    expect(await res.json()).toEqual({ status: "success", message: "taken" });
    const { parcel, steps } = await parcelOf(t, orderId);
    expect(parcel).toMatchObject({ state: "delivered", collectedPoisha: Math.ceil(row.totalPoisha / 100) * 100 });
    expect(steps.at(-1)).toMatchObject({ source: "webhook", state: "delivered", courierStatus: "Delivered" });
    expect((await orderRow(t, orderId)).status).toBe("delivered");
  });

  it("does not take a forged webhook on its word: the parcel is where Pathao's API says", async () => {
    const { orderId, consignmentId } = await aBookedParcel(true);
    pathao.setStatus(consignmentId, "In Transit");
    // The secret is every merchant's: someone claims the parcel delivered and its cash collected.
    const res = await webhook(pathao.webhookBody(consignmentId, "order.delivered", { collected_amount: 1 }));
    expect(res.status).toBe(200);
    const { parcel } = await parcelOf(t, orderId);
    expect(parcel).toMatchObject({ state: "in_transit", collectedPoisha: null });
    expect((await orderRow(t, orderId)).status).toBe("shipped");
  });

  it("refuses a webhook without the secret (still answering with it), and asks nothing about unknown parcels", async () => {
    const { orderId, consignmentId } = await aBookedParcel();
    const before = await parcelOf(t, orderId);
    for (const secret of [null, "", "someone-else"]) {
      const res = await webhook(pathao.webhookBody(consignmentId, "order.delivered"), secret);
      expect(res.status).toBe(401);
      expect(res.headers.get("X-Pathao-Merchant-Webhook-Integration-Secret")).toBe(pathao.webhookSecret);
    }
    expect(await parcelOf(t, orderId)).toEqual(before);

    const asked = pathao.requests.length;
    const unknown = await webhook(pathao.webhookBody("DLNOSUCHPARCEL", "order.delivered"));
    expect(await unknown.json()).toEqual({ status: "success", message: "unknown" });
    expect(pathao.requests.length).toBe(asked);
  });

  it("asks Pathao about a quiet parcel, reading its Bangladesh time", async () => {
    const { orderId, consignmentId } = await aBookedParcel();
    pathao.setStatus(consignmentId, "Return", pathaoTime(new Date("2026-11-28T06:00:00Z")));
    await t.database.db
      .update(consignment)
      .set({ newsAt: new Date(Date.now() - 31 * 60_000) })
      .where(eq(consignment.orderId, orderId));
    await askAboutQuietParcels(storeContext(t.services, "courier-polling"), 30);
    const { parcel, steps } = await parcelOf(t, orderId);
    expect(parcel.state).toBe("returned");
    expect(steps.at(-1)).toMatchObject({ source: "check", courierStatus: "Return" });
    expect(steps.at(-1)!.at.toISOString()).toBe("2026-11-28T06:00:00.000Z");
  });
});
