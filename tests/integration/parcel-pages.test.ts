import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatInvoiceNumber } from "@shared/invoice-number";
import { signUp, signUpAdmin, type TestAccount } from "../support/accounts";
import { readAnswer } from "../support/action-answer";
import { call } from "../support/order-money";
import { orderFor, orderRow, TEST_DELIVERY } from "../support/orders";
import { browserHeaders, usePageApp, type PageContext } from "../support/page-app";
import { textOf } from "../support/page-text";
import { anOrderToShip, bookParcel, parcelOf } from "../support/parcels";
import { STEADFAST_WEBHOOK_TOKEN } from "../support/provider-apps";
import { startSteadfastStandIn, type SteadfastStandIn } from "../support/steadfast-stand-in";

async function page(t: PageContext, path: string, as?: TestAccount | null, language?: "bn") {
  const res = await t.request(path, { headers: browserHeaders(as, language), redirect: "manual" });
  const html = await res.text();
  return { status: res.status, location: res.headers.get("location"), html, text: textOf(html) };
}

function post(
  t: PageContext,
  path: string,
  fields: Record<string, string | string[]>,
  as?: TestAccount | null,
  language?: "bn",
) {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) {
    for (const one of typeof value === "string" ? [value] : value) body.append(name, one);
  }
  return t.request(path, {
    method: "POST",
    headers: { ...browserHeaders(as, language), "Content-Type": "application/x-www-form-urlencoded" },
    body: body.toString(),
    redirect: "manual",
  });
}

/** The box that chooses an order for "Book the chosen orders": it belongs to that form. */
const chooseBox = (orderId: string) =>
  new RegExp(`<input type="checkbox" form="book-chosen"[^>]*name="orders" value="${orderId}"`);

/** The parcel screens as a browser without JavaScript uses them, with Steadfast's stand-in as the shop's courier. */
describe("the parcel screens with a courier", () => {
  const steadfast = {} as SteadfastStandIn;
  beforeAll(async () => void Object.assign(steadfast, await startSteadfastStandIn()));
  afterAll(() => steadfast.close());
  const t = usePageApp(() => ({
    STEADFAST_API_KEY: steadfast.apiKey,
    STEADFAST_SECRET_KEY: steadfast.secretKey,
    STEADFAST_BASE_URL: steadfast.url,
    STEADFAST_WEBHOOK_TOKEN,
  }));
  let admin: TestAccount;
  let buyer: TestAccount;
  let stranger: TestAccount;

  beforeAll(async () => {
    admin = await signUpAdmin(t);
    buyer = await signUp(t);
    stranger = await signUp(t);
  });

  const shop = () => ({ admin, buyer });

  describe("Manage Orders", () => {
    it("offers Book courier, and the box to book it with others, on a paid order, in English and Bangla", async () => {
      const orderId = await anOrderToShip(t, shop());
      const en = await page(t, "/dashboard/manageorder", admin);
      expect(en.status).toBe(200);
      expect(en.text).toContain("Book courier");
      expect(en.text).toContain("Book the chosen orders with Steadfast");
      expect(en.html).toMatch(chooseBox(orderId));
      const bn = await page(t, "/dashboard/manageorder", admin, "bn");
      expect(bn.text).toContain("কুরিয়ার বুক করুন");
      expect(bn.text).toContain("বাছাই করা অর্ডারগুলো স্টেডফাস্ট-এ বুক করুন");
    });

    it("offers no booking for a cash-on-delivery order the shop has not confirmed", async () => {
      const orderId = await orderFor(t, buyer);
      expect((await call(t, buyer, "POST", `/api/order/${orderId}/cash-on-delivery`)).status).toBe(200);
      const list = await page(t, "/dashboard/manageorder", admin);
      expect(list.html).toContain(orderId);
      expect(list.html).not.toMatch(chooseBox(orderId));
      expect((await page(t, `/dashboard/order/${orderId}`, admin)).text).not.toContain("Book courier");
    });

    it("books two orders at once without JavaScript: each one's tracking code, both shipped, slips to print", async () => {
      const paid = await anOrderToShip(t, shop());
      const cod = await anOrderToShip(t, shop(), true);
      const res = await post(
        t,
        "/dashboard/manageorder",
        { intent: "book", courier: "steadfast", orders: [paid, cod] },
        admin,
      );
      const answer = await readAnswer(res);
      expect(answer.status).toBe(200);
      expect(answer.message).toBe("2 of 2 orders booked with the courier");
      const codes = await Promise.all([paid, cod].map(async (id) => (await parcelOf(t, id)).parcel.trackingCode!));
      for (const id of [paid, cod]) expect((await orderRow(t, id)).status).toBe("shipped");
      const again = await post(
        t,
        "/dashboard/manageorder",
        { intent: "book", courier: "steadfast", orders: [paid, cod] },
        admin,
      );
      const html = await again.text();
      const text = textOf(html);
      // Booking again answers the parcels they have: the same codes, and one consignment each.
      for (const code of codes) expect(text).toContain(`Booked: ${code}`);
      expect(text).toContain("Print the packing slips of the orders booked");
      expect(html).toContain(`href="/dashboard/slips?order=${paid}&amp;order=${cod}"`);
    });

    it("shows a refusal beside the order it concerns, books the rest, and leaves the refused order as it was", async () => {
      const refused = await anOrderToShip(t, shop());
      const fine = await anOrderToShip(t, shop());
      steadfast.refuseNext("recipient_address", "The recipient address is not in our service area.");
      const res = await post(
        t,
        "/dashboard/manageorder",
        { intent: "book", courier: "steadfast", orders: [refused, fine] },
        admin,
      );
      expect(res.status).toBe(200);
      const html = await res.text();
      const text = textOf(html);
      expect(text).toContain(
        "Not booked: The courier refused the parcel: The recipient address is not in our service area.",
      );
      expect(html).toContain(`data-order="${refused}"`);
      expect((await orderRow(t, refused)).status).toBe("paid");
      expect((await orderRow(t, fine)).status).toBe("shipped");
    });

    it("says why in Bangla when the one order asked is refused, with the courier's status", async () => {
      const orderId = await anOrderToShip(t, shop());
      steadfast.refuseNext("recipient_phone", "The recipient phone must be 11 digits.");
      const res = await post(
        t,
        "/dashboard/manageorder",
        { intent: "book", courier: "steadfast", orders: orderId },
        admin,
        "bn",
      );
      expect(res.status).toBe(409);
      const text = textOf(await res.text());
      expect(text).toContain("কুরিয়ার পার্সেলটি নেয়নি: The recipient phone must be 11 digits.");
      expect((await orderRow(t, orderId)).status).toBe("paid");
    });

    it("refuses no order chosen, a courier the shop has none of, a customer and a stranger; nothing changes", async () => {
      const orderId = await anOrderToShip(t, shop());
      const none = await readAnswer(
        await post(t, "/dashboard/manageorder", { intent: "book", courier: "steadfast" }, admin),
      );
      expect([none.status, none.message]).toEqual([400, "Choose at least one order"]);
      const pathao = await readAnswer(
        await post(t, "/dashboard/manageorder", { intent: "book", courier: "pathao", orders: orderId }, admin),
      );
      expect([pathao.status, pathao.message]).toEqual([400, "This shop has no account with that courier"]);
      const customer = await post(
        t,
        "/dashboard/manageorder",
        { intent: "book", courier: "steadfast", orders: orderId },
        buyer,
      );
      expect(customer.status).toBe(403);
      const nobody = await post(t, "/dashboard/manageorder", { intent: "book", courier: "steadfast", orders: orderId });
      expect(nobody.status).toBe(302);
      expect(nobody.headers.get("location")).toMatch(/^\/login\?redirectTo=/);
      expect((await orderRow(t, orderId)).status).toBe("paid");
    });
  });

  describe("the order view", () => {
    it("lets an admin book the order and then shows its parcel with the public page and the slip", async () => {
      const orderId = await anOrderToShip(t, shop());
      const before = await page(t, `/dashboard/order/${orderId}`, admin);
      expect(before.text).toContain("Book courier");
      const res = await post(
        t,
        `/dashboard/order/${orderId}`,
        { intent: "book", courier: "steadfast", orders: orderId },
        admin,
      );
      const answer = await readAnswer(res);
      const { parcel } = await parcelOf(t, orderId);
      expect([answer.status, answer.message]).toEqual([
        200,
        `Booked with the courier: tracking code ${parcel.trackingCode}`,
      ]);
      const after = await page(t, `/dashboard/order/${orderId}`, admin);
      expect(after.text).not.toContain("Book courier");
      expect(after.text).toContain(`Tracking code ${parcel.trackingCode}`);
      expect(after.text).toContain("Booked with the courier");
      expect(after.html).toContain(`href="/track/${parcel.trackingCode}"`);
      expect(after.html).toContain(`href="/dashboard/slips?order=${orderId}"`);
    });

    it("shows the buyer the parcel's steps and the public page, in English and Bangla, but no slip", async () => {
      const { orderId, trackingCode } = await bookParcel(t, shop(), "steadfast");
      const en = await page(t, `/dashboard/order/${orderId}`, buyer);
      expect(en.status).toBe(200);
      expect(en.text).toContain("Where the parcel is");
      expect(en.text).toContain(`Tracking code ${trackingCode}`);
      expect(en.text).not.toContain("Book courier");
      expect(en.html).not.toContain("/dashboard/slips");
      const bn = await page(t, `/dashboard/order/${orderId}`, buyer, "bn");
      expect(bn.text).toContain("পার্সেল এখন কোথায়");
      expect(bn.text).toContain("কুরিয়ারে বুক হয়েছে");
      expect((await page(t, `/dashboard/order/${orderId}`, stranger)).status).toBe(404);
    });

    it("asks how many pieces of a partly delivered parcel came back, keeps a refused count, and takes a right one", async () => {
      const { orderId, consignmentId } = await bookParcel(t, shop(), "steadfast", true);
      const sent = (await orderRow(t, orderId)).quantity;
      steadfast.setStatus(Number(consignmentId), "partial_delivered");
      const news = await t.request("/api/couriers/steadfast/webhook", {
        method: "POST",
        headers: { "Content-Type": "application/json", Authorization: `Bearer ${STEADFAST_WEBHOOK_TOKEN}` },
        body: steadfast.webhookBody(Number(consignmentId)),
      });
      expect(news.status).toBe(200);

      const en = await page(t, `/dashboard/order/${orderId}`, admin);
      expect(en.text).toContain("Part of the parcel came back");
      expect(en.text).toContain(`(of ${sent})`);
      expect(en.html).toMatch(/<input[^>]*name="back\.0"/);
      const bn = await page(t, `/dashboard/order/${orderId}`, admin, "bn");
      expect(bn.text).toContain("পার্সেলের একাংশ ফেরত এসেছে");

      const tooMany = await post(
        t,
        `/dashboard/order/${orderId}`,
        { intent: "received_back", "back.0": String(sent + 1) },
        admin,
      );
      const refused = await readAnswer(tooMany);
      expect(refused.status).toBe(400);
      expect(refused.formErrors["piecesBack"]).toMatch(/^Say how many pieces of each line came back/);
      expect(refused.data).toMatchObject({ values: { "back.0": String(sent + 1) } });
      expect((await orderRow(t, orderId)).status).toBe("shipped");

      const right = await readAnswer(
        await post(t, `/dashboard/order/${orderId}`, { intent: "received_back", "back.0": "2" }, admin),
      );
      expect([right.status, right.message]).toEqual([200, "Parcel received back"]);
      expect((await orderRow(t, orderId)).status).toBe("delivered");
    });

    it("offers 'Booked in the courier's portal' beside Book courier, in English and Bangla, and not once booked", async () => {
      const orderId = await anOrderToShip(t, shop());
      const en = await page(t, `/dashboard/order/${orderId}`, admin);
      expect(en.text).toContain("Booked in the courier's portal");
      expect(en.html).toMatch(/<select[^>]*name="courier"/);
      expect(en.html).toMatch(/<input[^>]*name="consignmentId"/);
      expect(en.html).toMatch(/<input[^>]*name="trackingCode"/);
      expect(en.html).toContain('name="intent" value="record"');
      const bn = await page(t, `/dashboard/order/${orderId}`, admin, "bn");
      expect(bn.text).toContain("কুরিয়ারের পোর্টালে বুক করা হয়েছে");
      expect(bn.text).toContain("কনসাইনমেন্ট আইডি");
      expect((await page(t, `/dashboard/order/${orderId}`, buyer)).text).not.toContain(
        "Booked in the courier's portal",
      );
      const { orderId: booked } = await bookParcel(t, shop(), "steadfast");
      expect((await page(t, `/dashboard/order/${booked}`, admin)).html).not.toContain('value="record"');
    });

    it("after a lost answer, points a refused booking to the form, which records the parcel without JavaScript", async () => {
      const orderId = await anOrderToShip(t, shop());
      steadfast.loseNextAnswer("error");
      const book = () =>
        post(t, `/dashboard/order/${orderId}`, { intent: "book", courier: "steadfast", orders: orderId }, admin);
      const lost = await book();
      expect(lost.status).toBe(502);
      const refused = await book();
      expect(refused.status).toBe(409);
      const text = textOf(await refused.text());
      expect(text).toContain("The courier refused the parcel: The invoice has already been taken.");
      expect(text).toContain("If the parcel is already in the courier's portal, record it below.");

      const invoice = formatInvoiceNumber((await orderRow(t, orderId)).invoiceNumber!);
      const made = [...steadfast.consignments.values()].find((c) => c.invoice === invoice)!;
      const res = await post(
        t,
        `/dashboard/order/${orderId}`,
        {
          intent: "record",
          courier: "steadfast",
          consignmentId: String(made.consignment_id),
          trackingCode: made.tracking_code,
        },
        admin,
      );
      const answer = await readAnswer(res);
      expect([answer.status, answer.message]).toEqual([
        200,
        `Recorded the parcel the courier holds: tracking code ${made.tracking_code}`,
      ]);
      expect((await orderRow(t, orderId)).status).toBe("shipped");
      const after = await page(t, `/dashboard/order/${orderId}`, admin);
      expect(after.text).toContain(`Tracking code ${made.tracking_code}`);
      expect(after.text).not.toContain("Booked in the courier's portal");
    });

    it("says a refused record beside its field, in English and Bangla, and keeps what was typed", async () => {
      const orderId = await anOrderToShip(t, shop());
      const fields = { intent: "record", courier: "steadfast", consignmentId: "99999999", trackingCode: "NOSUCH12" };
      const res = await post(t, `/dashboard/order/${orderId}`, fields, admin);
      const html = await res.text();
      const unknown = await readAnswer(new Response(html, { status: res.status, headers: res.headers }));
      expect(unknown.status).toBe(409);
      expect(unknown.formErrors).toEqual({
        consignmentId: "The courier does not know this consignment: Consignment not found.",
      });
      expect(unknown.data).toMatchObject({ values: fields });
      // The page drawn without JavaScript: the message under the field, and the fields as typed.
      expect(html).toMatch(/<p id="record-consignmentId-error"[^>]*>The courier does not know this consignment/);
      expect(html).toMatch(/<input[^>]*name="consignmentId"[^>]*value="99999999"/);
      expect(html).toMatch(/<input[^>]*name="trackingCode"[^>]*value="NOSUCH12"/);

      const asked = steadfast.requests.length;
      const badPage = await post(t, `/dashboard/order/${orderId}`, { ...fields, trackingCode: "NO SUCH" }, admin, "bn");
      const badHtml = await badPage.text();
      const bad = await readAnswer(new Response(badHtml, { status: badPage.status, headers: badPage.headers }));
      expect(bad.status).toBe(400);
      expect(Object.keys(bad.formErrors)).toEqual(["trackingCode"]);
      expect(textOf(badHtml)).toContain("কুরিয়ারের পোর্টালে যেমন দেখাচ্ছে তেমন ট্র্যাকিং কোড লিখুন");

      // Fields left out are empty: refused, never a booking.
      const empty = await readAnswer(await post(t, `/dashboard/order/${orderId}`, { intent: "record" }, admin));
      expect(empty.status).toBe(400);
      const customer = await post(t, `/dashboard/order/${orderId}`, fields, buyer);
      expect(customer.status).toBe(403);
      expect(steadfast.requests.length).toBe(asked);
      expect((await orderRow(t, orderId)).status).toBe("paid");
    });

    it("refuses a customer's booking, even of their own order", async () => {
      const orderId = await anOrderToShip(t, shop());
      const res = await post(
        t,
        `/dashboard/order/${orderId}`,
        { intent: "book", courier: "steadfast", orders: orderId },
        buyer,
      );
      expect(res.status).toBe(403);
      expect((await orderRow(t, orderId)).status).toBe("paid");
    });
  });

  describe("the packing slips", () => {
    it("prints a slip per booked order for an admin: shop, recipient, lines, cash, invoice, courier, code and its QR", async () => {
      const a = await bookParcel(t, shop(), "steadfast");
      const b = await bookParcel(t, shop(), "steadfast", true);
      const res = await page(t, `/dashboard/slips?order=${a.orderId}&order=${b.orderId}`, admin);
      expect(res.status).toBe(200);
      expect(res.html.match(/data-testid="packing-slip"/g)).toHaveLength(2);
      expect(res.html).toContain("@page { size: 105mm 148mm;");
      expect(res.html.match(/<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/g)).toHaveLength(2);
      expect(res.text).toContain("From: Randa Tools (demo)");
      expect(res.text).toContain("+880 1700-000000");
      expect(res.text).toContain(TEST_DELIVERY.name);
      expect(res.text).toContain(TEST_DELIVERY.phone);
      expect(res.text).toContain(TEST_DELIVERY.address);
      for (const { trackingCode } of [a, b]) expect(res.text).toContain(trackingCode);
      expect(res.text).toContain("Paid: collect nothing");
      const cod = await orderRow(t, b.orderId);
      expect(res.text).toMatch(new RegExp(`Collect: Tk ${(cod.totalPoisha / 100).toLocaleString("en-IN")}`));
      expect(res.text).toMatch(/INV-\d{6}/);
      const bn = await page(t, `/dashboard/slips?order=${a.orderId}`, admin, "bn");
      expect(bn.text).toContain("প্রেরক");
      expect(bn.text).toContain("পরিশোধিত: কিছু আদায় করবেন না");
    });

    it("has no slip for an order not booked, none chosen, or an unknown one", async () => {
      const orderId = await anOrderToShip(t, shop());
      const notBooked = await page(t, `/dashboard/slips?order=${orderId}`, admin);
      expect(notBooked.status).toBe(409);
      expect(notBooked.text).toContain("An order has a packing slip once its parcel is booked with a courier");
      expect((await page(t, "/dashboard/slips", admin)).status).toBe(400);
      expect((await page(t, "/dashboard/slips?order=not-an-order", admin)).status).toBe(404);
    });

    it("is for admins only: a customer is refused, a stranger signs in first", async () => {
      const { orderId } = await bookParcel(t, shop(), "steadfast");
      const customer = await page(t, `/dashboard/slips?order=${orderId}`, buyer);
      expect(customer.status).toBe(403);
      expect(customer.text).not.toContain(TEST_DELIVERY.address);
      const nobody = await page(t, `/dashboard/slips?order=${orderId}`);
      expect(nobody.status).toBe(302);
      expect(nobody.location).toMatch(/^\/login\?redirectTo=/);
    });
  });

  describe("the tracking page", () => {
    it("shows anyone the parcel's steps, in English and Bangla, and nobody's name, phone or address", async () => {
      const { trackingCode } = await bookParcel(t, shop(), "steadfast");
      for (const as of [null, stranger, buyer]) {
        const res = await page(t, `/track/${trackingCode}`, as);
        expect(res.status).toBe(200);
        expect(res.text).toContain("Follow your parcel");
        expect(res.text).toContain(trackingCode);
        expect(res.text).toContain("Booked with the courier");
        for (const secret of [TEST_DELIVERY.name, TEST_DELIVERY.phone, TEST_DELIVERY.address, buyer.email]) {
          expect(res.html).not.toContain(secret);
        }
        // A page to read: no script of its own.
        expect(res.html).not.toMatch(/<script[^>]+src=/);
      }
      const bn = await page(t, `/track/${trackingCode}`, null, "bn");
      expect(bn.text).toContain("আপনার পার্সেল অনুসরণ করুন");
    });

    it("answers an unknown code with a 404 page that says so, in both languages", async () => {
      const en = await page(t, "/track/NOSUCHCODE1");
      expect(en.status).toBe(404);
      expect(en.text).toContain("No parcel has this tracking code");
      const bn = await page(t, "/track/NOSUCHCODE1", null, "bn");
      expect(bn.status).toBe(404);
      expect(bn.text).toContain("এই ট্র্যাকিং কোডের কোনো পার্সেল নেই");
      expect((await page(t, "/track/%00")).status).toBe(404);
    });
  });
});

describe("the parcel screens without a courier", () => {
  const t = usePageApp();
  let admin: TestAccount;
  let buyer: TestAccount;
  beforeAll(async () => {
    admin = await signUpAdmin(t);
    buyer = await signUp(t);
  });

  it("keep shipping manual: no Book courier in Manage Orders or the order view", async () => {
    const orderId = await anOrderToShip(t, { admin, buyer });
    const list = await page(t, "/dashboard/manageorder", admin);
    expect(list.text).toContain("Ship");
    expect(list.text).not.toContain("Book courier");
    expect(list.text).not.toContain("Book the chosen orders");
    expect((await page(t, `/dashboard/order/${orderId}`, admin)).text).not.toContain("Book courier");
  });
});
