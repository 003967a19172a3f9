import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { createApp } from "@server/app";
import { setProcessLog } from "@server/log/request-context";
import { codPhoneCode, smsOutbox } from "@server/db/schema";
import "~/i18n/phone-code-messages";
import { translate } from "~/i18n/use-message";
import { bnPhoneCodeMessages } from "@shared/words/bn-phone-code-messages";
import { asBearer, jsonInit, signUp, signUpAdmin, type TestAccount } from "../support/accounts";
import { capturedOutput } from "../support/captured-output";
import { readAnswer } from "../support/action-answer";
import { adminView, call, errorOf, historyRows } from "../support/order-money";
import { makeProduct, orderRow, TEST_DELIVERY } from "../support/orders";
import { usePageApp } from "../support/page-app";
import { textOf } from "../support/page-text";
import { TEST_ORIGIN, useTestApp, type TestContext } from "../support/test-app";

const MINUTE = 60_000;

/** The codes sent to the order's phone, oldest first, as the SMS sender finds them in the outbox. */
function codesSent(t: TestContext, orderId: string) {
  return t.database.db
    .select()
    .from(smsOutbox)
    .where(and(eq(smsOutbox.orderId, orderId), eq(smsOutbox.kind, "phone_code")))
    .orderBy(smsOutbox.id);
}

async function lastCode(t: TestContext, orderId: string): Promise<string> {
  const sent = await codesSent(t, orderId);
  return sent.at(-1)!.params!.code!;
}

async function keptCode(t: TestContext, orderId: string) {
  const [kept] = await t.database.db.select().from(codPhoneCode).where(eq(codPhoneCode.orderId, orderId));
  return kept;
}

/** A code that is not `code`: the next six digits round. */
const otherThan = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

/** A cash-on-delivery order of a product of its own, placed and chosen through the API; its id. */
async function codOrder(t: TestContext, buyer: TestAccount, phone = TEST_DELIVERY.phone) {
  const { id: productId } = await makeProduct(t);
  const placed = await call(t, buyer, "POST", "/api/order", {
    productId,
    quantity: 20,
    delivery: { ...TEST_DELIVERY, phone },
  });
  expect(placed.status).toBe(200);
  const { insertedId } = (await placed.json()) as { insertedId: string };
  expect((await call(t, buyer, "POST", `/api/order/${insertedId}/cash-on-delivery`)).status).toBe(200);
  return insertedId;
}

const send = (t: TestContext, who: TestAccount, orderId: string) =>
  call(t, who, "POST", `/api/order/${orderId}/phone-code`);
const verify = (t: TestContext, who: TestAccount, orderId: string, code: unknown) =>
  call(t, who, "POST", `/api/order/${orderId}/phone-code/verify`, { code });

describe("confirming a cash-on-delivery order by a code sent to its phone (COD_VERIFY_PHONE=true)", () => {
  const t = usePageApp({ COD_VERIFY_PHONE: "true", PHONE_CODE_LIMIT_PER_HOUR: "3" });
  let buyer: TestAccount;
  let admin: TestAccount;
  // Each test on a clock of its own, hours from the last: no rate limit's window reaches from one to the next.
  let clock = new Date("2026-11-02T06:00:00Z");
  const later = (ms: number) => {
    clock = new Date(clock.getTime() + ms);
  };

  beforeEach(async () => {
    later(3 * 60 * MINUTE);
    t.services.now = () => clock;
    buyer ??= await signUp(t);
    admin ??= await signUpAdmin(t);
  });

  it("sends a 6-digit code to the delivery phone when cash on delivery is chosen, keeping only its hash", async () => {
    const orderId = await codOrder(t, buyer, "+880 1812-345678");
    const [sms, ...more] = await codesSent(t, orderId);
    expect(more).toEqual([]);
    expect(sms).toMatchObject({ kind: "phone_code", phone: "8801812345678", language: "en", status: "pending" });
    const code = sms!.params!.code!;
    expect(code).toMatch(/^\d{6}$/);
    const kept = await keptCode(t, orderId);
    expect(kept).toMatchObject({ tries: 0 });
    expect(kept!.codeHash).toBe(createHash("sha256").update(`${orderId}:${code}`).digest("hex"));
    expect(JSON.stringify(kept)).not.toContain(code);
    expect(kept!.expiresAt.getTime()).toBe(clock.getTime() + 10 * MINUTE);
    expect(await orderRow(t, orderId)).toMatchObject({ status: "cod", confirmedAt: null });
  });

  it("sends the code in the buyer's language when cash on delivery is chosen at checkout", async () => {
    const { id: productId } = await makeProduct(t);
    const res = await t.request("/api/checkout", {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${buyer.token}`, Cookie: "randa.lang=bn" },
      body: JSON.stringify({
        delivery: TEST_DELIVERY,
        paymentMethod: "cod",
        only: { productId, quantity: 20 },
      }),
    });
    expect(res.status).toBe(200);
    const { insertedId } = (await res.json()) as { insertedId: string };
    const [sms] = await codesSent(t, insertedId);
    expect(sms).toMatchObject({ phone: "8801712345678", language: "bn" });
    expect(await orderRow(t, insertedId)).toMatchObject({ status: "cod", confirmedAt: null });
  });

  it("confirms the order with the right code, in the buyer's name, as the shop's confirmation does", async () => {
    const orderId = await codOrder(t, buyer);
    // Typed in Bangla digits, with a space: still the code.
    const code = await lastCode(t, orderId);
    const typed = [...code].map((d) => String.fromCharCode(0x09e6 + Number(d))).join("");
    const res = await verify(t, buyer, orderId, `${typed.slice(0, 3)} ${typed.slice(3)}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ modifiedCount: 1, confirmedAt: clock.toISOString() });
    const row = await orderRow(t, orderId);
    expect(row).toMatchObject({ status: "cod", expiresAt: null });
    expect(row.confirmedAt!.getTime()).toBe(clock.getTime());
    expect((await historyRows(t, orderId)).at(-1)).toEqual(["confirmed", "buyer", "phone_code.confirmed_by_code"]);
    expect(await keptCode(t, orderId)).toBeUndefined();
    // In Manage Orders, confirmed: no longer awaiting, nothing to confirm by hand.
    const seen = await adminView(t, admin, orderId);
    expect(seen).toMatchObject({ status: "cod", awaitingConfirmation: false, expiresAt: null });
    const manage = await t.request(`/dashboard/manageorder?q=${orderId}`, { headers: { Cookie: admin.cookie } });
    const html = await manage.text();
    expect(manage.status).toBe(200);
    expect(html).toContain(orderId.slice(0, 8));
    expect(html).not.toMatch(/value="confirm"/);
    expect(textOf(html)).not.toContain("Awaiting your confirmation");
    // The code is spent with the confirmation.
    const again = await verify(t, buyer, orderId, code);
    expect(again.status).toBe(409);
    expect((await errorOf(again)).code).toBe("phone_code.not_awaiting");
  });

  it("refuses five wrong codes, saying the tries left, and then the right one too", async () => {
    const orderId = await codOrder(t, buyer);
    const code = await lastCode(t, orderId);
    for (const left of [4, 3, 2, 1]) {
      const res = await verify(t, buyer, orderId, otherThan(code));
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        code: "phone_code.wrong",
        params: { left },
        message: `That code is not right. Tries left: ${left}`,
        triesLeft: left,
      });
    }
    const fifth = await verify(t, buyer, orderId, otherThan(code));
    expect(fifth.status).toBe(409);
    expect(await errorOf(fifth)).toMatchObject({ code: "phone_code.no_tries_left" });
    const right = await verify(t, buyer, orderId, code);
    expect(right.status).toBe(409);
    expect(await errorOf(right)).toMatchObject({
      code: "phone_code.no_tries_left",
      message: "No tries are left for this code: ask for a new one",
    });
    expect(await keptCode(t, orderId)).toMatchObject({ tries: 5 });
    expect(await orderRow(t, orderId)).toMatchObject({ status: "cod", confirmedAt: null });
  });

  it("refuses input that is not six digits without spending a try", async () => {
    const orderId = await codOrder(t, buyer);
    for (const code of ["12345", "1234567", "abcdef", 123456, null, "", "1".repeat(100)]) {
      const res = await verify(t, buyer, orderId, code);
      expect(res.status, String(code)).toBe(400);
      expect((await errorOf(res)).code).toBe("phone_code.code_shape");
    }
    expect(await keptCode(t, orderId)).toMatchObject({ tries: 0 });
  });

  it("refuses an expired code, and takes the new one asked for", async () => {
    const orderId = await codOrder(t, buyer);
    const code = await lastCode(t, orderId);
    later(10 * MINUTE);
    const res = await verify(t, buyer, orderId, code);
    expect(res.status).toBe(409);
    expect(await errorOf(res)).toMatchObject({ code: "phone_code.expired" });
    expect(await keptCode(t, orderId)).toMatchObject({ tries: 0 });

    const sent = await send(t, buyer, orderId);
    expect(sent.status).toBe(200);
    expect(await sent.json()).toEqual({
      phone: TEST_DELIVERY.phone,
      expiresAt: new Date(clock.getTime() + 10 * MINUTE).toISOString(),
      triesLeft: 5,
    });
    const fresh = await lastCode(t, orderId);
    later(9 * MINUTE);
    expect((await verify(t, buyer, orderId, fresh)).status).toBe(200);
  });

  it("replaces the old code with a new one: the old one is wrong, its unsent SMS dropped", async () => {
    const orderId = await codOrder(t, buyer);
    const old = await lastCode(t, orderId);
    expect((await verify(t, buyer, orderId, otherThan(old))).status).toBe(400);
    expect((await send(t, buyer, orderId)).status).toBe(200);
    const sent = await codesSent(t, orderId);
    expect(sent).toHaveLength(1);
    const fresh = sent[0]!.params!.code!;
    expect(await keptCode(t, orderId)).toMatchObject({ tries: 0 });
    if (fresh !== old) {
      const res = await verify(t, buyer, orderId, old);
      expect(res.status).toBe(400);
      expect((await errorOf(res)).code).toBe("phone_code.wrong");
    }
    expect((await verify(t, buyer, orderId, fresh)).status).toBe(200);
  });

  it("keeps an SMS already on its way when a new code is asked for", async () => {
    const orderId = await codOrder(t, buyer);
    const [first] = await codesSent(t, orderId);
    await t.database.db.update(smsOutbox).set({ status: "sent", params: null }).where(eq(smsOutbox.id, first!.id));
    expect((await send(t, buyer, orderId)).status).toBe(200);
    expect((await codesSent(t, orderId)).map((s) => s.status)).toEqual(["sent", "pending"]);
  });

  it("sends at most PHONE_CODE_LIMIT_PER_HOUR codes an order an hour, and three orders' worth an address", async () => {
    const orders = [await codOrder(t, buyer), await codOrder(t, buyer), await codOrder(t, buyer)];
    for (let i = 0; i < 3; i++) expect((await send(t, buyer, orders[0]!)).status).toBe(200);
    const kept = await keptCode(t, orders[0]!);
    const over = await send(t, buyer, orders[0]!);
    expect(over.status).toBe(429);
    expect(Number(over.headers.get("Retry-After"))).toBeGreaterThan(0);
    const said = await errorOf(over);
    expect(said).toMatchObject({ code: "phone_code.too_many" });
    expect(said.message).toMatch(/^Too many codes were sent for this order: ask again in \d+ min$/);
    expect(await keptCode(t, orders[0]!)).toEqual(kept);
    expect(await codesSent(t, orders[0]!)).toHaveLength(1);
    // Another order of the same address still gets its codes, until the address has had three orders' worth.
    for (let i = 0; i < 3; i++) expect((await send(t, buyer, orders[1]!)).status).toBe(200);
    for (let i = 0; i < 2; i++) expect((await send(t, buyer, orders[2]!)).status).toBe(200);
    expect((await send(t, buyer, orders[2]!)).status).toBe(429);
    // An hour later, the order's codes come again.
    later(61 * MINUTE);
    expect((await send(t, buyer, orders[0]!)).status).toBe(200);
  });

  it("refuses someone else's order, the admin's too, and changes nothing", async () => {
    const orderId = await codOrder(t, buyer);
    const stranger = await signUp(t);
    const code = await lastCode(t, orderId);
    for (const who of [stranger, admin]) {
      const sent = await send(t, who, orderId);
      expect(sent.status).toBe(403);
      expect((await errorOf(sent)).code).toBe("order.not_yours");
      const tried = await verify(t, who, orderId, code);
      expect(tried.status).toBe(403);
    }
    expect(await codesSent(t, orderId)).toHaveLength(1);
    expect(await keptCode(t, orderId)).toMatchObject({ tries: 0 });
    expect(await orderRow(t, orderId)).toMatchObject({ confirmedAt: null });
    const unknown = await send(t, buyer, "3f1c1f5e-8a0e-4a8e-9a53-0d2f8b1c9e11");
    expect(unknown.status).toBe(404);
    expect((await send(t, buyer, "not-an-id")).status).toBe(404);
    expect((await t.request(`/api/order/${orderId}/phone-code`, { method: "POST" })).status).toBe(401);
  });

  it("refuses an order not awaiting confirmation: unpaid, or confirmed by the shop while a code was out", async () => {
    const { id: productId } = await makeProduct(t);
    const placed = await call(t, buyer, "POST", "/api/order", { productId, quantity: 20, delivery: TEST_DELIVERY });
    const { insertedId: unpaid } = (await placed.json()) as { insertedId: string };
    const res = await send(t, buyer, unpaid);
    expect(res.status).toBe(409);
    expect(await errorOf(res)).toMatchObject({
      code: "phone_code.not_awaiting",
      message: "Only a cash-on-delivery order waiting for confirmation takes a code",
    });
    expect((await verify(t, buyer, unpaid, "123456")).status).toBe(409);
    expect(await codesSent(t, unpaid)).toEqual([]);

    // The shop may still confirm by hand; the code then confirms nothing.
    const orderId = await codOrder(t, buyer);
    const code = await lastCode(t, orderId);
    expect((await call(t, admin, "POST", `/api/order/${orderId}/confirm`)).status).toBe(200);
    const late = await verify(t, buyer, orderId, code);
    expect(late.status).toBe(409);
    expect((await errorOf(late)).code).toBe("phone_code.not_awaiting");
    expect((await send(t, buyer, orderId)).status).toBe(409);
    expect((await historyRows(t, orderId)).at(-1)).toEqual(["confirmed", "admin", null]);
  });

  it("never writes a code into a log line: sent, wrong, refused or right", async () => {
    const out = capturedOutput();
    setProcessLog(out.log);
    try {
      const app = createApp({ services: { ...t.services, log: out.log } });
      const post = (p: string, body: unknown = {}) =>
        app.request(`${TEST_ORIGIN}${p}`, jsonInit("POST", body, asBearer(buyer)));
      const orderId = await codOrder(t, buyer);
      const codes = [await lastCode(t, orderId)];
      expect((await post(`/api/order/${orderId}/phone-code`)).status).toBe(200);
      codes.push(await lastCode(t, orderId));
      expect((await post(`/api/order/${orderId}/phone-code/verify`, { code: otherThan(codes[1]!) })).status).toBe(400);
      expect((await post(`/api/order/${orderId}/phone-code/verify`, { code: codes[1] })).status).toBe(200);
      expect(out.lines().length).toBeGreaterThan(0);
      for (const code of [...codes, otherThan(codes[1]!)]) expect(out.captured.text).not.toContain(code);
    } finally {
      vi.restoreAllMocks();
      setProcessLog(t.services.log);
    }
  });

  it("says every refusal in Bangla", () => {
    const said = translate({ code: "phone_code.wrong", params: { left: 3 } }, "bn");
    expect(said).toBe("কোডটি সঠিক নয়। আর চেষ্টা করা যাবে: ৩ বার");
    expect(Object.keys(bnPhoneCodeMessages.phone_code)).toContain("no_tries_left");
  });

  describe("on the order's page, without JavaScript", () => {
    it("shows the code's form to the buyer of an order awaiting it, and not to an admin", async () => {
      const orderId = await codOrder(t, buyer);
      const mine = await t.request(`/dashboard/order/${orderId}`, { headers: { Cookie: buyer.cookie } });
      const html = await mine.text();
      expect(html).toMatch(/<input[^>]*name="code"/);
      expect(html).toMatch(/name="intent" value="phone-code-again"/);
      expect(textOf(html)).toContain(`We sent a 6-digit code to ${TEST_DELIVERY.phone}`);
      const pay = await t.request(`/dashboard/payment/${orderId}`, { headers: { Cookie: buyer.cookie } });
      expect(await pay.text()).toMatch(/<input[^>]*name="code"/);
      const shop = await t.request(`/dashboard/order/${orderId}`, { headers: { Cookie: admin.cookie } });
      expect(await shop.text()).not.toMatch(/<input[^>]*name="code"/);
    });

    it("answers a wrong code beside its field, without the code typed, then confirms with the right one", async () => {
      const orderId = await codOrder(t, buyer);
      const code = await lastCode(t, orderId);
      const path = `/dashboard/order/${orderId}`;
      const wrong = await readAnswer(await t.postForm(path, { intent: "phone-code", code: otherThan(code) }, buyer));
      expect(wrong.status).toBe(400);
      expect(wrong.formErrors.code).toBe("That code is not right. Tries left: 4");
      expect(JSON.stringify(wrong.data)).not.toContain(otherThan(code));

      const right = await readAnswer(await t.postForm(path, { intent: "phone-code", code }, buyer));
      expect(right.done).toBe(true);
      expect(right.toast?.message).toBe("Thank you: your order is confirmed");
      expect(await orderRow(t, orderId)).toMatchObject({ expiresAt: null });
      const seen = textOf(await (await t.request(path, { headers: { Cookie: buyer.cookie } })).text());
      expect(seen).toContain("Confirmed with the code sent to the delivery phone");
    });

    it("sends the code again from the page, and from the pay page", async () => {
      const orderId = await codOrder(t, buyer);
      for (const path of [`/dashboard/order/${orderId}`, `/dashboard/payment/${orderId}`]) {
        const again = await readAnswer(await t.postForm(path, { intent: "phone-code-again" }, buyer));
        expect(again.done, path).toBe(true);
        // Said beside the button, where a page without JavaScript shows it (no toast).
        expect(again.data).toMatchObject({ sent: { message: `A code is on its way to ${TEST_DELIVERY.phone}` } });
      }
      const onPay = await readAnswer(
        await t.postForm(`/dashboard/payment/${orderId}`, { intent: "phone-code", code: "12" }, buyer),
      );
      expect(onPay.status).toBe(400);
      expect(onPay.formErrors.code).toBe("Enter the 6 digits of the code sent to your phone");
    });
  });
});

describe("with COD_VERIFY_PHONE off (the default)", () => {
  const t = useTestApp();

  it("sends no code when cash on delivery is chosen, and answers both calls 404", async () => {
    const buyer = await signUp(t);
    const orderId = await codOrder(t, buyer);
    expect(await codesSent(t, orderId)).toEqual([]);
    expect(await keptCode(t, orderId)).toBeUndefined();
    for (const res of [await send(t, buyer, orderId), await verify(t, buyer, orderId, "123456")]) {
      expect(res.status).toBe(404);
      expect(await errorOf(res)).toMatchObject({
        code: "phone_code.not_offered",
        message: "This shop does not confirm orders by a code sent to the phone",
      });
    }
    expect(await orderRow(t, orderId)).toMatchObject({ status: "cod", confirmedAt: null });
  });
});
