import { describe, expect, it } from "vitest";
import { LANGUAGE_COOKIE } from "@shared/languages";
import { asBearer, asCookie, jsonInit, signUp, signUpAdmin, type TestAccount } from "../support/accounts";
import { orderFor, orderRow } from "../support/orders";
import { usePageApp } from "../support/page-app";

// The invoice page (/dashboard/orders/{id}/invoice): the order's buyer and admins see it, nobody else; it says who
// the shop is, who bought what and where it goes, the total in figures and in words (English, or Bangla with
// Bengali digits), how it was paid, and its history.

describe("invoice page", () => {
  const t = usePageApp({ SHOP_NAME: "Randa Hand Tools", SHOP_TRADE_LICENCE: "TRAD/DNCC/012345/2026" });

  const page = async (orderId: string, as: TestAccount, language = "en") => {
    const res = await t.request(`/dashboard/orders/${orderId}/invoice`, {
      headers: { Cookie: `${as.cookie}; ${LANGUAGE_COOKIE}=${language}` },
    });
    return { status: res.status, html: await res.text() };
  };
  /** The page's text without tags, entities decoded where the invoice uses them. */
  const textOf = (html: string) =>
    html
      .replace(/<script[\s\S]*?<\/script>/g, "")
      .replace(/<[^>]+>/g, " ")
      .replace(/&#x27;|&#39;/g, "'")
      .replace(/&amp;/g, "&")
      .replace(/\s+/g, " ");

  async function codOrder(buyer: TestAccount) {
    // 20 pieces at Tk 1,250.50: Tk 25,010.
    const id = await orderFor(t, buyer, 20, { name: "Dovetail Saw 250 mm", pricePoisha: 125050 });
    const res = await t.request(`/api/order/${id}/cash-on-delivery`, jsonInit("POST", {}, asBearer(buyer)));
    expect(res.status).toBe(200);
    return id;
  }

  it("shows the buyer the numbered invoice of a cash-on-delivery order, in English", async () => {
    const buyer = await signUp(t, { name: "Karim Uddin" });
    const id = await codOrder(buyer);
    const { invoiceNumber } = await orderRow(t, id);
    const { status, html } = await page(id, buyer);
    expect(status).toBe(200);
    const text = textOf(html);
    expect(text).toContain("Randa Hand Tools");
    expect(text).toContain("TRAD/DNCC/012345/2026");
    expect(text).toContain(`INV-${String(invoiceNumber).padStart(6, "0")}`);
    expect(text).toContain("Dovetail Saw 250 mm");
    expect(text).toContain("20 Pis");
    expect(text).toMatch(/Tk 1,250\.50/);
    expect(text).toMatch(/Tk 25,010(\.00)?\b/);
    expect(text).toContain("Twenty Five Thousand Ten Taka Only");
    expect(text).toContain("Cash on delivery");
    expect(text).toContain("To be paid in cash on delivery");
    expect(text).toContain("House 12, Road 3, Tongi");
    expect(text).toContain("Cash on delivery chosen");
  });

  it("speaks Bangla with Bengali digits and the amount in Bangla words", async () => {
    const buyer = await signUp(t);
    const id = await codOrder(buyer);
    const { status, html } = await page(id, buyer, "bn");
    expect(status).toBe(200);
    const text = textOf(html);
    expect(text).toContain("ইনভয়েস");
    expect(text).toContain("২০ পিস");
    expect(text).toContain("পঁচিশ হাজার দশ টাকা মাত্র");
    expect(text).not.toContain("Twenty Five Thousand");
  });

  it("an unpaid order's invoice is pro forma, without a number", async () => {
    const buyer = await signUp(t);
    const id = await orderFor(t, buyer);
    const text = textOf((await page(id, buyer)).html);
    expect(text).toContain("Pro forma invoice");
    expect(text).toContain("Given when the order is paid or confirmed for cash on delivery");
    expect(text).not.toMatch(/INV-\d{6}/);
  });

  it("an admin sees any order's invoice; another customer and a visitor do not", async () => {
    const buyer = await signUp(t);
    const other = await signUp(t);
    const admin = await signUpAdmin(t);
    const id = await codOrder(buyer);
    expect((await page(id, admin)).status).toBe(200);
    const refused = await page(id, other);
    expect(refused.status).toBe(404);
    expect(textOf(refused.html)).toContain("Order not found.");
    expect(textOf(refused.html)).not.toContain("House 12, Road 3, Tongi");
    expect(textOf(refused.html)).not.toMatch(/INV-\d{6}/);
    const visitor = await t.request(`/dashboard/orders/${id}/invoice`);
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("location")).toMatch(/^\/login/);
    expect((await page("not-an-order", buyer)).status).toBe(404);
  });

  it("the order's page links to its invoice", async () => {
    const buyer = await signUp(t);
    const id = await codOrder(buyer);
    const res = await t.request(`/dashboard/order/${id}`, { headers: asCookie(buyer) });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(`href="/dashboard/orders/${id}/invoice"`);
  });
});
