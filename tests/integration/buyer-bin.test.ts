import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { order } from "@server/db/schema";
import type { OrderJson } from "@server/orders";
import { LANGUAGE_COOKIE } from "@shared/languages";
import { signUp, type TestAccount } from "../support/accounts";
import { buyerView, call, errorOf } from "../support/order-money";
import { makeProduct, TEST_DELIVERY } from "../support/orders";
import { formPost, usePageApp, type PageContext } from "../support/page-app";
import { textOf } from "../support/page-text";

// The buyer's own BIN at checkout (optional; 9 or 13 digits, dashes allowed, as SHOP_BIN): kept on the order for its
// Mushak-6.3, through POST /api/checkout, POST /api/order and the checkout page's form without JavaScript; a malformed
// one is refused beside its field with nothing placed. A shop not VAT-registered asks for none and keeps none.

const GOOD_BIN = "004455667-0202";

/** The order's JSON after a checkout, or POST /api/order, with `body`; asserts it was placed. */
async function placed(t: PageContext, buyer: TestAccount, path: "/api/checkout" | "/api/order", body: object) {
  const res = await call(t, buyer, "POST", path, body);
  expect(res.status, await res.clone().text()).toBe(200);
  const { insertedId } = (await res.json()) as { insertedId: string };
  return (await buyerView(t, buyer, insertedId)) as OrderJson;
}

/** The checkout page's form as a browser without JavaScript posts it: a new address, cash on delivery, a BIN. */
const checkoutForm = (buyerBin: string) => ({
  addressId: "new",
  ...TEST_DELIVERY,
  paymentMethod: "cod",
  buyerBin,
  attempt: `attempt-${Math.random().toString(36).slice(2)}`,
});

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

  it("is kept through POST /api/order (the spec's Buy It Now) too, and the invoice's Mushak-6.3 names it", async () => {
    const buyer = await signUp(t);
    const { id: productId } = await makeProduct(t);
    const body = { productId, quantity: 20, delivery: TEST_DELIVERY, buyerBin: ` ${GOOD_BIN} ` };
    const view = await placed(t, buyer, "/api/order", body);
    expect(view.buyerBin).toBe(GOOD_BIN);
    expect((await call(t, buyer, "POST", `/api/order/${view._id}/cash-on-delivery`)).status).toBe(200);
    expect(((await buyerView(t, buyer, view._id)) as OrderJson).mushak).not.toBeNull();
    const invoice = await t.request(`/dashboard/orders/${view._id}/invoice`, { headers: { Cookie: buyer.cookie } });
    expect(invoice.status).toBe(200);
    expect(textOf(await invoice.text())).toContain(`BIN of the buyer ${GOOD_BIN}`);

    const malformed = await call(t, buyer, "POST", "/api/order", { ...body, buyerBin: "12345" });
    expect(malformed.status).toBe(400);
    expect((await errorOf(malformed)).code).toBe("mushak.buyer_bin_invalid");
    expect(await ordersOf(buyer)).toHaveLength(1);
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
    it("shows the field, keeps a good BIN on the order", async () => {
      const buyer = await signUp(t);
      const { id: productId } = await makeProduct(t);
      const path = `/checkout?productId=${productId}&quantity=20`;
      const shown = await (await t.request(path, { headers: { Cookie: buyer.cookie } })).text();
      expect(shown).toContain('name="buyerBin"');
      expect(shown).toContain("Your BIN (optional)");
      const res = await t.request(path, formPost(checkoutForm("0001234560101"), buyer));
      expect(res.status).toBe(302);
      expect((await ordersOf(buyer)).map((o) => o.buyerBin)).toEqual(["0001234560101"]);
    });

    it("answers a malformed BIN beside its field, in Bangla too, keeping what was typed and placing nothing", async () => {
      const buyer = await signUp(t);
      const { id: productId } = await makeProduct(t);
      const path = `/checkout?productId=${productId}&quantity=20`;
      const res = await t.request(path, formPost(checkoutForm("12345"), buyer));
      expect(res.status).toBe(400);
      const html = await res.text();
      expect(html).toContain("A BIN has 9 or 13 digits (dashes allowed between them)");
      expect(html).toMatch(/id="buyerBin-error"/);
      expect(html).toMatch(/name="buyerBin"[^>]*value="12345"|value="12345"[^>]*name="buyerBin"/);
      const bangla = await t.request(
        path,
        formPost(checkoutForm("98765"), { ...buyer, cookie: `${buyer.cookie}; ${LANGUAGE_COOKIE}=bn` }),
      );
      expect(await bangla.text()).toContain("বিআইএন-এ ৯ বা ১৩টি অঙ্ক থাকে");
      expect(await ordersOf(buyer)).toEqual([]);
    });
  });
});

describe("the buyer's BIN at a shop not VAT-registered (no SHOP_BIN, or VAT_RATE 0)", () => {
  const t = usePageApp({ SHOP_BIN: "000123456-0101" });

  it("is not asked for on the checkout page", async () => {
    const buyer = await signUp(t);
    const { id: productId } = await makeProduct(t);
    const path = `/checkout?productId=${productId}&quantity=20`;
    const html = await (await t.request(path, { headers: { Cookie: buyer.cookie } })).text();
    expect(html).toContain("Place order");
    expect(html).not.toContain('name="buyerBin"');
    expect(html).not.toContain("Your BIN (optional)");
  });

  it("sent anyway, is dropped: the order is placed without it; a malformed one is still refused", async () => {
    const buyer = await signUp(t);
    const { id: productId } = await makeProduct(t);
    const viaCheckout = await placed(t, buyer, "/api/checkout", {
      delivery: TEST_DELIVERY,
      paymentMethod: "cod",
      only: { productId, quantity: 20 },
      buyerBin: GOOD_BIN,
    });
    const viaOrder = await placed(t, buyer, "/api/order", { productId, quantity: 20, buyerBin: GOOD_BIN });
    for (const view of [viaCheckout, viaOrder]) expect([view.buyerBin, view.mushak]).toEqual([null, null]);
    const malformed = await call(t, buyer, "POST", "/api/order", { productId, quantity: 20, buyerBin: "12345" });
    expect(malformed.status).toBe(400);
    expect((await errorOf(malformed)).code).toBe("mushak.buyer_bin_invalid");

    // The page's form, posted without JavaScript with a BIN it never asked for.
    const path = `/checkout?productId=${productId}&quantity=20`;
    expect((await t.request(path, formPost(checkoutForm(GOOD_BIN), buyer))).status).toBe(302);
    const rows = await t.database.db.select().from(order).where(eq(order.buyerEmail, buyer.email));
    expect(rows.map((o) => o.buyerBin)).toEqual([null, null, null]);
  });
});
