import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { mailOutbox, order, payment, stockEntry } from "@server/db/schema";
import { signUp, signUpAdmin, type TestAccount } from "../support/accounts";
import { bookParcel, parcelOf } from "../support/parcels";
import { call, historyRows, stockOf } from "../support/order-money";
import { orderRow, paymentRowsOf } from "../support/orders";
import { expectLedgersBalanced } from "../support/stock-ledger";
import { userIdOf } from "../support/cart-page-scenes";
import { STEADFAST_WEBHOOK_TOKEN, useSteadfastApp } from "../support/provider-apps";

/** A parcel the buyer refused: the courier brings it back, the shop receives it, stock and money follow once. */
describe("a returned parcel", () => {
  const { t, steadfast } = useSteadfastApp();
  let admin: TestAccount;
  let buyer: TestAccount;

  beforeAll(async () => {
    admin = await signUpAdmin(t);
    buyer = await signUp(t);
  });

  const webhook = (id: number) =>
    t.request("/api/couriers/steadfast/webhook", {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${STEADFAST_WEBHOOK_TOKEN}` },
      body: steadfast.webhookBody(id),
    });

  async function aRefusedParcel(cashOnDelivery: boolean) {
    const booked = await bookParcel(t, { buyer, admin }, "steadfast", cashOnDelivery);
    const id = Number(booked.consignmentId);
    steadfast.setStatus(id, "cancelled");
    expect((await webhook(id)).status).toBe(200);
    const [line] = await t.database.db.select().from(order).where(eq(order.id, booked.orderId));
    return { ...booked, productId: line!.productId!, quantity: line!.quantity };
  }

  const receiveBack = (who: TestAccount | null, orderId: string) =>
    call(t, who, "POST", `/api/order/${orderId}/returned`);

  it("keeps the order shipped while the parcel is on its way back, the parcel returned", async () => {
    const { orderId } = await aRefusedParcel(false);
    expect((await orderRow(t, orderId)).status).toBe("shipped");
    expect((await parcelOf(t, orderId)).parcel.state).toBe("returned");
  });

  it("puts a paid order's stock back once and makes its payment refund due when the shop receives it", async () => {
    const { orderId, productId, quantity } = await aRefusedParcel(false);
    const stockBefore = await stockOf(t, productId);

    const res = await receiveBack(admin, orderId);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ modifiedCount: 1 });
    const row = await orderRow(t, orderId);
    expect(row).toMatchObject({ status: "returned", refund: "due" });
    expect(await stockOf(t, productId)).toBe(stockBefore + quantity);
    const returnedRows = await t.database.db
      .select()
      .from(stockEntry)
      .where(and(eq(stockEntry.orderId, orderId), eq(stockEntry.reason, "returned")));
    const adminId = await userIdOf(t, admin);
    expect(returnedRows.map((r) => [r.change, r.by, r.byUserId])).toEqual([[quantity, "admin", adminId]]);
    expect((await paymentRowsOf(t, orderId)).map((p) => p.status)).toEqual(["refund_due"]);
    expect((await historyRows(t, orderId)).slice(-2).map(([status, by]) => [status, by])).toEqual([
      ["returned", "admin"],
      ["refund_due", "admin"],
    ]);
    const { parcel } = await parcelOf(t, orderId);
    expect(parcel.receivedBackBy).toBe(adminId);
    expect(parcel.receivedBackAt).not.toBeNull();
    const mails = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.orderId, orderId));
    expect(mails.filter((m) => m.kind === "returned").map((m) => m.audience)).toEqual(["buyer"]);

    // Pressed again, or by two admins: the stock came back once.
    const again = await receiveBack(admin, orderId);
    expect(again.status).toBe(409);
    expect(((await again.json()) as { code: string }).code).toBe("courier.order_returned");
    expect(await stockOf(t, productId)).toBe(stockBefore + quantity);
    await expectLedgersBalanced(t.database.db, [productId]);
  });

  it("owes nothing back on a cash-on-delivery order whose cash was never collected", async () => {
    const { orderId, productId, quantity } = await aRefusedParcel(true);
    const stockBefore = await stockOf(t, productId);
    expect((await receiveBack(admin, orderId)).status).toBe(200);
    expect(await orderRow(t, orderId)).toMatchObject({ status: "returned", refund: null });
    expect(await stockOf(t, productId)).toBe(stockBefore + quantity);
  });

  it("receives back a parcel the shop shipped by hand", async () => {
    const booked = await bookParcel(t, { buyer, admin }, "steadfast");
    expect((await receiveBack(admin, booked.orderId)).status).toBe(200);
    expect((await orderRow(t, booked.orderId)).status).toBe("returned");
  });

  it("takes two receipts at once as one", async () => {
    const { orderId, productId, quantity } = await aRefusedParcel(false);
    const stockBefore = await stockOf(t, productId);
    const answers = await Promise.all([receiveBack(admin, orderId), receiveBack(admin, orderId)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await stockOf(t, productId)).toBe(stockBefore + quantity);
  });

  it("refuses an order that is not shipped, a customer and a stranger, changing nothing", async () => {
    const { orderId, productId } = await aRefusedParcel(false);
    const stockBefore = await stockOf(t, productId);
    const customer = await receiveBack(buyer, orderId);
    expect(customer.status).toBe(403);
    expect((await receiveBack(null, orderId)).status).toBe(401);
    expect((await call(t, admin, "POST", `/api/order/not-an-id/returned`)).status).toBe(404);
    expect(await stockOf(t, productId)).toBe(stockBefore);
    expect((await orderRow(t, orderId)).status).toBe("shipped");

    // Delivered: no longer the shop's to receive back.
    const delivered = await bookParcel(t, { buyer, admin }, "steadfast");
    steadfast.setStatus(Number(delivered.consignmentId), "delivered");
    expect((await webhook(Number(delivered.consignmentId))).status).toBe(200);
    const refused = await receiveBack(admin, delivered.orderId);
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { code: string }).code).toBe("courier.cannot_receive_back");
  });

  async function aPartlyDeliveredParcel(collectedTk: number) {
    const booked = await bookParcel(t, { buyer, admin }, "steadfast", true);
    const id = Number(booked.consignmentId);
    steadfast.setStatus(id, "partial_delivered");
    const res = await t.request("/api/couriers/steadfast/webhook", {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${STEADFAST_WEBHOOK_TOKEN}` },
      body: steadfast.webhookBody(id, { cod_amount: collectedTk }),
    });
    expect(res.status).toBe(200);
    const [line] = await t.database.db.select().from(order).where(eq(order.id, booked.orderId));
    return { ...booked, productId: line!.productId!, quantity: line!.quantity };
  }

  const receivePart = (orderId: string, piecesBack: unknown) =>
    call(t, admin, "POST", `/api/order/${orderId}/returned`, { piecesBack });

  it("takes back only the pieces of a partly delivered parcel that came back; the order is delivered, its cash kept", async () => {
    const { orderId, productId, quantity, consignmentId } = await aPartlyDeliveredParcel(150);
    expect((await parcelOf(t, orderId)).parcel.state).toBe("partly_delivered");
    const stockBefore = await stockOf(t, productId);

    expect((await receivePart(orderId, [5])).status).toBe(200);
    expect(await stockOf(t, productId)).toBe(stockBefore + 5);
    expect(5).toBeLessThan(quantity);
    const returnedRows = await t.database.db
      .select()
      .from(stockEntry)
      .where(and(eq(stockEntry.orderId, orderId), eq(stockEntry.reason, "returned")));
    expect(returnedRows.map((r) => r.change)).toEqual([5]);
    const row = await orderRow(t, orderId);
    expect(row).toMatchObject({ status: "delivered", refund: null, transactionId: `COD-STEADFAST-${consignmentId}` });
    expect((await paymentRowsOf(t, orderId)).map((p) => [p.provider, p.amountPoisha, p.status])).toEqual([
      ["cod", 15_000, "succeeded"],
    ]);
    const history = await historyRows(t, orderId);
    expect(history.slice(-2).map(([status, by]) => [status, by])).toEqual([
      ["delivered", "admin"],
      ["collected", "steadfast"],
    ]);
    expect((await parcelOf(t, orderId)).parcel.receivedBackBy).toBe(await userIdOf(t, admin));

    // Received once: the rest of the pieces cannot be counted back again.
    const again = await receivePart(orderId, [1]);
    expect(again.status).toBe(409);
    expect(await stockOf(t, productId)).toBe(stockBefore + 5);
    await expectLedgersBalanced(t.database.db, [productId]);
  });

  it("counts every piece back as the whole parcel back", async () => {
    const { orderId, productId, quantity } = await aPartlyDeliveredParcel(0);
    const stockBefore = await stockOf(t, productId);
    expect((await receivePart(orderId, [quantity])).status).toBe(200);
    expect(await orderRow(t, orderId)).toMatchObject({ status: "returned", refund: null });
    expect(await stockOf(t, productId)).toBe(stockBefore + quantity);
  });

  it("refuses counts that are not one whole number per line within what was sent, or none at all; nothing changes", async () => {
    const { orderId, productId, quantity } = await aPartlyDeliveredParcel(150);
    const stockBefore = await stockOf(t, productId);
    const before = await orderRow(t, orderId);
    for (const [piecesBack, code] of [
      [[quantity + 1], "courier.pieces_back_invalid"],
      [[0], "courier.pieces_back_none"],
      [[1, 1], "courier.pieces_back_invalid"],
      [[-1], "courier.pieces_back_invalid"],
      [[1.5], "courier.pieces_back_invalid"],
      [["3"], "courier.pieces_back_invalid"],
      [[], "courier.pieces_back_invalid"],
      ["all", "courier.pieces_back_invalid"],
    ] as const) {
      const res = await receivePart(orderId, piecesBack);
      expect(res.status, JSON.stringify(piecesBack)).toBe(400);
      expect(((await res.json()) as { code: string }).code, JSON.stringify(piecesBack)).toBe(code);
    }
    expect(await stockOf(t, productId)).toBe(stockBefore);
    expect(await orderRow(t, orderId)).toEqual(before);
    expect((await parcelOf(t, orderId)).parcel.receivedBackAt).toBeNull();
  });

  it("records the cash a courier collected on delivery as the order's, collected by the courier", async () => {
    const { orderId, consignmentId } = await bookParcel(t, { buyer, admin }, "steadfast", true);
    const row = await orderRow(t, orderId);
    steadfast.setStatus(Number(consignmentId), "delivered");
    expect((await webhook(Number(consignmentId))).status).toBe(200);
    const after = await orderRow(t, orderId);
    expect(after.status).toBe("delivered");
    expect(after.transactionId).toBe(`COD-STEADFAST-${consignmentId}`);
    const payments = await t.database.db.select().from(payment).where(eq(payment.orderId, orderId));
    expect(payments.map((p) => [p.provider, p.amountPoisha, p.status])).toEqual([
      ["cod", row.totalPoisha - row.advancePoisha, "succeeded"],
    ]);
    const { parcel } = await parcelOf(t, orderId);
    expect(parcel.collectedAt).not.toBeNull();
    expect((await historyRows(t, orderId)).slice(-2).map(([status, by]) => [status, by])).toEqual([
      ["delivered", "steadfast"],
      ["collected", "steadfast"],
    ]);
    // The shop's own Pay Bill finds the cash collected already.
    expect((await call(t, admin, "POST", `/api/order/${orderId}/collect`)).status).toBe(409);
  });
});
