import { describe, expect, it } from "vitest";
import { buyerMail } from "@server/mail/order-mail";
import type { OrderJson } from "@server/orders";
import { shopOverview } from "@server/overview/overview";
import { signUp, signUpAdmin, type TestAccount } from "../support/accounts";
import { as } from "../support/contexts";
import { withZones } from "../support/delivery-zones";
import {
  buyerView,
  call,
  confirmTestCard,
  historyRows,
  payByTestCard,
  startTestCard,
  stockOf,
  testIntentOf,
} from "../support/order-money";
import { makeProduct, messageOf, orderRow, paymentRowsOf, TEST_DELIVERY } from "../support/orders";
import { useTestApp, type TestContext } from "../support/test-app";
import { sessionUserOf } from "../support/use-case-actors";

const SYLHET = { ...TEST_DELIVERY, division: "Sylhet", district: "Sylhet", address: "Zindabazar" };
const DHAKA = { ...TEST_DELIVERY, district: "Dhaka", address: "Road 5, Dhanmondi" };
/** Outside Dhaka asks for the delivery charge in advance; every other rule stays as it was. */
const ADVANCE_OUTSIDE_DHAKA = (z: { id: string }) => (z.id === "outside_dhaka" ? { advanceDeliveryCharge: true } : {});

/** 20 pieces of a 1,200 Tk tool weighing 400 g each: 8 kg, so Outside Dhaka charges 130 + 7 × 25 = 305 Tk. */
const GOODS_TK = 24_000;
const CHARGE_TK = 305;

async function checkoutOf(t: TestContext, buyer: TestAccount, delivery: typeof SYLHET, paymentMethod?: string) {
  const p = await makeProduct(t, { pricePoisha: 120_000, weightGrams: 400 });
  const only = { productId: p.id, quantity: 20 };
  const res = await call(t, buyer, "POST", "/api/checkout", {
    delivery,
    only,
    ...(paymentMethod && { paymentMethod }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  const { insertedId, total, advance } = (await res.json()) as { insertedId: string; total: number; advance: number };
  return { orderId: insertedId, total, advance, productId: p.id };
}

describe("cash on delivery with the delivery charge paid in advance", () => {
  const t = useTestApp();

  it("places the order unpaid with its advance; the advance's payment makes it a confirmed cash-on-delivery order", async () => {
    await withZones(t, ADVANCE_OUTSIDE_DHAKA, async () => {
      const buyer = await signUp(t);
      const { orderId, total, advance, productId } = await checkoutOf(t, buyer, SYLHET, "cod");
      expect([total, advance]).toEqual([GOODS_TK + CHARGE_TK, CHARGE_TK]);
      expect(await stockOf(t, productId)).toBe(180);
      const placed = await orderRow(t, orderId);
      expect(placed).toMatchObject({
        status: "unpaid",
        paymentMethod: null,
        advancePoisha: CHARGE_TK * 100,
        deliveryChargePoisha: CHARGE_TK * 100,
        invoiceNumber: null,
      });
      expect(placed.expiresAt).not.toBeNull();
      expect(await buyerView(t, buyer, orderId)).toMatchObject({ status: "unpaid", advance: CHARGE_TK, total });

      // The card form asks for the advance alone.
      await payByTestCard(t, buyer, orderId);
      expect((await testIntentOf(t, orderId)).amountPoisha).toBe(CHARGE_TK * 100);
      const confirmed = await orderRow(t, orderId);
      expect(confirmed).toMatchObject({ status: "cod", paymentMethod: "cod", transactionId: null, expiresAt: null });
      expect(confirmed.confirmedAt).not.toBeNull();
      expect(confirmed.invoiceNumber).not.toBeNull();
      expect(await buyerView(t, buyer, orderId)).toMatchObject({
        status: "cod",
        paid: false,
        awaitingConfirmation: false,
        advance: CHARGE_TK,
      });
      expect((await historyRows(t, orderId)).at(-1)).toEqual(["cod", "test", "order.advance_paid"]);
      expect(await paymentRowsOf(t, orderId)).toMatchObject([
        { provider: "test", amountPoisha: CHARGE_TK * 100, status: "succeeded" },
      ]);

      // The buyer's e-mail names the charge received and the cash still to pay.
      const mail = buyerMail("cod", "en", confirmed, "http://store.test");
      expect(mail.text).toContain(
        `You chose cash on delivery and we have received the delivery charge, Tk ${CHARGE_TK}: your order is confirmed.`,
      );
      expect(mail.text).not.toContain("The shop will call you");
      expect(mail.text).toContain(`Please pay Tk ${GOODS_TK.toLocaleString("en-IN")} in cash when it arrives.`);
      // Confirmed by its charge, it awaits no code either where the buyer confirms with one (COD_VERIFY_PHONE).
      const byCode = buyerMail("cod", "en", confirmed, "http://store.test", [], { phoneCodes: true });
      expect(byCode.text).toContain("we have received the delivery charge");
      expect(byCode.text).not.toContain("the code we sent");
    });
  });

  it("collects in cash only the rest: the overview counts the rest, and the order keeps two payments that add up", async () => {
    const admin = await signUpAdmin(t);
    const overview = async () =>
      (await shopOverview(as(t, await sessionUserOf(t, admin)), { days: "7" })).cashToCollect;
    await withZones(t, ADVANCE_OUTSIDE_DHAKA, async () => {
      const buyer = await signUp(t);
      const { orderId } = await checkoutOf(t, buyer, SYLHET, "cod");
      await payByTestCard(t, buyer, orderId);
      const before = await overview();
      const collect = await call(t, admin, "POST", `/api/order/${orderId}/collect`);
      expect(collect.status).toBe(200);
      const after = await overview();
      expect({ count: before.count - after.count, poisha: before.poisha - after.poisha }).toEqual({
        count: 1,
        poisha: GOODS_TK * 100,
      });
      const payments = await paymentRowsOf(t, orderId);
      expect(payments.map((p) => [p.provider, p.amountPoisha, p.status]).sort()).toEqual([
        ["cod", GOODS_TK * 100, "succeeded"],
        ["test", CHARGE_TK * 100, "succeeded"],
      ]);
      expect(await buyerView(t, buyer, orderId)).toMatchObject({ paid: true, status: "cod" });
      expect((await call(t, admin, "POST", `/api/order/${orderId}/collect`)).status).toBe(409);
    });
  });

  it("owes the advance back when the order is cancelled after it was paid, and gives the stock back once", async () => {
    const admin = await signUpAdmin(t);
    await withZones(t, ADVANCE_OUTSIDE_DHAKA, async () => {
      const buyer = await signUp(t);
      const { orderId, productId } = await checkoutOf(t, buyer, SYLHET, "cod");
      await payByTestCard(t, buyer, orderId);
      const cancel = await call(t, admin, "DELETE", `/api/order/${orderId}`, { reason: "Out of reach" });
      expect(cancel.status, await cancel.clone().text()).toBe(200);
      expect(await stockOf(t, productId)).toBe(200);
      expect(await orderRow(t, orderId)).toMatchObject({ status: "cancelled", refund: "due" });
      expect(await paymentRowsOf(t, orderId)).toMatchObject([{ amountPoisha: CHARGE_TK * 100, status: "refund_due" }]);
    });
  });

  it("records a payment of the whole total, where the advance was asked, as refund due, and the order stays unpaid", async () => {
    await withZones(t, ADVANCE_OUTSIDE_DHAKA, async () => {
      const buyer = await signUp(t);
      const { orderId } = await checkoutOf(t, buyer, SYLHET);
      // The card form opened for the whole total; cash on delivery (with its advance) is chosen after.
      const secret = await startTestCard(t, buyer, orderId);
      expect((await call(t, buyer, "POST", `/api/order/${orderId}/cash-on-delivery`)).status).toBe(200);
      expect((await confirmTestCard(t, secret)).status).toBe(200);
      expect(await orderRow(t, orderId)).toMatchObject({ status: "unpaid", refund: "due", transactionId: null });
      expect(await paymentRowsOf(t, orderId)).toMatchObject([
        { amountPoisha: (GOODS_TK + CHARGE_TK) * 100, status: "refund_due" },
      ]);
    });
  });

  it("Pay Order's cash on delivery asks for the advance too; a new district drops the choice, charged again", async () => {
    await withZones(t, ADVANCE_OUTSIDE_DHAKA, async () => {
      const buyer = await signUp(t);
      const { orderId } = await checkoutOf(t, buyer, SYLHET);
      expect((await orderRow(t, orderId)).advancePoisha).toBe(0);
      const chosen = await call(t, buyer, "POST", `/api/order/${orderId}/cash-on-delivery`);
      expect(chosen.status).toBe(200);
      expect(await chosen.json()).toEqual({ modifiedCount: 1, status: "unpaid" });
      expect((await orderRow(t, orderId)).advancePoisha).toBe(CHARGE_TK * 100);

      const moved = await call(t, buyer, "PUT", `/api/order/${orderId}/delivery`, DHAKA);
      expect(moved.status, await moved.clone().text()).toBe(200);
      // Inside Dhaka city: 70 + 7 × 15 = 175 Tk, and cash on delivery there is the shop's usual, confirmed by phone.
      expect(await orderRow(t, orderId)).toMatchObject({ advancePoisha: 0, deliveryChargePoisha: 17_500 });
      const plain = await call(t, buyer, "POST", `/api/order/${orderId}/cash-on-delivery`);
      expect(await plain.json()).toEqual({ modifiedCount: 1, status: "cod" });
      expect(await orderRow(t, orderId)).toMatchObject({ status: "cod", advancePoisha: 0, confirmedAt: null });
    });
  });

  it("asks no advance when the delivery is free, and none where the zone does not ask for it", async () => {
    await withZones(
      t,
      (z) => (z.id === "outside_dhaka" ? { advanceDeliveryCharge: true, freeAbove: 20_000 } : {}),
      async () => {
        const buyer = await signUp(t);
        const free = await checkoutOf(t, buyer, SYLHET, "cod");
        expect([free.total, free.advance]).toEqual([GOODS_TK, 0]);
        expect(await orderRow(t, free.orderId)).toMatchObject({ status: "cod", advancePoisha: 0 });
        const dhaka = await checkoutOf(t, buyer, DHAKA, "cod");
        expect(await orderRow(t, dhaka.orderId)).toMatchObject({ status: "cod", advancePoisha: 0 });
      },
    );
  });
});

describe("a store that takes no payment online", () => {
  const t = useTestApp({ DEMO_DATA: "false" });

  it("takes no cash on delivery where the zone wants the charge in advance: it could never be paid", async () => {
    await withZones(t, ADVANCE_OUTSIDE_DHAKA, async () => {
      const buyer = await signUp(t);
      const p = await makeProduct(t);
      const only = { productId: p.id, quantity: 20 };
      const res = await call(t, buyer, "POST", "/api/checkout", { delivery: SYLHET, only, paymentMethod: "cod" });
      expect(res.status).toBe(409);
      expect(await messageOf(res)).toBe("Cash on delivery is not offered in Sylhet. Please pay online.");
      expect(await stockOf(t, p.id)).toBe(200);
      const dhaka = await call(t, buyer, "POST", "/api/checkout", { delivery: DHAKA, only, paymentMethod: "cod" });
      expect(dhaka.status).toBe(200);
      const res2 = (await dhaka.json()) as { insertedId: string };
      expect(((await buyerView(t, buyer, res2.insertedId)) as OrderJson).status).toBe("cod");
    });
  });
});
