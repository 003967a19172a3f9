import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { order } from "@server/db/schema";
import type { OrderJson } from "@server/orders";
import { LANGUAGE_COOKIE } from "@shared/languages";
import { signUp, type TestAccount } from "../support/accounts";
import { buyerView, call, errorOf } from "../support/order-money";
import { makeProduct, TEST_DELIVERY } from "../support/orders";
import { formPost, usePageApp } from "../support/page-app";

// The buyer's own BIN at checkout (optional; 9 or 13 digits, dashes allowed, as SHOP_BIN): kept on the order for its
// Mushak-6.3, through POST /api/checkout and through the checkout page's form without JavaScript; a malformed one is
// refused beside its field with nothing placed.

describe("the buyer's BIN at checkout", () => {
  const t = usePageApp({ SHOP_BIN: "000123456-0101", VAT_RATE: "15" });

  const ordersOf = async (buyer: TestAccount) =>
    t.database.db.select().from(order).where(eq(order.buyerEmail, buyer.email));

  it("is kept on the order through the API, and the order's JSON carries it with its Mushak-6.3", async () => {
    const buyer = await signUp(t);
    const { id: productId } = await makeProduct(t, { pricePoisha: 115_00 });
    const res = await call(t, buyer, "POST", "/api/checkout", {
      delivery: TEST_DELIVERY,
      paymentMethod: "cod",
      only: { productId, quantity: 20 },
      buyerBin: " 004455667-0202 ",
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const { insertedId } = (await res.json()) as { insertedId: string };
    const view = (await buyerView(t, buyer, insertedId)) as OrderJson;
    expect(view.buyerBin).toBe("004455667-0202");
    // 20 × Tk 115 and the delivery charge: the VAT inside the total at 15 %, to the poisha.
    expect(view.mushak).toMatchObject({
      serial: expect.stringMatching(/^\d{4}-\d{2}\/\d{6}$/),
      rate: 15,
      vat: Math.round((view.total * 100 * 15) / 115) / 100,
    });
  });

  it("is optional: no BIN, none kept", async () => {
    const buyer = await signUp(t);
    const { id: productId } = await makeProduct(t);
    const res = await call(t, buyer, "POST", "/api/checkout", {
      delivery: TEST_DELIVERY,
      only: { productId, quantity: 20 },
    });
    expect(res.status).toBe(200);
    const view = (await buyerView(t, buyer, ((await res.json()) as { insertedId: string }).insertedId)) as OrderJson;
    expect(view.buyerBin).toBeNull();
    expect(view.mushak).toBeNull();
  });

  it("refuses a malformed BIN with a 400 beside its field, and places nothing", async () => {
    const buyer = await signUp(t);
    const { id: productId } = await makeProduct(t);
    for (const buyerBin of ["12345", "12345678901", "১২৩৪৫৬৭৮৯", "123-456-78a", 123456789, "-123456789", ""]) {
      const res = await call(t, buyer, "POST", "/api/checkout", {
        delivery: TEST_DELIVERY,
        only: { productId, quantity: 20 },
        buyerBin,
      });
      expect(res.status, String(buyerBin)).toBe(400);
      const body = (await res.clone().json()) as { errors?: Record<string, { code: string }> };
      expect((await errorOf(res)).code).toBe("mushak.buyer_bin_invalid");
      expect(body.errors?.buyerBin?.code ?? "mushak.buyer_bin_invalid").toBe("mushak.buyer_bin_invalid");
    }
    expect(await ordersOf(buyer)).toEqual([]);
  });

  describe("the checkout page without JavaScript", () => {
    const form = (productId: string, buyerBin: string) => ({
      addressId: "new",
      ...TEST_DELIVERY,
      paymentMethod: "cod",
      buyerBin,
      attempt: `attempt-${Math.random().toString(36).slice(2)}`,
    });

    it("shows the field, keeps a good BIN on the order", async () => {
      const buyer = await signUp(t);
      const { id: productId } = await makeProduct(t);
      const path = `/checkout?productId=${productId}&quantity=20`;
      const shown = await (await t.request(path, { headers: { Cookie: buyer.cookie } })).text();
      expect(shown).toContain('name="buyerBin"');
      expect(shown).toContain("Your BIN (optional)");
      const res = await t.request(path, formPost(form(productId, "0001234560101"), buyer));
      expect(res.status).toBe(302);
      expect((await ordersOf(buyer)).map((o) => o.buyerBin)).toEqual(["0001234560101"]);
    });

    it("answers a malformed BIN beside its field, in Bangla too, keeping what was typed and placing nothing", async () => {
      const buyer = await signUp(t);
      const { id: productId } = await makeProduct(t);
      const path = `/checkout?productId=${productId}&quantity=20`;
      const res = await t.request(path, formPost(form(productId, "12345"), buyer));
      expect(res.status).toBe(400);
      const html = await res.text();
      expect(html).toContain("A BIN has 9 or 13 digits (dashes allowed between them)");
      expect(html).toMatch(/id="buyerBin-error"/);
      expect(html).toMatch(/name="buyerBin"[^>]*value="12345"|value="12345"[^>]*name="buyerBin"/);
      const bangla = await t.request(
        path,
        formPost(form(productId, "98765"), { ...buyer, cookie: `${buyer.cookie}; ${LANGUAGE_COOKIE}=bn` }),
      );
      expect(await bangla.text()).toContain("বিআইএন-এ ৯ বা ১৩টি অঙ্ক থাকে");
      expect(await ordersOf(buyer)).toEqual([]);
    });
  });
});
