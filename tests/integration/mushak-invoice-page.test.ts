import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { order } from "@server/db/schema";
import { LANGUAGE_COOKIE } from "@shared/languages";
import { asBearer, jsonInit, signUp, signUpAdmin, type TestAccount } from "../support/accounts";
import { orderFor, orderRow } from "../support/orders";
import { usePageApp, type PageContext } from "../support/page-app";

// The invoice page of a VAT-registered shop (SHOP_BIN and VAT_RATE) is a Mushak-6.3, rendered on the server (no
// JavaScript needed): the form's title, the seller's name, BIN and address, the buyer and their BIN, the serial with
// the date and time of issue, and per line, for delivery and in total the value without VAT, the rate and the VAT.

const SHOP = {
  SHOP_NAME: "Randa Hand Tools",
  SHOP_ADDRESS: "12 Bangshal Road, Dhaka 1100",
  SHOP_BIN: "000123456-0101",
};

const textOf = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");

async function invoicePage(t: PageContext, orderId: string, as: TestAccount, language = "en") {
  const res = await t.request(`/dashboard/orders/${orderId}/invoice`, {
    headers: { Cookie: `${as.cookie}; ${LANGUAGE_COOKIE}=${language}` },
  });
  expect(res.status).toBe(200);
  return textOf(await res.text());
}

/** 20 pieces at Tk 1,250.50 (Tk 25,010), confirmed for cash on delivery at 10:15 on 2 August 2026, Dhaka time. */
async function codOrder(t: PageContext, buyer: TestAccount) {
  const id = await orderFor(t, buyer, 20, { name: "Dovetail Saw 250 mm", pricePoisha: 125050 });
  t.services.now = () => new Date("2026-08-02T04:15:00Z");
  try {
    const res = await t.request(`/api/order/${id}/cash-on-delivery`, jsonInit("POST", {}, asBearer(buyer)));
    expect(res.status).toBe(200);
  } finally {
    delete t.services.now;
  }
  return id;
}

describe("the Mushak-6.3 invoice page", () => {
  const t = usePageApp({ ...SHOP, VAT_RATE: "15" });

  it("shows the tax invoice's fields in English, the lines' VAT adding up to the total's", async () => {
    const buyer = await signUp(t, { name: "Karim Uddin" });
    const id = await codOrder(t, buyer);
    // A delivery charge of Tk 60: Tk 25,070 in all.
    await t.database.db
      .update(order)
      .set({ buyerBin: "004455667-0202", deliveryChargePoisha: 6000 })
      .where(eq(order.id, id));
    expect((await orderRow(t, id)).totalPoisha).toBe(2507000);
    const text = await invoicePage(t, id, buyer);
    expect(text).toContain("Mushak-6.3");
    expect(text).toContain("Tax invoice");
    expect(text).toMatch(/Registered person Randa Hand Tools/);
    expect(text).toContain("BIN of the registered person 000123456-0101");
    expect(text).toContain("Address of issue 12 Bangshal Road, Dhaka 1100");
    expect(text).toContain("Billed to Karim Uddin");
    expect(text).toContain("BIN of the buyer 004455667-0202");
    expect(text).toMatch(/House 12, Road 3, Tongi\s*, Gazipur\s*, Dhaka/);
    expect(text).toContain("Mushak-6.3 No. 2026-27/000001");
    expect(text).toContain("Date of issue 2 Aug 2026");
    expect(text).toContain("Time of issue 10:15");
    // Tk 25,070 holds 25,070 × 15 / 115 = Tk 3,270 of VAT exactly; the saw's share is 3,262.1739, the delivery
    // charge's 7.8261: each rounded down leaves a poisha, which goes to the delivery charge (it lost more).
    expect(text).toContain("Dovetail Saw 250 mm 20 Pis Tk 1,250.50 Tk 21,747.83 15% Tk 3,262.17 Tk 25,010");
    expect(text).toContain("Delivery charge Tk 52.17 15% Tk 7.83 Tk 60");
    expect(text).toContain("Total Tk 21,800 15% Tk 3,270 Tk 25,070");
    // The amount in words and the payment stay.
    expect(text).toContain("In words");
    expect(text).toContain("To be paid in cash on delivery");
  });

  it("speaks Bangla with Bengali digits", async () => {
    const buyer = await signUp(t, { name: "Karim Uddin" });
    const id = await codOrder(t, buyer);
    const text = await invoicePage(t, id, buyer, "bn");
    expect(text).toContain("মূসক-৬.৩");
    expect(text).toContain("কর চালানপত্র");
    expect(text).toContain("নিবন্ধিত ব্যক্তির বিআইএন ০০০১২৩৪৫৬-০১০১");
    expect(text).toMatch(/মূসক-৬\.৩ নং ২০২৬-২৭\/০০০০০[০-৯]/);
    expect(text).toContain("ইস্যুর সময় ১০:১৫");
    expect(text).toContain("১৫%");
    expect(text).toContain("মূসক ব্যতীত মূল্য");
    expect(text).toContain("পঁচিশ হাজার দশ টাকা মাত্র".slice(0, 4));
    expect(text).not.toContain("Tax invoice");
    // No buyer's BIN given: none shown.
    expect(text).not.toContain("ক্রেতার বিআইএন");
  });

  it("an admin sees it too; an unpaid order's pro forma invoice has no Mushak fields", async () => {
    const buyer = await signUp(t);
    const admin = await signUpAdmin(t);
    const id = await codOrder(t, buyer);
    expect(await invoicePage(t, id, admin)).toContain("Mushak-6.3 No.");
    const unpaid = await orderFor(t, buyer);
    const text = await invoicePage(t, unpaid, buyer);
    expect(text).toContain("Pro forma invoice");
    expect(text).not.toContain("Mushak-6.3");
  });
});

describe("the invoice page of a shop not VAT-registered", () => {
  const t = usePageApp(SHOP);

  it("is the invoice as it was: no Mushak-6.3 fields, no serial", async () => {
    const buyer = await signUp(t);
    const id = await codOrder(t, buyer);
    const text = await invoicePage(t, id, buyer);
    expect(text).toContain("Invoice");
    expect(text).toContain("BIN 000123456-0101");
    expect(text).not.toContain("Mushak");
    expect(text).not.toContain("Tax invoice");
    expect(text).not.toContain("VAT");
  });
});
