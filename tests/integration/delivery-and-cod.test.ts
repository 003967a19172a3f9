import { describe, expect, it } from "vitest";
import type { OrderJson } from "@server/orders";
import { asBearer, jsonInit, signUp, signUpAdmin, type TestAccount } from "../support/accounts";
import { makeProduct, messageOf, orderRow, paymentRowsOf, TEST_DELIVERY } from "../support/orders";
import { useTestApp } from "../support/test-app";

const PHONE = "Enter a Bangladeshi mobile number: 11 digits starting 01, e.g. 01712345678";
const DISTRICT = "Choose a district of the chosen division";
const DELIVERY_REQUIRED = "Please add the delivery details before paying or confirming the order.";

describe("delivery details, cash on delivery and the order's states", () => {
  const t = useTestApp();

  async function placed(buyer: TestAccount, delivery?: unknown) {
    const { id } = await makeProduct(t);
    const res = await t.request(
      "/api/order",
      jsonInit("POST", { productId: id, quantity: 20, delivery }, asBearer(buyer)),
    );
    expect(res.status).toBe(200);
    return { orderId: ((await res.json()) as { insertedId: string }).insertedId, productId: id };
  }

  const call = (account: TestAccount | null, method: string, path: string, body: unknown = {}) =>
    t.request(path, jsonInit(method, body, account ? asBearer(account) : {}));

  async function listed(buyer: TestAccount, orderId: string) {
    const res = await t.request(`/api/order/${buyer.email}`, { headers: asBearer(buyer) });
    return ((await res.json()) as OrderJson[]).find((o) => o._id === orderId)!;
  }

  describe("PUT /api/order/{id}/delivery", () => {
    it("saves the delivery details of the buyer's unpaid order, the phone in its 11-digit form", async () => {
      const buyer = await signUp(t);
      const { orderId } = await placed(buyer);
      const res = await call(buyer, "PUT", `/api/order/${orderId}/delivery`, {
        ...TEST_DELIVERY,
        phone: "+880 1712-345678",
      });
      expect(res.status).toBe(200);
      expect((await listed(buyer, orderId)).delivery).toEqual(TEST_DELIVERY);
    });

    it.each<[string, Record<string, unknown>, string]>([
      ["a landline number", { phone: "029876543" }, PHONE],
      ["a number with 10 digits", { phone: "0171234567" }, PHONE],
      ["a number not starting 01", { phone: "02712345678" }, PHONE],
      ["letters for a number", { phone: "01712abcdef" }, PHONE],
      ["a district of another division", { division: "Sylhet", district: "Gazipur" }, DISTRICT],
      ["a district that does not exist", { district: "Atlantis" }, DISTRICT],
      ["a division that does not exist", { division: "Calcutta" }, "Choose a division"],
      ["no name", { name: "  " }, "Delivery Name Is Required"],
      ["no address", { address: undefined }, "Address Is Required"],
    ])("refuses %s with a message and saves nothing", async (_, change, message) => {
      const buyer = await signUp(t);
      const { orderId } = await placed(buyer);
      const res = await call(buyer, "PUT", `/api/order/${orderId}/delivery`, { ...TEST_DELIVERY, ...change });
      expect(res.status).toBe(400);
      expect(await messageOf(res)).toBe(message);
      expect((await orderRow(t, orderId)).delivery).toBeNull();
    });

    it("is the buyer's alone, and only before the order is paid or confirmed", async () => {
      const buyer = await signUp(t);
      const other = await signUp(t);
      const { orderId } = await placed(buyer, TEST_DELIVERY);
      expect((await call(null, "PUT", `/api/order/${orderId}/delivery`, TEST_DELIVERY)).status).toBe(401);
      expect((await call(other, "PUT", `/api/order/${orderId}/delivery`, TEST_DELIVERY)).status).toBe(403);
      expect((await call(buyer, "POST", `/api/order/${orderId}/cash-on-delivery`)).status).toBe(200);
      const late = await call(buyer, "PUT", `/api/order/${orderId}/delivery`, { ...TEST_DELIVERY, district: "Dhaka" });
      expect(late.status).toBe(409);
      expect((await orderRow(t, orderId)).delivery).toEqual(TEST_DELIVERY);
    });

    it("may come with the order itself, and a malformed one refuses the order", async () => {
      const buyer = await signUp(t);
      const { orderId } = await placed(buyer, TEST_DELIVERY);
      expect((await orderRow(t, orderId)).delivery).toEqual(TEST_DELIVERY);
      const { id } = await makeProduct(t);
      const bad = await call(buyer, "POST", "/api/order", {
        productId: id,
        quantity: 20,
        delivery: { ...TEST_DELIVERY, phone: "123" },
      });
      expect(bad.status).toBe(400);
      expect(await messageOf(bad)).toBe(PHONE);
    });
  });

  describe("paying or confirming needs delivery details (409)", () => {
    it("refuses a payment intent and cash on delivery for an order without them", async () => {
      const buyer = await signUp(t);
      const { orderId } = await placed(buyer);
      for (const res of [
        await call(buyer, "POST", "/api/create-payment-intent", { orderId }),
        await call(buyer, "POST", `/api/order/${orderId}/cash-on-delivery`),
      ]) {
        expect(res.status).toBe(409);
        expect(await messageOf(res)).toBe(DELIVERY_REQUIRED);
      }
      expect((await orderRow(t, orderId)).status).toBe("unpaid");
    });
  });

  describe("cash on delivery", () => {
    it("confirms the order without payment, keeps the stock taken, and can still be cancelled before shipping", async () => {
      const buyer = await signUp(t);
      const { orderId } = await placed(buyer, TEST_DELIVERY);
      const res = await call(buyer, "POST", `/api/order/${orderId}/cash-on-delivery`);
      expect(res.status).toBe(200);
      expect(await listed(buyer, orderId)).toMatchObject({ status: "cod", paid: false, paymentMethod: "cod" });
      expect((await call(buyer, "POST", "/api/create-payment-intent", { orderId })).status).toBe(409);
      expect((await call(buyer, "POST", `/api/order/${orderId}/cash-on-delivery`)).status).toBe(409);
      expect((await call(buyer, "DELETE", `/api/order/${orderId}`)).status).toBe(200);
    });

    it("is collected by an admin once, as a payment with a COD transaction id", async () => {
      const buyer = await signUp(t);
      const admin = await signUpAdmin(t);
      const { orderId } = await placed(buyer, TEST_DELIVERY);
      await call(buyer, "POST", `/api/order/${orderId}/cash-on-delivery`);
      expect((await call(buyer, "POST", `/api/order/${orderId}/collect`)).status).toBe(403);
      const res = await call(admin, "POST", `/api/order/${orderId}/collect`);
      expect(res.status).toBe(200);
      const { transactionId } = (await res.json()) as { transactionId: string };
      expect(transactionId).toMatch(/^COD-[0-9A-F]{16}$/);
      expect(await listed(buyer, orderId)).toMatchObject({ paid: true, transactionId, status: "cod" });
      expect(await paymentRowsOf(t, orderId)).toMatchObject([{ provider: "cod", providerRef: transactionId }]);
      const again = await call(admin, "POST", `/api/order/${orderId}/collect`);
      expect(again.status).toBe(409);
      expect(await messageOf(again)).toBe("The cash for this order was already collected.");
      const cancel = await call(buyer, "DELETE", `/api/order/${orderId}`);
      expect(cancel.status).toBe(409);
    });

    it("cannot collect cash for an order paid by card or not confirmed for cash on delivery", async () => {
      const buyer = await signUp(t);
      const admin = await signUpAdmin(t);
      const { orderId } = await placed(buyer, TEST_DELIVERY);
      const res = await call(admin, "POST", `/api/order/${orderId}/collect`);
      expect(res.status).toBe(409);
      expect(await paymentRowsOf(t, orderId)).toHaveLength(0);
    });
  });

  describe("PUT /api/order/{id}/status", () => {
    it("moves an order from cash on delivery to shipped to delivered; cancelling after shipping is refused", async () => {
      const buyer = await signUp(t);
      const admin = await signUpAdmin(t);
      const { orderId } = await placed(buyer, TEST_DELIVERY);
      const move = (status: string, who = admin) => call(who, "PUT", `/api/order/${orderId}/status`, { status });

      const early = await move("shipped");
      expect(early.status).toBe(409);
      expect(await messageOf(early)).toBe("Only a paid or cash-on-delivery order can be shipped.");
      await call(buyer, "POST", `/api/order/${orderId}/cash-on-delivery`);
      expect((await move("delivered")).status).toBe(409);
      expect((await move("shipped", buyer)).status).toBe(403);
      expect((await move("shipped")).status).toBe(200);
      expect((await listed(buyer, orderId)).status).toBe("shipped");
      const cancel = await call(buyer, "DELETE", `/api/order/${orderId}`);
      expect(cancel.status).toBe(409);
      expect(await messageOf(cancel)).toBe("This order has been shipped and cannot be cancelled.");
      expect((await move("delivered")).status).toBe(200);
      expect((await listed(buyer, orderId)).status).toBe("delivered");
      const bad = await move("cancelled");
      expect(bad.status).toBe(400);
      expect(await messageOf(bad)).toBe("Status must be shipped or delivered");
    });
  });
});
