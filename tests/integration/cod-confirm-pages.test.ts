import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { and, desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { smsOutbox } from "@server/db/schema";
import { sendDueMail } from "@server/jobs/mail-outbox";
import { bnMessages } from "@shared/words/bn-messages";
import { asCookie, signUp, signUpAdmin, type TestAccount } from "../support/accounts";
import { readAnswer } from "../support/action-answer";
import { call } from "../support/order-money";
import { buyerOf, insertOrders } from "../support/order-rows";
import { makeProduct, orderRow, TEST_DELIVERY } from "../support/orders";
import { formPost, usePageApp, type PageContext } from "../support/page-app";
import { textOf } from "../support/page-text";

const PHONE = "01911223344";
const at = (day: number) => new Date(Date.UTC(2026, 4, day, 6)).toISOString();

/** A page as `who` reads it, in English or with the Bangla cookie. */
async function pageOf(t: PageContext, path: string, who: TestAccount, cookie = "") {
  const res = await t.request(path, { headers: { ...asCookie(who), Cookie: `${who.cookie}${cookie}` } });
  return { status: res.status, html: await res.text() };
}

/** The words of an order's note (awaiting confirmation until…, or confirmed), as the page shows them. */
const noteOf = (html: string) => textOf(/data-testid="confirmation-note"[^>]*>([^<]*)</.exec(html)?.[1] ?? "").trim();

/** The buyer's e-mail about choosing cash on delivery for the order, once the outbox has sent it. */
async function codMailOf(t: PageContext, orderId: string): Promise<string> {
  await sendDueMail(t.services, 100);
  const texts = readdirSync(t.outboxDir).map(
    (f) => (JSON.parse(readFileSync(path.join(t.outboxDir, f), "utf8")) as { subject: string; text: string }).text,
  );
  const found = texts.filter((text) => text.includes(orderId) && text.includes("You chose cash on delivery"));
  expect(found).toHaveLength(1);
  return found[0]!;
}

describe("Manage Orders and the order view: the shop confirms a cash-on-delivery order, without JavaScript", () => {
  const t = usePageApp();
  let admin: TestAccount;
  let buyer: TestAccount;
  let orderId: string;

  const page = (path: string, who: TestAccount, cookie = "") => pageOf(t, path, who, cookie);
  const manage = `/dashboard/manageorder?q=${PHONE}`;

  beforeAll(async () => {
    admin = await signUpAdmin(t);
    buyer = await signUp(t);
    const other = await signUp(t);
    // The buyer's earlier orders: 3 delivered, 1 cancelled by the shop; one more to another phone, expired.
    await insertOrders(t, await buyerOf(t, buyer), [
      ...[1, 2, 3].map((d) => ({ at: at(d), status: "delivered" as const, phone: PHONE })),
      { at: at(4), status: "cancelled" as const, cancelledBy: "admin" as const, phone: PHONE },
      { at: at(5), status: "expired" as const, phone: "01811000000" },
    ]);
    // Another account's to the same phone: 2 delivered.
    await insertOrders(t, await buyerOf(t, other), [
      { at: at(6), status: "delivered", phone: PHONE },
      { at: at(7), status: "delivered", phone: PHONE },
    ]);
    const { id: productId } = await makeProduct(t);
    const delivery = { ...TEST_DELIVERY, phone: PHONE };
    const placed = await call(t, buyer, "POST", "/api/order", { productId, quantity: 20, delivery });
    expect(placed.status).toBe(200);
    orderId = ((await placed.json()) as { insertedId: string }).insertedId;
    expect((await call(t, buyer, "POST", `/api/order/${orderId}/cash-on-delivery`)).status).toBe(200);
  });

  it("shows the order awaiting confirmation, its phone and the buyer's record, and a Confirm button", async () => {
    const { status, html } = await page(manage, admin);
    expect(status).toBe(200);
    const text = textOf(html);
    expect(text).toContain(PHONE);
    expect(text).toMatch(/Awaiting your confirmation until \S/);
    expect(text).toContain("Earlier: 3 delivered · 1 cancelled · 1 expired · 1 cancelled by the shop");
    // The phone's record tells something else: another account's deliveries, not the other phone's expiry.
    expect(text).toContain(
      "Earlier to this phone, any account: 5 delivered · 1 cancelled · 0 expired · 1 cancelled by the shop",
    );
    const button = /<button(?=[^>]*name="intent")[^>]*value="confirm"[^>]*>Confirm<\/button>/;
    expect(html).toMatch(button);
    expect(html).toContain(`name="orderId" value="${orderId}"`);

    const bn = textOf((await page(manage, admin, "; randa.lang=bn")).html);
    expect(bn).toContain("আগের অর্ডার: ৩টি পৌঁছেছে · ১টি বাতিল · ১টির মেয়াদ শেষ");
    expect(bn).toContain("এই ফোনে আগের অর্ডার, যেকোনো অ্যাকাউন্ট: ৫টি পৌঁছেছে");
    expect(bn).toContain("পর্যন্ত আপনার নিশ্চিতকরণের অপেক্ষায়");
    expect(bn).toContain("নিশ্চিত করুন");
  });

  it("shows the record to an admin on the order view, and the buyer that the shop will call", async () => {
    const asAdmin = textOf((await page(`/dashboard/order/${orderId}`, admin)).html);
    expect(asAdmin).toContain("Earlier: 3 delivered · 1 cancelled · 1 expired");
    expect(asAdmin).toMatch(/Awaiting your confirmation until \S/);
    const asBuyer = await page(`/dashboard/order/${orderId}`, buyer);
    expect(textOf(asBuyer.html)).toMatch(/The shop will call you to confirm it; its pieces are held for you until \S/);
    expect(asBuyer.html).not.toContain("Earlier:");
    expect(asBuyer.html).not.toMatch(/value="confirm"/);
    const mine = textOf((await page("/dashboard/orders", buyer, "; randa.lang=bn")).html);
    expect(mine).toContain("নিশ্চিত করতে দোকান থেকে আপনাকে ফোন করা হবে");
    const pay = textOf((await page(`/dashboard/payment/${orderId}`, buyer)).html);
    expect(pay).toContain("You chose cash on delivery.");
    expect(pay).toContain("The shop will call you to confirm it");
    expect(await codMailOf(t, orderId)).toContain(
      "You chose cash on delivery. The shop will call you to confirm the order before sending it.",
    );
  });

  it("refuses a customer's Confirm, on Manage Orders and on the order view", async () => {
    for (const path of [manage, `/dashboard/order/${orderId}`]) {
      const answer = await readAnswer(await t.postForm(path, { intent: "confirm", orderId }, buyer));
      expect(answer.refused, path).toBe(true);
      expect(answer.status, path).toBe(403);
    }
    expect(await orderRow(t, orderId)).toMatchObject({ status: "cod", confirmedAt: null });
  });

  it("confirms the order from Manage Orders; the buyer then sees it confirmed; a second Confirm is a 409", async () => {
    const answer = await readAnswer(await t.postForm(manage, { intent: "confirm", orderId }, admin));
    expect(answer.done).toBe(true);
    expect(answer.toast?.message).toBe("Order confirmed");
    const row = await orderRow(t, orderId);
    expect(row).toMatchObject({ status: "cod", expiresAt: null });
    expect(row.confirmedAt).toBeInstanceOf(Date);

    const after = await page(manage, admin);
    expect(after.html).not.toMatch(/value="confirm"/);
    expect(textOf(after.html)).not.toContain("Awaiting your confirmation");
    expect(textOf(after.html)).not.toContain("Earlier:");
    const seen = textOf((await page(`/dashboard/order/${orderId}`, buyer)).html);
    expect(seen).toContain("Confirmed by the shop.");
    expect(seen).toContain("Confirmed by the shop ·");
    expect(textOf((await page(`/dashboard/order/${orderId}`, buyer, "; randa.lang=bn")).html)).toContain(
      "দোকান নিশ্চিত করেছে।",
    );
    expect(textOf((await page(`/dashboard/payment/${orderId}`, buyer)).html)).toContain(
      "Your order is confirmed for cash on delivery.",
    );

    const again = await readAnswer(await t.postForm(`/dashboard/order/${orderId}`, { intent: "confirm" }, admin));
    expect(again.status).toBe(409);
    expect(again.message).toBe("Only a cash-on-delivery order waiting for the shop's confirmation can be confirmed.");
    // In Bangla: the toast's code, which the page says from its Bangla catalogue.
    const init = formPost({ intent: "confirm", orderId }, admin);
    const bnRes = await t.request(manage, {
      ...init,
      headers: { ...(init.headers as Record<string, string>), Cookie: `${admin.cookie}; randa.lang=bn` },
    });
    const bnAnswer = await readAnswer(bnRes);
    expect(bnAnswer.status).toBe(409);
    expect(bnAnswer.data).toMatchObject({
      toast: { kind: "error", said: { code: "order.not_awaiting_confirmation" } },
    });
    expect(bnMessages.order.not_awaiting_confirmation).toBe(
      "শুধু দোকানের নিশ্চিতকরণের অপেক্ষায় থাকা ক্যাশ অন ডেলিভারির অর্ডারই নিশ্চিত করা যায়।",
    );
  });
});

describe("with COD_VERIFY_PHONE on: the buyer confirms with the code sent to the phone, and is told so", () => {
  const t = usePageApp({ COD_VERIFY_PHONE: "true" });
  let admin: TestAccount;
  let buyer: TestAccount;
  const page = (path: string, who: TestAccount, cookie = "") => pageOf(t, path, who, cookie);
  const bn = "; randa.lang=bn";

  /** An order placed with its delivery through the API, unpaid: Pay Order offers cash on delivery. */
  async function unpaidOrder() {
    const { id: productId } = await makeProduct(t);
    const placed = await call(t, buyer, "POST", "/api/order", { productId, quantity: 20, delivery: TEST_DELIVERY });
    expect(placed.status).toBe(200);
    return ((await placed.json()) as { insertedId: string }).insertedId;
  }
  const chooseCod = async (orderId: string) =>
    expect((await call(t, buyer, "POST", `/api/order/${orderId}/cash-on-delivery`)).status).toBe(200);
  async function codeOf(orderId: string) {
    const [sent] = await t.database.db
      .select()
      .from(smsOutbox)
      .where(and(eq(smsOutbox.orderId, orderId), eq(smsOutbox.kind, "phone_code")))
      .orderBy(desc(smsOutbox.id));
    return sent!.params!.code!;
  }

  beforeAll(async () => {
    admin = await signUpAdmin(t);
    buyer = await signUp(t);
  });

  it("says on the order's note, Pay Order and the e-mail that the code confirms it, not a call from the shop", async () => {
    // Pay Order's words before cash on delivery is chosen: order-screens-view.test.tsx (this store takes cards).
    const orderId = await unpaidOrder();
    await chooseCod(orderId);

    const view = await page(`/dashboard/order/${orderId}`, buyer);
    expect(noteOf(view.html)).toMatch(
      /^Confirm it with the code we sent to your phone; its pieces are held for you until \S/,
    );
    expect(noteOf((await page("/dashboard/orders", buyer, bn)).html)).toMatch(
      /^আপনার ফোনে পাঠানো কোড দিয়ে অর্ডারটি নিশ্চিত করুন; .+ পর্যন্ত পণ্যগুলো আপনার জন্য রাখা থাকবে।$/,
    );
    const pay = textOf((await page(`/dashboard/payment/${orderId}`, buyer)).html);
    expect(pay).toContain("Confirm it with the code we sent to your phone");
    for (const text of [textOf(view.html), pay]) expect(text).not.toContain("The shop will call");
    // The shop may still confirm by hand: its own note is unchanged.
    expect(noteOf((await page(`/dashboard/order/${orderId}`, admin)).html)).toMatch(/^Awaiting your confirmation/);

    const mail = await codMailOf(t, orderId);
    expect(mail).toContain(
      "You chose cash on delivery. To confirm the order, enter the code we sent to your phone by SMS on the " +
        "order's page, where you can also ask for a new one.",
    );
    expect(mail).not.toContain("The shop will call");
  });

  it("says a confirmed order is confirmed, whether by the buyer's code or by the shop's hand", async () => {
    const byCode = await unpaidOrder();
    await chooseCod(byCode);
    const code = await codeOf(byCode);
    expect((await call(t, buyer, "POST", `/api/order/${byCode}/phone-code/verify`, { code })).status).toBe(200);
    const seen = await page(`/dashboard/order/${byCode}`, buyer);
    expect(noteOf(seen.html)).toBe("Confirmed.");
    expect(textOf(seen.html)).toContain("Confirmed with the code sent to the delivery phone ·");
    expect(textOf(seen.html)).not.toContain("Confirmed by the shop");
    expect(noteOf((await page(`/dashboard/order/${byCode}`, buyer, bn)).html)).toBe("নিশ্চিত হয়েছে।");

    const byHand = await unpaidOrder();
    await chooseCod(byHand);
    expect((await call(t, admin, "POST", `/api/order/${byHand}/confirm`)).status).toBe(200);
    expect(noteOf((await page(`/dashboard/order/${byHand}`, buyer)).html)).toBe("Confirmed.");
    // Its history still names who confirmed it.
    expect(textOf((await page(`/dashboard/order/${byHand}`, buyer)).html)).toContain("Confirmed by the shop ·");
    const manage = await page(`/dashboard/manageorder?q=${byHand}`, admin);
    expect(noteOf(manage.html)).toBe("Confirmed.");
  });
});
