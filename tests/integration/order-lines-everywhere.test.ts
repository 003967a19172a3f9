import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { sendDueMail } from "@server/jobs/mail-outbox";
import { cancelByShop, readOrderSearch, type Order, type OrderJson } from "@server/orders";
import { shopOverview } from "@server/overview/overview";
import { formatCount, formatMoney } from "@shared/format";
import { LANGUAGE_COOKIE, type Language } from "@shared/languages";
import { amountInWords } from "~/door/amount-in-words.server";
import { asBearer, jsonInit, signUp, signUpAdmin, type TestAccount } from "../support/accounts";
import { as } from "../support/contexts";
import { call, payByTestCard } from "../support/order-money";
import { makeProduct, orderRow, TEST_DELIVERY } from "../support/orders";
import { usePageApp } from "../support/page-app";
import { textOf } from "../support/page-text";
import { sessionUserOf } from "../support/use-case-actors";

// Orders of several lines, placed through the cart and POST /api/checkout, as every reader of an order shows them:
// My Orders, the order view, Pay Order, Manage Orders (and its search), the invoice, the e-mails and the overview.
// Each test fails when its reader shows the order row's first line alone, or its goods' total as what is paid.

const uid = randomUUID().slice(0, 6);
const CHISEL = `Paring Chisel ${uid}`;
const CHISEL_BN = `প্যারিং বাটালি ${uid}`;
const PLANE = `Jack Plane ${uid}`;
const SAW = `Tenon Saw ${uid}`;

const money = (poisha: number, language: Language = "en") => formatMoney(poisha, language);

/** The text of the element with this test id, up to its closing tag (no element of the same tag inside it). */
function testIdText(html: string, id: string, tag: string): string {
  const start = html.indexOf(`data-testid="${id}"`);
  expect(start, `data-testid="${id}"`).toBeGreaterThan(-1);
  return textOf(html.slice(html.indexOf(">", start) + 1, html.indexOf(`</${tag}>`, start))).trim();
}

describe("an order of several lines, wherever it is read", () => {
  const t = usePageApp();
  let buyer: TestAccount;
  let other: TestAccount;
  let admin: TestAccount;
  const products = {} as Record<"chisel" | "plane" | "saw", { id: string }>;
  /** Three lines, unpaid (Pay Order offers the card). */
  let unpaid: Order;
  /** Two lines, cash on delivery awaiting the shop (an invoice number, the admins' e-mail), placed in Bangla. */
  let cod: Order;
  /** Two lines, paid by card by another buyer: the overview's money. */
  let paid: Order;

  async function checkout(who: TestAccount, lines: [string, number][], extra = {}, headers = {}) {
    for (const [productId, quantity] of lines) {
      const res = await call(t, who, "POST", "/api/cart/items", { productId, quantity });
      expect(res.status, await res.clone().text()).toBe(200);
    }
    const res = await t.request(
      "/api/checkout",
      jsonInit("POST", { delivery: TEST_DELIVERY, ...extra }, { ...asBearer(who), ...headers }),
    );
    expect(res.status, await res.clone().text()).toBe(200);
    return orderRow(t, ((await res.json()) as { insertedId: string }).insertedId);
  }

  const page = async (p: string, who: TestAccount, language: Language = "en") => {
    const res = await t.request(p, { headers: { Cookie: `${who.cookie}; ${LANGUAGE_COOKIE}=${language}` } });
    expect(res.status, p).toBe(200);
    return res.text();
  };

  beforeAll(async () => {
    buyer = await signUp(t);
    other = await signUp(t);
    admin = await signUpAdmin(t);
    products.chisel = await makeProduct(t, {
      name: CHISEL,
      nameBn: CHISEL_BN,
      image: "/images/products/paring-chisel.svg",
      pricePoisha: 245000,
      weightGrams: 300,
    });
    products.plane = await makeProduct(t, {
      name: PLANE,
      image: "/images/products/jack-plane.svg",
      pricePoisha: 650000,
      minimumQuantity: 1,
      weightGrams: 2000,
    });
    products.saw = await makeProduct(t, {
      name: SAW,
      image: "/images/products/tenon-saw.svg",
      pricePoisha: 180000,
      weightGrams: 500,
    });
    unpaid = await checkout(buyer, [
      [products.chisel.id, 20],
      [products.plane.id, 1],
      [products.saw.id, 20],
    ]);
    cod = await checkout(
      buyer,
      [
        [products.chisel.id, 20],
        [products.saw.id, 40],
      ],
      { paymentMethod: "cod" },
      { "Accept-Language": "bn" },
    );
    paid = await checkout(other, [
      [products.chisel.id, 20],
      [products.plane.id, 21],
    ]);
    await payByTestCard(t, other, paid.id);
    paid = await orderRow(t, paid.id);
  });

  it("is placed as the tests below need it: several lines, a delivery charge, a total above the goods", () => {
    expect([unpaid.lineCount, cod.lineCount, paid.lineCount]).toEqual([3, 2, 2]);
    expect(unpaid.payablePoisha).toBe(2450_00 * 20 + 6500_00 + 1800_00 * 20);
    for (const o of [unpaid, cod, paid]) {
      expect(o.deliveryChargePoisha).toBeGreaterThan(0);
      expect(o.totalPoisha).toBe(o.payablePoisha + o.deliveryChargePoisha);
    }
    expect(cod.status).toBe("cod");
    expect(paid.status).toBe("paid");
  });

  it("My Orders: the first line's photo and name, 'and 2 more', the goods' total and the total with delivery", async () => {
    const html = await page("/dashboard/orders", buyer);
    const row = html.slice(html.indexOf(`href="/dashboard/order/${unpaid.id}"`));
    const text = textOf(row.slice(0, row.indexOf("</tr>")));
    expect(html).toContain('src="/images/products/paring-chisel.svg"');
    expect(text).toContain(`${CHISEL} and 2 more`);
    expect(text).not.toContain(SAW);
    expect(text).toContain(money(unpaid.payablePoisha));
    expect(text).toContain(`Total ${money(unpaid.totalPoisha)} with delivery ${money(unpaid.deliveryChargePoisha)}`);
    // Cancelling names the whole order.
    expect(text).toContain(`Are You Sure? You Want To Cancel ${CHISEL} and 2 more`);
    expect(textOf(html)).toContain(`${CHISEL} and 1 more`);

    const bangla = textOf(await page("/dashboard/orders", buyer, "bn"));
    expect(bangla).toContain("ও আরও ২টি");
    // In Bangla the order is named by its first line's Bangla name, as the order view names the line.
    expect(bangla).toContain(`${CHISEL_BN} ও আরও ২টি`);
    expect(bangla).not.toContain(`${CHISEL} ও আরও`);
    expect(bangla).toContain(
      `ডেলিভারি ${money(unpaid.deliveryChargePoisha, "bn")} সহ মোট ${money(unpaid.totalPoisha, "bn")}`,
    );
  });

  it("the order view: every line (photo, name, unit price, pieces, amount), then goods, delivery charge and total", async () => {
    const html = await page(`/dashboard/order/${unpaid.id}`, buyer);
    const table = testIdText(html, "order-lines", "table");
    for (const [name, price, pieces, amount] of [
      [CHISEL, 2450_00, 20, 49_000_00],
      [PLANE, 6500_00, 1, 6500_00],
      [SAW, 1800_00, 20, 36_000_00],
    ] as const) {
      expect(table).toContain(`${name} ${money(price)} ${pieces} Pis ${money(amount)}`);
    }
    for (const image of ["paring-chisel", "jack-plane", "tenon-saw"]) {
      expect(html).toContain(`src="/images/products/${image}.svg"`);
    }
    expect(table).toContain(`Payble Amount ${money(unpaid.payablePoisha)}`);
    expect(table).toContain(`Delivery charge ${money(unpaid.deliveryChargePoisha)}`);
    expect(table).toContain(`Total ${money(unpaid.totalPoisha)}`);
    expect(textOf(html)).toContain(`${CHISEL} and 2 more`);

    // Reading Bangla: a line's Bangla name where it had one, its English name where it had none.
    const bangla = testIdText(await page(`/dashboard/order/${unpaid.id}`, buyer, "bn"), "order-lines", "table");
    expect(bangla).toContain(CHISEL_BN);
    expect(bangla).not.toContain(CHISEL);
    expect(bangla).toContain(PLANE);
    expect(bangla).toContain(`${formatCount(20, "bn")} পিস`);
    expect(bangla).toContain(money(unpaid.totalPoisha, "bn"));
  });

  it("Pay Order: every line, the delivery charge and the total, and cash on delivery asks for the total", async () => {
    const text = textOf(await page(`/dashboard/payment/${unpaid.id}`, buyer));
    expect(text).toContain(`Please Pay for ${CHISEL} and 2 more`);
    expect(text).toContain(`${CHISEL} 20 Pis × ${money(2450_00)} = ${money(49_000_00)}`);
    expect(text).toContain(`${PLANE} 1 Pis × ${money(6500_00)} = ${money(6500_00)}`);
    expect(text).toContain(`${SAW} 20 Pis × ${money(1800_00)} = ${money(36_000_00)}`);
    expect(text).toContain(`Payble Amount ${money(unpaid.payablePoisha)}`);
    expect(text).toContain(`Delivery charge ${money(unpaid.deliveryChargePoisha)}`);
    expect(text).toContain(`Total ${money(unpaid.totalPoisha)}`);

    const awaiting = textOf(await page(`/dashboard/payment/${cod.id}`, buyer));
    expect(awaiting).toContain(`Please pay ${money(cod.totalPoisha)} in cash when it arrives.`);
    expect(awaiting).not.toContain(`Please pay ${money(cod.payablePoisha)} in cash`);
  });

  it("Manage Orders finds an order by a product in any line, English in any case or Bangla, and says 'and N more'", async () => {
    const search = async (q: string) => {
      const res = await t.request(`/api/order?q=${encodeURIComponent(q)}`, { headers: asBearer(admin) });
      expect(res.status).toBe(200);
      return ((await res.json()) as OrderJson[]).map((o) => o._id).sort();
    };
    // The saw is the unpaid order's third line and the cash-on-delivery order's second: never an order row's own.
    expect(await search(SAW.toUpperCase())).toEqual([unpaid.id, cod.id].sort());
    expect(await search(`saw ${uid}`)).toEqual([unpaid.id, cod.id].sort());
    expect(await search(PLANE.toLowerCase())).toEqual([unpaid.id, paid.id].sort());
    // Bangla names are the lines' alone.
    expect(await search(CHISEL_BN)).toEqual([unpaid.id, cod.id, paid.id].sort());
    // LIKE's wildcards are looked for as themselves.
    expect(await search("tenon s_w")).toEqual([]);
    expect(await search(`%saw ${uid}`)).toEqual([]);
    // Fewer than three characters say too little to look for in names.
    expect(readOrderSearch("sa").productName).toBeUndefined();
    expect(readOrderSearch(" saw ").productName).toEqual({ name: "saw", nameBn: "saw" });

    const html = await page(`/dashboard/manageorder?q=${encodeURIComponent(SAW)}`, admin);
    const text = textOf(html);
    expect(text).toContain("Orders 1–2 of 2");
    expect(text).toContain(`${CHISEL} and 2 more`);
    expect(text).toContain(`${CHISEL} and 1 more`);
    expect(text).toContain(`Total ${money(cod.totalPoisha)} with delivery ${money(cod.deliveryChargePoisha)}`);
    // A row carries its Pay Bill and Cancel buttons, not dialogs: the page's one dialog is filled when one is
    // pressed (tests/e2e/cash-on-delivery.spec.ts reads its question, with the order's total).
    expect(html).not.toContain("<dialog");
    expect(text).toContain("Pay Bill");
  });

  it("the invoice: a row per line and a delivery row; the total in figures and in words is the order's", async () => {
    const html = await page(`/dashboard/orders/${cod.id}/invoice`, buyer);
    const rows = [...html.matchAll(/data-testid="invoice-line"[\s\S]*?<\/tr>/g)].map((m) => textOf(m[0]));
    expect(rows).toHaveLength(2);
    expect(rows[0]).toContain(`${CHISEL} 20 Pis ${money(2450_00)} ${money(49_000_00)}`);
    expect(rows[1]).toContain(`${SAW} 40 Pis ${money(1800_00)} ${money(72_000_00)}`);
    expect(testIdText(html, "invoice-delivery-charge", "tr")).toContain(
      `Delivery charge ${money(cod.deliveryChargePoisha)}`,
    );
    expect(testIdText(html, "invoice-total", "td")).toBe(money(cod.totalPoisha));
    expect(testIdText(html, "invoice-in-words", "p")).toContain(amountInWords(cod.totalPoisha, "en"));

    const bangla = await page(`/dashboard/orders/${cod.id}/invoice`, buyer, "bn");
    expect(textOf(bangla)).toContain(CHISEL_BN);
    expect(testIdText(bangla, "invoice-in-words", "p")).toContain(amountInWords(cod.totalPoisha, "bn"));
  });

  it("the e-mails: the buyer's and the admins' list every line, the delivery charge and the total", async () => {
    await sendDueMail(t.services, 100);
    const kept = readdirSync(t.outboxDir).map(
      (f) =>
        JSON.parse(readFileSync(path.join(t.outboxDir, f), "utf8")) as {
          to: string[];
          subject: string;
          text: string;
          html: string;
        },
    );
    const about = (o: Order, subject: string) => {
      const found = kept.filter((m) => m.text.includes(o.id) && m.subject.startsWith(subject));
      expect(found, `${subject} of ${o.id}`).toHaveLength(1);
      return found[0]!;
    };

    const placed = about(unpaid, "Order received:");
    expect(placed.subject).toBe(`Order received: ${CHISEL} and 2 more · Randa`);
    expect(placed.text).toContain(`${CHISEL}:`);
    expect(placed.text).toContain(`20 Pis × ${money(2450_00)} = ${money(49_000_00)}`);
    expect(placed.text).toContain(`${PLANE}:`);
    expect(placed.text).toContain(`1 Pis × ${money(6500_00)} = ${money(6500_00)}`);
    expect(placed.text).toContain(`${SAW}:`);
    expect(placed.text).toMatch(new RegExp(`Goods: +${escape(money(unpaid.payablePoisha))}`));
    expect(placed.text).toMatch(new RegExp(`Delivery charge: +${escape(money(unpaid.deliveryChargePoisha))}`));
    expect(placed.text).toMatch(new RegExp(`Payable amount: +${escape(money(unpaid.totalPoisha))}`));
    expect(placed.html).toContain(`<th align="left" style="padding:4px 12px 4px 0;vertical-align:top">${SAW}</th>`);

    // In Bangla: the Bangla name where the line had one, Bengali digits, and cash on delivery asks for the total.
    const codMail = about(cod, "ক্যাশ অন ডেলিভারি");
    expect(codMail.subject).toBe(`ক্যাশ অন ডেলিভারি বেছে নেওয়া হয়েছে: ${CHISEL_BN} ও আরও ১টি · রান্দা`);
    expect(codMail.text).toContain(`${CHISEL_BN}:`);
    expect(codMail.text).toContain(`${SAW}:`);
    expect(codMail.text).toContain(`পণ্য পৌঁছালে নগদ ${money(cod.totalPoisha, "bn")} পরিশোধ করুন।`);
    expect(codMail.text).toContain(money(cod.deliveryChargePoisha, "bn"));

    const news = about(cod, "New order:");
    expect(news.subject).toBe(`New order: ${CHISEL} and 1 more, 60 Pis, ${money(cod.totalPoisha)} · Randa`);
    expect(news.text).toContain(`${CHISEL}:`);
    expect(news.text).toContain(`40 Pis × ${money(1800_00)} = ${money(72_000_00)}`);
    expect(news.text).toMatch(new RegExp(`Delivery charge: +${escape(money(cod.deliveryChargePoisha))}`));
    expect(news.text).toMatch(new RegExp(`Amount: +${escape(money(cod.totalPoisha))}`));
  });

  it("the overview's top products count every line of the kept orders, and cash to collect is the total", async () => {
    const o = await shopOverview(as(t, await sessionUserOf(t, admin)), { days: "7" });
    const top = (id: string) => o.top.find((p) => p.productId === id);
    // Only the paid order's money is kept: the chisel line and the plane line, the goods without the delivery.
    expect(top(products.chisel.id)).toEqual({
      productId: products.chisel.id,
      name: CHISEL,
      poisha: 49_000_00,
      pieces: 20,
    });
    expect(top(products.plane.id)).toEqual({
      productId: products.plane.id,
      name: PLANE,
      poisha: 136_500_00,
      pieces: 21,
    });
    expect(top(products.saw.id)).toBeUndefined();
    // The one cash-on-delivery order still to be paid: its goods and its delivery.
    expect(o.cashToCollect).toEqual({ count: 1, poisha: cod.totalPoisha });
  });

  it("an admin's order view: the lines and total of any order, and a refund gives back the total", async () => {
    const asked = textOf(await page(`/dashboard/order/${paid.id}`, admin));
    expect(asked).toContain(`Cancel the paid order for ${CHISEL} and 1 more?`);
    await cancelByShop(as(t, await sessionUserOf(t, admin)), paid.id, {});
    const html = await page(`/dashboard/order/${paid.id}`, admin);
    expect(testIdText(html, "order-lines", "table")).toContain(`Total ${money(paid.totalPoisha)}`);
    expect(textOf(html)).toContain(`Refund ${money(paid.totalPoisha)} for ${CHISEL} and 1 more to the buyer?`);
  });
});

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
