import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { SessionUser } from "@server/auth/session";
import { recordEvent } from "@server/orders/sql/order-history";
import { mailOutbox, order, type MailOutboxRow } from "@server/db/schema";
import { messageIdOf, scheduleMailOutbox, sendDueMail, type OutboxDeps } from "@server/jobs/mail-outbox";
import type { Language } from "@shared/languages";
import { storeMetrics } from "@server/metrics/store-metrics";
import {
  acceptPayment,
  advance,
  cancelByShop,
  chooseCashOnDelivery,
  placeOrder,
  receiveBack,
} from "@server/orders/orders";
import { expireOrders } from "@server/orders/expire-orders";
import { refundOrder } from "@server/payments/refunds";
import { signUp, signUpAdmin, type TestAccount } from "../support/accounts";
import { as, expiryJob } from "../support/contexts";
import { payByTestCard } from "../support/order-money";
import { holdPayment, makeProduct, TEST_DELIVERY } from "../support/orders";
import { startSmtpStandIn, type ReceivedMail, type SmtpStandIn } from "../support/smtp-stand-in";
import { TEST_ORIGIN, useTestApp, type TestContext } from "../support/test-app";
import { sessionUserOf } from "../support/use-case-actors";

// Order e-mails leave through the outbox table, worked by a job (server/jobs/mail-outbox.ts), to a local SMTP
// server that speaks the protocol; what it receives is read back with mailparser.

interface Person {
  account: TestAccount;
  user: SessionUser;
}

async function person(t: TestContext, admin = false): Promise<Person> {
  const account = admin ? await signUpAdmin(t) : await signUp(t);
  return { account, user: await sessionUserOf(t, account) };
}

/** A store on a fresh database whose mail goes to its own SMTP stand-in. */
function useMailedStore() {
  const box = {} as { smtp: SmtpStandIn };
  beforeAll(async () => {
    box.smtp = await startSmtpStandIn();
  });
  const t = useTestApp(() => ({ SMTP_URL: box.smtp.url }));
  afterAll(async () => {
    await box.smtp?.close();
  });
  return { t, smtp: () => box.smtp };
}

/** Runs outbox rounds until nothing is due. */
async function drain(deps: OutboxDeps, batch = 20) {
  let sent = 0;
  for (;;) {
    const round = await sendDueMail(deps, batch);
    sent += round.sent;
    if (round.claimed === 0) return sent;
  }
}

async function outboxOf(t: TestContext, orderIds: string[]) {
  return t.database.db.select().from(mailOutbox).where(inArray(mailOutbox.orderId, orderIds)).orderBy(mailOutbox.id);
}

/** The outbox rows inserted as `queued`, the first first. */
/** `count` "shipped" messages to a buyer queued now, taking `orderIds` in turn. */
function queueShipped(t: TestContext, count: number, orderIds: string[]) {
  return t.database.db
    .insert(mailOutbox)
    .values(
      Array.from({ length: count }, (_, i) => ({
        kind: "shipped",
        audience: "buyer" as const,
        orderId: orderIds[i % orderIds.length]!,
      })),
    )
    .returning({ id: mailOutbox.id });
}

async function queuedRows(t: TestContext, queued: { id: number }[]) {
  const ids = queued.map((q) => q.id);
  return t.database.db.select().from(mailOutbox).where(inArray(mailOutbox.id, ids)).orderBy(mailOutbox.id);
}

const byMessageId = (received: ReceivedMail[], row: MailOutboxRow) =>
  received.filter((m) => m.messageId === messageIdOf(row.id, TEST_ORIGIN));

/** An order of 20 pieces at Tk 1,250.50 (Tk 25,010 in all), placed through the use case in `language`. */
async function place(t: TestContext, buyer: Person, language: Language, name: string) {
  const p = await makeProduct(t, { name, availability: 1000 });
  const { order: placed } = await placeOrder(as(t, buyer.user, { language }), {
    productId: p.id,
    quantity: 20,
    delivery: TEST_DELIVERY,
  });
  return placed.id;
}

const EXPECTED = {
  en: {
    subjects: {
      placed: "Order received: {p} · Randa",
      paid: "Payment received: {p} · Randa",
      cod: "Cash on delivery chosen: {p} · Randa",
      shipped: "Your order is on its way: {p} · Randa",
      delivered: "Delivered: {p} · Randa",
      cancelled: "Order cancelled: {p} · Randa",
      expired: "Order expired: {p} · Randa",
      refunded: "Refund made: {p} · Randa",
      returned: "Your parcel came back to us: {p} · Randa",
    },
    quantity: "20 Pis",
    amount: "Tk 25,010",
    labels: ["Order number", "Product", "Quantity", "Payable amount", "Deliver to"],
    reason: "Reason: ",
    card: "Test card",
    cod: "Cash on delivery",
  },
  bn: {
    subjects: {
      placed: "অর্ডার পেয়েছি: {p} · রান্দা",
      paid: "পেমেন্ট পেয়েছি: {p} · রান্দা",
      cod: "ক্যাশ অন ডেলিভারি বেছে নেওয়া হয়েছে: {p} · রান্দা",
      shipped: "আপনার অর্ডার পাঠানো হয়েছে: {p} · রান্দা",
      delivered: "পৌঁছে গেছে: {p} · রান্দা",
      cancelled: "অর্ডার বাতিল: {p} · রান্দা",
      expired: "অর্ডারের মেয়াদ শেষ: {p} · রান্দা",
      refunded: "টাকা ফেরত দেওয়া হয়েছে: {p} · রান্দা",
      returned: "আপনার পার্সেল আমাদের কাছে ফেরত এসেছে: {p} · রান্দা",
    },
    quantity: "২০ পিস",
    amount: "২৫,০১০৳",
    labels: ["অর্ডার নম্বর", "পণ্য", "পরিমাণ", "মোট প্রদেয়", "যেখানে পৌঁছাবে"],
    reason: "কারণ: ",
    card: "টেস্ট কার্ড",
    cod: "ক্যাশ অন ডেলিভারি",
  },
} as const;

type Kind = keyof (typeof EXPECTED)["en"]["subjects"];

describe("the buyer's e-mails, per event and language", () => {
  const { t, smtp } = useMailedStore();

  for (const language of ["en", "bn"] as const) {
    it(`${language}: placed, paid, cash on delivery, shipped, delivered, returned, cancelled, expired and refunded`, async () => {
      const buyer = await person(t);
      const admin = await person(t, true);
      const byAdmin = as(t, admin.user, { language });
      const byBuyer = as(t, buyer.user, { language });
      const want = EXPECTED[language];
      // A pays by card and goes all the way; B is cash on delivery and the shop cancels it with a reason; C is
      // paid, cancelled by the shop and refunded; D runs out of time.
      const a = await place(t, buyer, language, `Jack Plane ${language}`);
      await payByTestCard(t, buyer.account, a);
      await advance(byAdmin, a, { status: "shipped" });
      await advance(byAdmin, a, { status: "delivered" });
      const b = await place(t, buyer, language, `Mortise Chisel ${language} <No. 4> & "Co"`);
      await chooseCashOnDelivery(byBuyer, b);
      const reason = `Handles <cracked> & "split"`;
      await cancelByShop(byAdmin, b, { reason });
      const c = await place(t, buyer, language, `Dovetail Saw ${language}`);
      await payByTestCard(t, buyer.account, c);
      await cancelByShop(byAdmin, c, {});
      await refundOrder(byAdmin, c);
      const d = await place(t, buyer, language, `Marking Knife ${language}`);
      await t.database.db
        .update(order)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(order.id, d));
      expect(await expireOrders(expiryJob(t))).toBe(1);
      // E is paid, shipped, refused by its buyer and received back by the shop.
      const e = await place(t, buyer, language, `Block Plane ${language}`);
      await payByTestCard(t, buyer.account, e);
      await advance(byAdmin, e, { status: "shipped" });
      await receiveBack(byAdmin, e);

      await drain(t.services);
      const rows = (await outboxOf(t, [a, b, c, d, e])).filter((r) => r.audience === "buyer");
      const kindsOf = (id: string) => rows.filter((r) => r.orderId === id).map((r) => r.kind);
      expect(kindsOf(a)).toEqual(["placed", "paid", "shipped", "delivered"]);
      expect(kindsOf(b)).toEqual(["placed", "cod", "cancelled"]);
      expect(kindsOf(c)).toEqual(["placed", "paid", "cancelled", "refunded"]);
      expect(kindsOf(d)).toEqual(["placed", "expired"]);
      expect(kindsOf(e)).toEqual(["placed", "paid", "shipped", "returned"]);

      for (const row of rows) {
        expect(row).toMatchObject({ status: "sent", attempts: 1, language, lastError: null });
        const got = byMessageId(smtp().received, row);
        expect(got, `${row.kind} of ${row.orderId}`).toHaveLength(1);
        const mail = got[0]!;
        const [o] = await t.database.db.select().from(order).where(eq(order.id, row.orderId!));
        expect(mail.to).toEqual([buyer.account.email]);
        expect(mail.subject).toBe(want.subjects[row.kind as Kind].replace("{p}", o!.productName));
        const link = `${TEST_ORIGIN}/dashboard/order/${o!.id}`;
        for (const shown of [o!.id, o!.productName, want.quantity, want.amount, TEST_DELIVERY.address, link]) {
          expect(mail.text).toContain(shown);
        }
        for (const label of want.labels) expect(mail.text).toContain(label);
        // The same facts in the HTML part, escaped, and the link as a link.
        expect(mail.html).toContain(`<html lang="${language}">`);
        expect(mail.html).toContain(`href="${link}"`);
        for (const shown of [o!.id, want.quantity, want.amount, TEST_DELIVERY.address])
          expect(mail.html).toContain(shown);
        expect(mail.html).toContain(escapeForTest(o!.productName));
        expect(mail.html).not.toContain("<No. 4>");
      }

      const mailOf = (id: string, kind: Kind) =>
        byMessageId(
          smtp().received,
          rows.find((r) => r.orderId === id && r.kind === kind)!,
        )[0]!;
      const paid = mailOf(a, "paid");
      const [paidOrder] = await t.database.db.select().from(order).where(eq(order.id, a));
      expect(paid.text).toContain(paidOrder!.transactionId!);
      expect(paid.text).toContain(want.card);
      // Paid or confirmed: the invoice's number and where to print it.
      const invoice = `/dashboard/orders/${a}/invoice`;
      expect(paid.text).toContain(`INV-${String(paidOrder!.invoiceNumber).padStart(6, "0")}`);
      expect(paid.text).toContain(invoice);
      expect(mailOf(b, "cod").text).toContain(want.cod);
      expect(mailOf(b, "cod").text).toContain(`/dashboard/orders/${b}/invoice`);
      const cancelled = mailOf(b, "cancelled");
      expect(cancelled.text).toContain(`${want.reason}${reason}`);
      expect(cancelled.html).toContain("Handles &lt;cracked&gt; &amp; &quot;split&quot;");
      expect(cancelled.html).not.toContain("<cracked>");
      // Returned with its payment owed back: the mail says it will be refunded.
      expect(mailOf(e, "returned").text).toContain(language === "en" ? "will be refunded" : "ফেরত দেওয়া হবে");
      if (language === "bn") {
        // Bengali digits throughout the Bangla mail's figures, none of the English ones.
        expect(paid.text).not.toContain("Tk ");
        expect(paid.text).not.toContain("20 Pis");
      }
    });
  }
});

const escapeForTest = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

describe("the admins' e-mails: each new paid or cash-on-delivery order, and low stock", () => {
  const { t, smtp } = useMailedStore();

  it("tells every admin in one message when an order is paid, accepted or confirmed for cash on delivery", async () => {
    const buyer = await person(t);
    const admin = await person(t, true);
    const second = await person(t, true);
    const paid = await place(t, buyer, "bn", "Block Plane");
    const cod = await place(t, buyer, "bn", "Spokeshave");
    const held = await place(t, buyer, "bn", "Bench Chisel");
    const unpaid = await place(t, buyer, "bn", "Router Plane");
    await payByTestCard(t, buyer.account, paid);
    await chooseCashOnDelivery(as(t, buyer.user, { language: "bn" }), cod);
    await holdPayment(t, held);
    await acceptPayment(as(t, admin.user, { language: "bn" }), held);
    await drain(t.services);

    const rows = (await outboxOf(t, [paid, cod, held, unpaid])).filter((r) => r.audience === "admins");
    expect(rows.map((r) => [r.orderId, r.kind, r.language])).toEqual([
      [paid, "new_order", "en"],
      [cod, "new_order", "en"],
      [held, "new_order", "en"],
    ]);
    const admins = [admin.account.email, second.account.email].sort();
    for (const row of rows) {
      const [mail] = byMessageId(smtp().received, row);
      const [o] = await t.database.db.select().from(order).where(eq(order.id, row.orderId!));
      expect(mail!.to.sort()).toEqual(admins);
      expect(mail!.subject).toBe(`New order: ${o!.productName}, 20 Pis, Tk 25,010 · Randa`);
      for (const shown of [o!.id, buyer.account.email, "Tk 25,010", TEST_DELIVERY.address]) {
        expect(mail!.text).toContain(shown);
      }
      expect(mail!.html).toContain(`href="${TEST_ORIGIN}/dashboard/order/${o!.id}"`);
    }
    expect(byMessageId(smtp().received, rows[1]!)[0]!.text).toContain("to be paid in cash on delivery");
    // The held payment an admin accepted is, for its buyer, simply paid.
    const buyerRows = (await outboxOf(t, [held])).filter((r) => r.audience === "buyer").map((r) => r.kind);
    expect(buyerRows).toEqual(["placed", "paid"]);
  });

  it("tells the admins once when an order takes a product below its low-stock line", async () => {
    await person(t, true);
    // 110 pieces, minimum order 20: the line is 40. 40 leaves 70; 20 leaves 50; 20 leaves 30 (below); 20 more
    // leaves 10. Each by a buyer of their own (one buyer holds at most one order's worth).
    const shelf = await makeProduct(t, { name: "Low Shelf Gauge", availability: 110, minimumQuantity: 20 });
    const ids: string[] = [];
    for (const quantity of [40, 20, 20, 20]) {
      const buyer = await person(t);
      const { order: o } = await placeOrder(as(t, buyer.user), {
        productId: shelf.id,
        quantity,
        delivery: TEST_DELIVERY,
      });
      ids.push(o.id);
    }
    await drain(t.services);
    const low = (await outboxOf(t, ids)).filter((r) => r.kind === "low_stock");
    expect(low.map((r) => [r.orderId, r.productId, r.audience, r.status])).toEqual([
      [ids[2], shelf.id, "admins", "sent"],
    ]);
    const [mail] = byMessageId(smtp().received, low[0]!);
    // Rendered when sent: the stock as it is then (10), not as it was when the order took it low (30).
    expect(mail!.subject).toBe("Running low: Low Shelf Gauge, 10 Pis left · Randa");
    expect(mail!.text).toContain("Low-stock line:");
    expect(mail!.text).toContain("40 Pis");
    expect(mail!.html).toContain(`href="${TEST_ORIGIN}/dashboard/manageproduct/${shelf.id}"`);
  });
});

describe("retries with back-off (an injected clock)", () => {
  const { t, smtp } = useMailedStore();
  const clock = { now: new Date() };
  beforeAll(() => {
    t.services.now = () => clock.now;
  });
  /**
   * An order whose message is due: the clock starts a little ahead of the database's, which dated the message when
   * it was queued (set after placing, however long placing took on a loaded machine).
   */
  async function placeDue(buyer: Person, name: string) {
    const id = await place(t, buyer, "en", name);
    clock.now = new Date(Date.now() + 1000);
    return id;
  }
  const at = (ms: number) => new Date(clock.now.getTime() + ms);

  async function rowOf(orderId: string) {
    const [row] = await outboxOf(t, [orderId]);
    return row!;
  }

  it("refused twice, the message leaves on the third attempt, 30 s and then 1 min later", async () => {
    const buyer = await person(t);
    const id = await placeDue(buyer, "Retry Plane");
    smtp().refuseNext(2, 451);
    const start = clock.now;
    const counted = await mailCounts();

    expect(await sendDueMail(t.services)).toMatchObject({ claimed: 1, retried: 1 });
    let row = await rowOf(id);
    expect(row).toMatchObject({ status: "pending", attempts: 1, leaseUntil: null });
    expect(row.lastError).toMatch(/451/);
    expect(row.nextAttemptAt.getTime() - start.getTime()).toBe(30_000);

    clock.now = at(29_999);
    expect((await sendDueMail(t.services)).claimed).toBe(0);
    clock.now = new Date(start.getTime() + 30_000);
    expect(await sendDueMail(t.services)).toMatchObject({ claimed: 1, retried: 1 });
    row = await rowOf(id);
    expect(row).toMatchObject({ status: "pending", attempts: 2 });
    expect(row.nextAttemptAt.getTime() - clock.now.getTime()).toBe(60_000);

    clock.now = at(60_000);
    expect(await sendDueMail(t.services)).toMatchObject({ claimed: 1, sent: 1 });
    row = await rowOf(id);
    expect(row).toMatchObject({ status: "sent", attempts: 3, lastError: null, sentAt: clock.now });
    expect(smtp().refused).toBe(2);
    expect(byMessageId(smtp().received, row)).toHaveLength(1);
    const now = await mailCounts();
    expect([now.sent - counted.sent, now.retry - counted.retry, now.failed - counted.failed]).toEqual([1, 2, 0]);
  });

  it("after the tenth attempt it is failed, with the delays doubling up to their cap", async () => {
    const buyer = await person(t);
    const id = await placeDue(buyer, "Hopeless Plane");
    smtp().refuseNext(1000, 550);
    const delays: number[] = [];
    for (let attempt = 1; attempt <= 10; attempt++) {
      expect((await sendDueMail(t.services)).claimed).toBe(1);
      const row = await rowOf(id);
      expect(row.attempts).toBe(attempt);
      if (attempt < 10) {
        expect(row.status).toBe("pending");
        delays.push((row.nextAttemptAt.getTime() - clock.now.getTime()) / 1000);
        clock.now = row.nextAttemptAt;
      } else {
        expect(row.status).toBe("failed");
        expect(row.lastError).toMatch(/550/);
      }
    }
    expect(delays).toEqual([30, 60, 120, 240, 480, 960, 1800, 1800, 1800]);
    clock.now = at(24 * 60 * 60_000);
    expect((await sendDueMail(t.services)).claimed).toBe(0);
    smtp().refuseNext(0);
  });
});

describe("without SMTP_URL (the demo), and without admins", () => {
  const t = useTestApp();

  it("keeps each message in DATA_DIR/outbox as JSON, as password resets are kept", async () => {
    const buyer = await person(t);
    const id = await place(t, buyer, "bn", "Demo Plane");
    expect(await drain(t.services)).toBe(1);
    const kept = readdirSync(t.outboxDir).map(
      (f) =>
        JSON.parse(readFileSync(path.join(t.outboxDir, f), "utf8")) as {
          to: string[];
          subject: string;
          text: string;
          html: string;
        },
    );
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({ to: [buyer.account.email], subject: "অর্ডার পেয়েছি: Demo Plane · রান্দা" });
    expect(kept[0]!.text).toContain(id);
    expect(kept[0]!.html).toContain(`href="${TEST_ORIGIN}/dashboard/order/${id}"`);
  });

  it("an admins' message with no admin account to send it to is failed at once, not retried for hours", async () => {
    const buyer = await person(t);
    const id = await place(t, buyer, "en", "Lonely Plane");
    await chooseCashOnDelivery(as(t, buyer.user), id);
    await drain(t.services);
    const rows = await outboxOf(t, [id]);
    expect(rows.map((r) => [r.kind, r.status, r.attempts, r.lastError])).toEqual([
      ["placed", "sent", 1, null],
      ["cod", "sent", 1, null],
      ["new_order", "failed", 1, "no admin account to send it to"],
    ]);
  });
});

describe("once only: two workers on one database", () => {
  const { t, smtp } = useMailedStore();

  it("two workers working 120 messages at once deliver each exactly once", async () => {
    const buyer = await person(t);
    const ids = await Promise.all([0, 1, 2].map((i) => place(t, buyer, "en", `Copy Plane ${i}`)));
    await drain(t.services);
    const before = smtp().received.length;
    const queued = await queueShipped(t, 120, ids);
    // Two copies of the job, each with rounds of a few messages, at the same moment.
    const [one, two] = await Promise.all([drain({ ...t.services }, 3), drain({ ...t.services }, 7)]);
    expect(one + two).toBe(120);
    const wanted = new Set(queued.map((q) => messageIdOf(q.id, TEST_ORIGIN)));
    const got = smtp()
      .received.slice(before)
      .map((m) => m.messageId);
    expect(got).toHaveLength(120);
    expect(new Set(got)).toEqual(wanted);
    const rows = await queuedRows(t, queued);
    expect(rows.every((r) => r.status === "sent" && r.attempts === 1)).toBe(true);
  });
});

describe("a round of the outbox", () => {
  const { t, smtp } = useMailedStore();

  it("reads what twenty messages tell of and settles them in four statements, not three a message", async () => {
    const buyer = await person(t);
    const ids = await Promise.all([0, 1].map((i) => place(t, buyer, "en", `Round Plane ${i}`)));
    await drain(t.services);
    const before = smtp().received.length;
    const queued = await queueShipped(t, 20, ids);
    const statements = vi.spyOn(t.database.db._.session, "prepareQuery");
    try {
      expect(await sendDueMail(t.services, 20)).toMatchObject({ claimed: 20, sent: 20 });
      // The claim, the orders with their buyers' addresses, their lines, and the twenty settled at once.
      expect(statements).toHaveBeenCalledTimes(4);
    } finally {
      statements.mockRestore();
    }
    const received = smtp().received.slice(before);
    expect(received).toHaveLength(20);
    expect(received.every((m) => m.to.includes(buyer.account.email) && m.text.includes("Round Plane"))).toBe(true);
    const rows = await queuedRows(t, queued);
    expect(rows.map((r) => [r.status, r.leaseUntil])).toEqual(Array.from({ length: 20 }, () => ["sent", null]));
  });
});

describe("mail never holds up or undoes an order", () => {
  const { t, smtp } = useMailedStore();

  it("the job wakes on the commit: a buyer's confirmation leaves within about a second", async () => {
    const job = scheduleMailOutbox(t.services, 3600);
    try {
      const buyer = await person(t);
      const started = Date.now();
      const id = await place(t, buyer, "en", "Prompt Plane");
      const [row] = await outboxOf(t, [id]);
      await waitFor(() => byMessageId(smtp().received, row!).length === 1, 3000);
      expect(Date.now() - started).toBeLessThan(3000);
    } finally {
      await job.stop();
    }
  });

  it("a refusing SMTP server fails no order: the order and its event are committed, the message pending", async () => {
    const job = scheduleMailOutbox(t.services, 3600);
    smtp().refuseNext(1000, 451);
    try {
      const buyer = await person(t);
      const admin = await person(t, true);
      const id = await place(t, buyer, "en", "Stubborn Plane");
      await chooseCashOnDelivery(as(t, buyer.user), id);
      await advance(as(t, admin.user), id, { status: "shipped" });
      await waitFor(async () => (await outboxOf(t, [id])).every((r) => r.lastError !== null), 5000);
      const [o] = await t.database.db.select().from(order).where(eq(order.id, id));
      expect(o!.status).toBe("shipped");
      const rows = await outboxOf(t, [id]);
      expect(rows.map((r) => r.kind)).toEqual(["placed", "cod", "new_order", "shipped"]);
      for (const row of rows) {
        expect(row.status).toBe("pending");
        expect(row.lastError).toMatch(/451/);
      }
    } finally {
      smtp().refuseNext(0);
      await job.stop();
    }
  });

  it("stopping waits for the message being sent and gives the rest of its batch back, untried", async () => {
    const buyer = await person(t);
    const id = await place(t, buyer, "en", "Draining Plane");
    await drain(t.services);
    const queued = await t.database.db
      .insert(mailOutbox)
      .values(Array.from({ length: 5 }, () => ({ kind: "shipped", audience: "buyer" as const, orderId: id })))
      .returning({ id: mailOutbox.id });
    let began!: () => void;
    const sending = new Promise<void>((resolve) => (began = resolve));
    let finish!: () => void;
    const slow = new Promise<void>((resolve) => (finish = resolve));
    const sent: string[] = [];
    const mailer = {
      async send(mail: { messageId?: string }) {
        began();
        await slow;
        sent.push(mail.messageId!);
      },
    };
    const job = scheduleMailOutbox({ ...t.services, mailer }, 3600);
    job.kick();
    await sending;
    const stopped = job.stop();
    finish();
    await stopped;
    expect(sent).toHaveLength(1);
    const rows = await queuedRows(t, queued);
    expect(rows.map((r) => [r.status, r.attempts, r.leaseUntil])).toEqual([
      ["sent", 1, null],
      ...Array.from({ length: 4 }, () => ["pending", 0, null]),
    ]);
    expect(await drain(t.services)).toBe(4);
  });

  it("a rolled-back change queues nothing and wakes nobody", async () => {
    const buyer = await person(t);
    const id = await place(t, buyer, "en", "Rolled Plane");
    await drain(t.services);
    let kicked = 0;
    const job = scheduleMailOutbox({ ...t.services, mailer: { send: async () => void kicked++ } }, 3600);
    try {
      await expect(
        t.database.db.transaction(async (tx) => {
          await recordEvent(tx, id, "cod", { by: "buyer", userId: buyer.user.id });
          expect((await tx.select().from(mailOutbox).where(eq(mailOutbox.orderId, id))).length).toBe(3);
          throw new Error("the change fails after its event");
        }),
      ).rejects.toThrow("the change fails");
      expect((await outboxOf(t, [id])).map((r) => r.kind)).toEqual(["placed"]);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(kicked).toBe(0);
    } finally {
      await job.stop();
    }
  });
});

/** randa_mail_sent_total by outcome, as GET /metrics reports it. */
async function mailCounts() {
  const { values } = await storeMetrics.mailSent.get();
  const of = (outcome: string) => values.find((v) => v.labels.outcome === outcome)?.value ?? 0;
  return { sent: of("sent"), retry: of("retry"), failed: of("failed") };
}

async function waitFor(check: () => boolean | Promise<boolean>, ms: number) {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
