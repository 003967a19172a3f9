import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { storeContext } from "@server/context/request-context";
import { askAboutQuietParcels } from "@server/couriers";
import { consignment } from "@server/db/schema";
import { formatInvoiceNumber } from "@shared/invoice-number";
import { signUp, signUpAdmin, type TestAccount } from "../support/accounts";
import { anOrderToShip, bookParcel, parcelOf } from "../support/parcels";
import { call, errorOf } from "../support/order-money";
import { orderRow, TEST_DELIVERY } from "../support/orders";
import { pathaoTime } from "../support/pathao-stand-in";
import { usePathaoApp } from "../support/provider-apps";

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
      feePoisha: 8000,
    });
    expect(row.status).toBe("shipped");
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
