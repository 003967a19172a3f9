import { describe, expect, it } from "vitest";
import { asBearer, jsonInit, signUp, signUpAdmin, type TestAccount } from "../support/accounts";
import { messageOf, orderFor, orderRow, paymentRowsOf } from "../support/orders";
import { useSslcommerzApp } from "../support/provider-apps";

describe("SSLCommerz (through a stand-in for its sandbox)", () => {
  const { t, gateway } = useSslcommerzApp();

  /** Opens a gateway session for the order and pays it there; the fields the IPN carries. */
  async function paidAtGateway(buyer: TestAccount, orderId: string) {
    const res = await t.request("/api/payments/sslcommerz/session", jsonInit("POST", { orderId }, asBearer(buyer)));
    expect(res.status).toBe(200);
    const { url } = (await res.json()) as { url: string };
    return gateway.approve(url.split("/").pop()!);
  }

  const ipn = (fields: URLSearchParams) =>
    t.request("/api/payments/sslcommerz/ipn", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: fields.toString(),
    });

  const browserReturn = (fields: URLSearchParams) =>
    t.request("/api/payments/sslcommerz/return", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: gateway.url },
      body: fields.toString(),
    });

  async function expectUnpaid(orderId: string) {
    expect((await orderRow(t, orderId)).status).toBe("unpaid");
    expect((await paymentRowsOf(t, orderId)).filter((p) => p.status === "succeeded")).toHaveLength(0);
  }

  it("opens a session in BDT for the order's amount, with a transaction id per attempt and the customer's delivery", async () => {
    const buyer = await signUp(t);
    const orderId = await orderFor(t, buyer, 20);
    await paidAtGateway(buyer, orderId);
    await paidAtGateway(buyer, orderId);
    const [first, second] = gateway.sessions.slice(-2).map((s) => s.form);
    expect(first!.get("total_amount")).toBe("25010.00");
    expect(first!.get("currency")).toBe("BDT");
    expect(first!.get("value_a")).toBe(orderId);
    expect(first!.get("cus_phone")).toBe("01712345678");
    expect(first!.get("cus_city")).toBe("Gazipur");
    expect(first!.get("ipn_url")).toBe("http://127.0.0.1:3000/api/payments/sslcommerz/ipn");
    expect(first!.get("tran_id")).not.toBe(second!.get("tran_id"));
  });

  it("marks the order paid on a valid IPN, and the browser's return and replays change nothing", async () => {
    const buyer = await signUp(t);
    const orderId = await orderFor(t, buyer);
    const fields = await paidAtGateway(buyer, orderId);
    expect((await ipn(fields)).status).toBe(200);
    const row = await orderRow(t, orderId);
    expect(row).toMatchObject({ status: "paid", paymentMethod: "sslcommerz", transactionId: fields.get("tran_id") });
    expect((await ipn(fields)).status).toBe(200);
    const back = await browserReturn(fields);
    expect(back.status).toBe(303);
    expect(back.headers.get("location")).toBe(`/dashboard/payment/${orderId}?gateway=paid`);
    expect(await paymentRowsOf(t, orderId)).toHaveLength(1);
  });

  it("takes the IPN and the return racing each other once", async () => {
    const buyer = await signUp(t);
    const orderId = await orderFor(t, buyer);
    const fields = await paidAtGateway(buyer, orderId);
    const answers = await Promise.all([ipn(fields), browserReturn(fields), ipn(fields), browserReturn(fields)]);
    expect(answers.map((r) => r.status)).toEqual([200, 303, 200, 303]);
    expect(await paymentRowsOf(t, orderId)).toHaveLength(1);
  });

  it.each([
    ["an invalid status", { status: "INVALID_TRANSACTION" }, 402, "That payment has not succeeded."],
    [
      "a transaction for another order",
      { value_a: "00000000-0000-4000-8000-000000000000" },
      400,
      "That payment was not made for this order.",
    ],
  ])("refuses what the validation API says when it reports %s", async (_, tampered, status, message) => {
    const buyer = await signUp(t);
    const orderId = await orderFor(t, buyer);
    const fields = await paidAtGateway(buyer, orderId);
    gateway.tamper(fields.get("val_id")!, tampered);
    const res = await ipn(fields);
    expect(res.status).toBe(status);
    expect(await messageOf(res)).toBe(message);
    const back = await browserReturn(fields);
    expect(back.headers.get("location")).toBe(`/dashboard/payment/${orderId}?gateway=failed`);
    await expectUnpaid(orderId);
  });

  it.each([
    ["an amount that differs", { amount: "100.00", currency_amount: "100.00" }],
    ["another currency", { currency_type: "USD" }],
  ])("records, once and as refund due, a transaction the validation API reports with %s", async (_, tampered) => {
    const buyer = await signUp(t);
    const orderId = await orderFor(t, buyer);
    const fields = await paidAtGateway(buyer, orderId);
    gateway.tamper(fields.get("val_id")!, tampered);
    expect((await ipn(fields)).status).toBe(200);
    const back = await browserReturn(fields);
    expect(back.headers.get("location")).toBe(`/dashboard/payment/${orderId}?gateway=refund_due`);
    expect(await orderRow(t, orderId)).toMatchObject({ status: "unpaid", refund: "due", transactionId: null });
    expect((await paymentRowsOf(t, orderId)).map((p) => [p.providerRef, p.status])).toEqual([
      [fields.get("tran_id"), "refund_due"],
    ]);
  });

  it("ignores what the IPN itself claims: a forged IPN with a made-up validation id pays nothing", async () => {
    const buyer = await signUp(t);
    const orderId = await orderFor(t, buyer);
    const fields = await paidAtGateway(buyer, orderId);
    fields.set("val_id", "VALFORGED");
    fields.set("status", "VALID");
    expect((await ipn(fields)).status).toBe(200);
    await expectUnpaid(orderId);
  });

  it("ignores an IPN whose validation id cannot be one, without asking the gateway", async () => {
    const buyer = await signUp(t);
    const orderId = await orderFor(t, buyer);
    const fields = await paidAtGateway(buyer, orderId);
    for (const valId of ["V".repeat(20_000), "VAL 1", "VAL/../1", "ভ্যাল"]) {
      fields.set("val_id", valId);
      const res = await ipn(fields);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ received: true });
    }
    await expectUnpaid(orderId);
  });

  it("holds a risky transaction for an admin, who accepts it once", async () => {
    const buyer = await signUp(t);
    const admin = await signUpAdmin(t);
    const orderId = await orderFor(t, buyer);
    const fields = await paidAtGateway(buyer, orderId);
    gateway.tamper(fields.get("val_id")!, { risk_level: "1", risk_title: "Risky" });
    expect((await ipn(fields)).status).toBe(200);
    expect((await browserReturn(fields)).headers.get("location")).toBe(`/dashboard/payment/${orderId}?gateway=held`);
    await expectUnpaid(orderId);
    expect(await paymentRowsOf(t, orderId)).toMatchObject([{ status: "held", providerRef: fields.get("tran_id") }]);
    const cancel = await t.request(`/api/order/${orderId}`, { method: "DELETE", headers: asBearer(buyer) });
    expect(cancel.status).toBe(409);
    expect(await messageOf(cancel)).toBe(
      "This order has a payment waiting for the store's review and cannot be cancelled.",
    );

    const accept = (who: TestAccount) =>
      t.request(`/api/order/${orderId}/accept-payment`, jsonInit("POST", {}, asBearer(who)));
    expect((await accept(buyer)).status).toBe(403);
    expect((await accept(admin)).status).toBe(200);
    expect(await orderRow(t, orderId)).toMatchObject({ status: "paid", transactionId: fields.get("tran_id") });
    expect((await accept(admin)).status).toBe(409);
  });

  it("sends a cancelled payment back to the order, unpaid", async () => {
    const buyer = await signUp(t);
    const orderId = await orderFor(t, buyer);
    await paidAtGateway(buyer, orderId);
    const fields = new URLSearchParams({ status: "CANCELLED", value_a: orderId, tran_id: "X" });
    const back = await browserReturn(fields);
    expect(back.headers.get("location")).toBe(`/dashboard/payment/${orderId}?gateway=cancelled`);
    await expectUnpaid(orderId);
  });
});
