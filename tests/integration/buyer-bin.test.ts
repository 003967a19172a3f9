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
// one is refused beside its field with nothing placed. A shop not VAT-registered asks for none and keeps none. An
// unpaid order's BIN can be given, changed or cleared later with its delivery details: PUT /api/order/{id}/delivery
// and the Pay Order page's delivery form.

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

/** The Pay Order page's delivery form as a browser without JavaScript posts it: new details and a BIN. */
const payOrderForm = (buyerBin: string, name = TEST_DELIVERY.name) => ({
  intent: "delivery",
  ...TEST_DELIVERY,
  name,
  buyerBin,
});

/** The order's BIN and its delivery's name, as stored. */
async function binAndName(t: PageContext, orderId: string) {
  const [row] = await t.database.db.select().from(order).where(eq(order.id, orderId));
  return { buyerBin: row!.buyerBin, name: row!.delivery?.name };
}

/** The `value` of the page's BIN field; null when the page has none. */
function binFieldValue(html: string): string | null {
  const input = /<input[^>]*name="buyerBin"[^>]*>/.exec(html)?.[0];
  if (input === undefined) return null;
  return /value="([^"]*)"/.exec(input)?.[1] ?? "";
}

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

  describe("given later with the delivery details (PUT /api/order/{id}/delivery)", () => {
    it("is set, kept when not sent, and cleared by an empty one; the invoice names the one kept", async () => {
      const buyer = await signUp(t);
      const { id: productId } = await makeProduct(t);
      const { _id: orderId } = await placed(t, buyer, "/api/order", { productId, quantity: 20 });
      const put = (body: object) => call(t, buyer, "PUT", `/api/order/${orderId}/delivery`, body);
      const binOf = async () => ((await buyerView(t, buyer, orderId)) as OrderJson).buyerBin;

      expect((await put({ ...TEST_DELIVERY, buyerBin: ` ${GOOD_BIN} ` })).status).toBe(200);
      expect(await binOf()).toBe(GOOD_BIN);
      expect((await put(TEST_DELIVERY)).status).toBe(200);
      expect(await binOf()).toBe(GOOD_BIN);
      expect((await put({ ...TEST_DELIVERY, buyerBin: "" })).status).toBe(200);
      expect(await binOf()).toBeNull();

      expect((await put({ ...TEST_DELIVERY, buyerBin: "0001234560101" })).status).toBe(200);
      expect((await call(t, buyer, "POST", `/api/order/${orderId}/cash-on-delivery`)).status).toBe(200);
      const invoice = await t.request(`/dashboard/orders/${orderId}/invoice`, { headers: { Cookie: buyer.cookie } });
      expect(textOf(await invoice.text())).toContain("BIN of the buyer 0001234560101");
    });

    it("refuses a malformed BIN with checkout's 400 and message, and changes nothing", async () => {
      const buyer = await signUp(t);
      const { id: productId } = await makeProduct(t);
      const body = { productId, quantity: 20, delivery: TEST_DELIVERY, buyerBin: GOOD_BIN };
      const { _id: orderId } = await placed(t, buyer, "/api/order", body);
      for (const buyerBin of ["12345", "১২৩৪৫৬৭৮৯", "123-456-78a", 123456789, null]) {
        const res = await call(t, buyer, "PUT", `/api/order/${orderId}/delivery`, {
          ...TEST_DELIVERY,
          name: "Someone Else",
          buyerBin,
        });
        expect(res.status, String(buyerBin)).toBe(400);
        const answer = await errorOf(res);
        expect(answer.code).toBe("mushak.buyer_bin_invalid");
        expect(answer.message).toBe("A BIN has 9 or 13 digits (dashes allowed between them)");
      }
      expect(await binAndName(t, orderId)).toEqual({ buyerBin: GOOD_BIN, name: TEST_DELIVERY.name });
    });
  });

  describe("given later on the Pay Order page without JavaScript", () => {
    it("shows the field with the order's BIN, and keeps a changed one, or none when emptied", async () => {
      const buyer = await signUp(t);
      const { id: productId } = await makeProduct(t);
      // No delivery details yet: the page opens on its delivery form.
      const { _id: orderId } = await placed(t, buyer, "/api/order", { productId, quantity: 20, buyerBin: GOOD_BIN });
      const path = `/dashboard/payment/${orderId}`;
      const shown = await (await t.request(path, { headers: { Cookie: buyer.cookie } })).text();
      expect(shown).toContain("Your BIN (optional)");
      expect(binFieldValue(shown)).toBe(GOOD_BIN);

      const changed = await t.request(path, formPost(payOrderForm("0001234560101"), buyer));
      expect(changed.status).toBe(200);
      expect(await binAndName(t, orderId)).toMatchObject({ buyerBin: "0001234560101" });
      const emptied = await t.request(path, formPost(payOrderForm(""), buyer));
      expect(emptied.status).toBe(200);
      expect(await binAndName(t, orderId)).toMatchObject({ buyerBin: null });
    });

    it("answers a malformed BIN beside its field, in Bangla too, keeping what was typed and changing nothing", async () => {
      const buyer = await signUp(t);
      const { id: productId } = await makeProduct(t);
      const { _id: orderId } = await placed(t, buyer, "/api/order", { productId, quantity: 20, buyerBin: GOOD_BIN });
      const path = `/dashboard/payment/${orderId}`;
      const res = await t.request(path, formPost(payOrderForm("12345", "Someone Else"), buyer));
      expect(res.status).toBe(400);
      const html = await res.text();
      expect(html).toContain("A BIN has 9 or 13 digits (dashes allowed between them)");
      expect(html).toMatch(/id="buyerBin-error"/);
      expect(binFieldValue(html)).toBe("12345");
      const bangla = await t.request(
        path,
        formPost(payOrderForm("98765"), { ...buyer, cookie: `${buyer.cookie}; ${LANGUAGE_COOKIE}=bn` }),
      );
      expect(bangla.status).toBe(400);
      const banglaHtml = await bangla.text();
      expect(banglaHtml).toContain("বিআইএন-এ ৯ বা ১৩টি অঙ্ক থাকে");
      expect(binFieldValue(banglaHtml)).toBe("98765");
      expect(await binAndName(t, orderId)).toEqual({ buyerBin: GOOD_BIN, name: undefined });
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

  it("is not asked for on the Pay Order page; sent with the delivery details anyway, it is dropped", async () => {
    const buyer = await signUp(t);
    const { id: productId } = await makeProduct(t);
    const { _id: orderId } = await placed(t, buyer, "/api/order", { productId, quantity: 20 });
    const path = `/dashboard/payment/${orderId}`;
    const html = await (await t.request(path, { headers: { Cookie: buyer.cookie } })).text();
    expect(html).toContain('name="address"');
    expect(binFieldValue(html)).toBeNull();
    expect(html).not.toContain("Your BIN (optional)");

    const viaApi = await call(t, buyer, "PUT", `/api/order/${orderId}/delivery`, {
      ...TEST_DELIVERY,
      buyerBin: GOOD_BIN,
    });
    expect(viaApi.status).toBe(200);
    expect(await binAndName(t, orderId)).toEqual({ buyerBin: null, name: TEST_DELIVERY.name });
    expect((await t.request(path, formPost(payOrderForm(GOOD_BIN, "Rahim Uddin"), buyer))).status).toBe(200);
    expect(await binAndName(t, orderId)).toEqual({ buyerBin: null, name: "Rahim Uddin" });
    const malformed = await call(t, buyer, "PUT", `/api/order/${orderId}/delivery`, {
      ...TEST_DELIVERY,
      buyerBin: "1",
    });
    expect(malformed.status).toBe(400);
    expect((await errorOf(malformed)).code).toBe("mushak.buyer_bin_invalid");
  });
});
