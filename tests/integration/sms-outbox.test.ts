import { randomUUID } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { SessionUser } from "@server/auth/session";
import { consignment, order, smsOutbox } from "@server/db/schema";
import { scheduleSmsOutbox, sendDueSms, SMS_MAX_ATTEMPTS, type SmsOutboxDeps } from "@server/jobs/sms-outbox";
import { setProcessLog } from "@server/log/request-context";
import { advance, chooseCashOnDelivery, confirmOrder, placeOrder, receiveBack, recordEvent } from "@server/orders";
import { refundOrder } from "@server/payments/refunds";
import { createSslWirelessSms } from "@server/sms/sslwireless-sms";
import { createKeptSms } from "@server/sms/kept-sms";
import { smsSize } from "@shared/sms-segments";
import type { Language } from "@shared/languages";
import { signUp, signUpAdmin } from "../support/accounts";
import { capturedOutput } from "../support/captured-output";
import { as } from "../support/contexts";
import { payByTestCard } from "../support/order-money";
import { makeProduct, TEST_DELIVERY } from "../support/orders";
import { startSslWirelessStandIn, type SslWirelessStandIn } from "../support/sslwireless-stand-in";
import { TEST_ORIGIN, useTestApp, type TestContext } from "../support/test-app";
import { sessionUserOf } from "../support/use-case-actors";

// Text messages leave through the sms_outbox table, written in the statement of the change they tell of, and worked
// by a job (server/jobs/sms-outbox.ts) that sends them to SSL Wireless, here its stand-in.

const PHONE = "8801712345678";

/** A store on a fresh database whose SMS go to SSL Wireless's stand-in. */
function useTextingStore() {
  const box = {} as { ssl: SslWirelessStandIn };
  beforeAll(async () => {
    box.ssl = await startSslWirelessStandIn();
  });
  const t = useTestApp(() => ({
    SSLWIRELESS_SMS_URL: box.ssl.url,
    SSLWIRELESS_SMS_API_TOKEN: box.ssl.apiToken,
    SSLWIRELESS_SMS_SID: box.ssl.sid,
  }));
  afterAll(async () => {
    await box.ssl?.close();
  });
  return { t, ssl: () => box.ssl };
}

async function people(
  t: TestContext,
): Promise<{ buyer: SessionUser; admin: SessionUser; account: Awaited<ReturnType<typeof signUp>> }> {
  const account = await signUp(t);
  return { account, buyer: await sessionUserOf(t, account), admin: await sessionUserOf(t, await signUpAdmin(t)) };
}

/** An order of 20 pieces at Tk 1,250.50, placed in `language`; `withPhone: false`, without delivery details. */
async function place(t: TestContext, buyer: SessionUser, language: Language, name: string, withPhone = true) {
  const p = await makeProduct(t, { name, nameBn: `${name} (বাংলা)`, availability: 1000 });
  const delivery = withPhone ? { delivery: TEST_DELIVERY } : {};
  const { order: placed } = await placeOrder(as(t, buyer, { language }), {
    productId: p.id,
    quantity: 20,
    ...delivery,
  });
  return placed.id;
}

const rowsOf = (t: TestContext, orderIds: string[]) =>
  t.database.db.select().from(smsOutbox).where(inArray(smsOutbox.orderId, orderIds)).orderBy(smsOutbox.id);

/** Runs rounds until nothing is due. */
async function drain(deps: SmsOutboxDeps) {
  for (;;) if ((await sendDueSms(deps)).claimed === 0) return;
}

describe("the buyer's text messages, per event and language", () => {
  const { t, ssl } = useTextingStore();

  for (const language of ["en", "bn"] as const) {
    it(`${language}: placed, cash on delivery confirmed, shipped with its tracking link, delivered, returned and refunded`, async () => {
      const { buyer, admin, account } = await people(t);
      const byAdmin = as(t, admin, { language });
      // A is cash on delivery: confirmed, booked with a courier, shipped and delivered. B is paid, shipped by hand,
      // comes back, and its money is refunded.
      const a = await place(t, buyer, language, `Jack Plane ${language}`);
      await chooseCashOnDelivery(as(t, buyer, { language }), a);
      await confirmOrder(byAdmin, a);
      await t.database.db.insert(consignment).values({
        orderId: a,
        courier: "steadfast",
        state: "booked",
        consignmentRef: String(Date.now()),
        trackingCode: `SF${randomUUID().slice(0, 6).toUpperCase()}`,
        codPoisha: 0,
      });
      await advance(byAdmin, a, { status: "shipped" });
      await advance(byAdmin, a, { status: "delivered" });
      const b = await place(t, buyer, language, `Dovetail Saw ${language}`);
      await payByTestCard(t, account, b);
      await advance(byAdmin, b, { status: "shipped" });
      await receiveBack(byAdmin, b);
      await refundOrder(byAdmin, b);

      const queued = await rowsOf(t, [a, b]);
      expect(queued.map((r) => [r.orderId === a ? "a" : "b", r.kind, r.language, r.phone, r.status])).toEqual([
        ["a", "placed", language, PHONE, "pending"],
        ["a", "confirmed", language, PHONE, "pending"],
        ["a", "shipped", language, PHONE, "pending"],
        ["a", "delivered", language, PHONE, "pending"],
        ["b", "placed", language, PHONE, "pending"],
        ["b", "shipped", language, PHONE, "pending"],
        ["b", "returned", language, PHONE, "pending"],
        ["b", "refunded", language, PHONE, "pending"],
      ]);

      await drain(t.services);
      const sent = await rowsOf(t, [a, b]);
      expect(sent.every((r) => r.status === "sent" && r.providerRef !== null && r.attempts === 1)).toBe(true);
      const texts = sent.map((r) => ssl().messages.find((m) => m.csms_id === String(r.id))!.sms);
      for (const text of texts) expect(smsSize(text).segments).toBeLessThanOrEqual(2);
      const [code] = await t.database.db
        .select({ code: consignment.trackingCode })
        .from(consignment)
        .where(eq(consignment.orderId, a));
      if (language === "bn") {
        expect(texts[0]).toBe(
          `রান্দা: আপনার অর্ডার (Jack Plane bn (বাংলা), ২৫,০১০৳) পেয়েছি। নিশ্চিত করতে মূল্য পরিশোধ করুন বা ক্যাশ অন ডেলিভারি বেছে নিন।`,
        );
        expect(texts[2]).toBe(
          `রান্দা: Jack Plane bn (বাংলা) পাঠানো হয়েছে। ট্র্যাকিং কোড ${code!.code}: ${TEST_ORIGIN}/track/${code!.code}`,
        );
        expect(texts[5]).toBe("রান্দা: Dovetail Saw bn (বাংলা) পাঠানো হয়েছে।");
        expect(texts[6]).toContain("ফিরে এসেছে");
      } else {
        expect(texts[1]).toBe(
          "Randa: your cash on delivery order for Jack Plane en is confirmed. Please pay Tk 25,010 when it arrives.",
        );
        expect(texts[2]).toBe(
          `Randa: your order for Jack Plane en is on its way. Tracking code ${code!.code}: ${TEST_ORIGIN}/track/${code!.code}`,
        );
        expect(texts[7]).toBe("Randa: we have refunded the money you paid for your order for Dovetail Saw en.");
      }
    });
  }

  it("an order without a phone queues none", async () => {
    const { buyer, admin } = await people(t);
    const id = await place(t, buyer, "en", "Spokeshave", false);
    await t.database.db.transaction((tx) => recordEvent(tx, id, "shipped", { by: "admin", userId: admin.id }));
    expect(await rowsOf(t, [id])).toEqual([]);
  });

  it("a rolled-back change queues nothing", async () => {
    const { buyer, admin } = await people(t);
    const id = await place(t, buyer, "en", "Marking Knife");
    const before = (await rowsOf(t, [id])).length;
    await expect(
      t.database.db.transaction(async (tx) => {
        await recordEvent(tx, id, "delivered", { by: "admin", userId: admin.id });
        throw new Error("changed its mind");
      }),
    ).rejects.toThrow("changed its mind");
    expect(await rowsOf(t, [id])).toHaveLength(before);
  });

  it("the job wakes on the commit: the message leaves within about a second", async () => {
    const job = scheduleSmsOutbox(t.services, 3600);
    try {
      const { buyer } = await people(t);
      const id = await place(t, buyer, "en", "Block Plane");
      await vi.waitFor(async () => expect((await rowsOf(t, [id]))[0]?.status).toBe("sent"), { timeout: 3000 });
    } finally {
      await job.stop();
    }
  });
});

describe("retries, giving up and sending once", () => {
  const { t, ssl } = useTextingStore();
  let clock = new Date("2026-03-01T10:00:00Z");
  const deps = (): SmsOutboxDeps => ({ ...t.services, now: () => clock });
  const later = (seconds: number) => (clock = new Date(clock.getTime() + seconds * 1000));

  let orderId: string;
  beforeAll(async () => {
    const { buyer } = await people(t);
    orderId = await place(t, buyer, "en", "Panel Saw");
    await t.database.db.delete(smsOutbox).where(eq(smsOutbox.orderId, orderId));
  });

  /** Messages queued now for one order, `n` of them. */
  async function queue(n: number, kind = "delivered", params: Record<string, string> | null = null) {
    const row = { kind, orderId, phone: PHONE, params, nextAttemptAt: clock };
    return t.database.db
      .insert(smsOutbox)
      .values(Array.from({ length: n }, () => row))
      .returning();
  }
  const queueOne = async (kind?: string, params?: Record<string, string>) => (await queue(1, kind, params))[0]!;
  const rowOf = async (id: number) => (await t.database.db.select().from(smsOutbox).where(eq(smsOutbox.id, id)))[0]!;

  it("refused twice as too busy, the message leaves on the third try, 30 s and then 1 min later", async () => {
    const row = await queueOne();
    ssl().refuseNext(4029, "Too Many Requests", 2);
    expect(await sendDueSms(deps())).toMatchObject({ retried: 1 });
    expect(await rowOf(row.id)).toMatchObject({
      status: "pending",
      attempts: 1,
      nextAttemptAt: new Date(clock.getTime() + 30_000),
    });
    expect(await sendDueSms(deps())).toMatchObject({ claimed: 0 });
    later(30);
    expect(await sendDueSms(deps())).toMatchObject({ retried: 1 });
    expect((await rowOf(row.id)).nextAttemptAt).toEqual(new Date(clock.getTime() + 60_000));
    later(60);
    expect(await sendDueSms(deps())).toMatchObject({ sent: 1 });
    expect(await rowOf(row.id)).toMatchObject({ status: "sent", attempts: 3, lastError: null });
    expect(ssl().messages.filter((m) => m.csms_id === String(row.id))).toHaveLength(1);
  });

  it(`failed after the last of ${SMS_MAX_ATTEMPTS} tries, and a phone code is forgotten then`, async () => {
    const row = await queueOne("phone_code", { code: "482913" });
    ssl().silence(true, 50);
    try {
      for (let attempt = 1; attempt <= SMS_MAX_ATTEMPTS; attempt++) {
        const round = await sendDueSms(deps());
        expect(round).toMatchObject(attempt < SMS_MAX_ATTEMPTS ? { retried: 1 } : { failed: 1 });
        later(30 * 60);
      }
    } finally {
      ssl().silence(false);
    }
    expect(await rowOf(row.id)).toMatchObject({ status: "failed", attempts: SMS_MAX_ATTEMPTS, params: null });
    expect(await sendDueSms(deps())).toMatchObject({ claimed: 0 });
  });

  it("a number the network refuses is failed at once, not retried for an hour", async () => {
    const row = await queueOne();
    ssl().refuseNext(4026, "Blocked MSISDN");
    expect(await sendDueSms(deps())).toMatchObject({ failed: 1 });
    expect(await rowOf(row.id)).toMatchObject({ status: "failed", attempts: 1 });
  });

  it("a message taken whose answer was lost is sent once: the retry's csms_id is the same", async () => {
    const row = await queueOne();
    ssl().loseNext();
    expect(await sendDueSms(deps())).toMatchObject({ retried: 1 });
    later(30);
    expect(await sendDueSms(deps())).toMatchObject({ sent: 1 });
    expect(await rowOf(row.id)).toMatchObject({ status: "sent", providerRef: String(row.id) });
    expect(ssl().messages.filter((m) => m.csms_id === String(row.id))).toHaveLength(1);
  });

  it("a round of twenty reads what they tell of once and settles them in one statement, each with its reference", async () => {
    const shippedRef = "SF-ROUND-42";
    await t.database.db.insert(consignment).values({
      orderId,
      courier: "steadfast",
      state: "in_transit",
      consignmentRef: shippedRef,
      trackingCode: shippedRef,
      courierStatus: "pending",
      codPoisha: 0,
    });
    try {
      const queued = [
        ...(await queue(18)),
        await queueOne("shipped"),
        await queueOne("phone_code", { code: "551203" }),
      ];
      const sentBefore = ssl().messages.length;
      const statements = vi.spyOn(t.database.db._.session, "prepareQuery");
      try {
        expect(await sendDueSms(deps(), 20)).toMatchObject({ claimed: 20, sent: 20 });
        // The claim, the orders' sums, their first lines, the shipped one's parcel, and the twenty settled at once.
        expect(statements).toHaveBeenCalledTimes(5);
      } finally {
        statements.mockRestore();
      }
      const taken = ssl().messages.slice(sentBefore);
      expect(taken).toHaveLength(20);
      const shipped = taken.find((m) => m.csms_id === String(queued[18]!.id))!;
      expect(shipped.sms).toContain(shippedRef);
      expect(taken.find((m) => m.csms_id === String(queued[19]!.id))!.sms).toContain("551203");
      expect(taken.every((m) => m.sms.includes("Panel Saw") || m.csms_id === String(queued[19]!.id))).toBe(true);
      const rows = await Promise.all(queued.map((row) => rowOf(row.id)));
      const referenceOf = new Map(taken.map((m) => [m.csms_id, m.reference_id]));
      expect(rows.map((r) => [r.status, r.leaseUntil, r.params, r.providerRef])).toEqual(
        queued.map((row) => ["sent", null, null, referenceOf.get(String(row.id))]),
      );
    } finally {
      await t.database.db.delete(consignment).where(eq(consignment.orderId, orderId));
    }
  });

  it("two copies of the job claiming at once send each of 60 messages exactly once", async () => {
    const ids = (await queue(60)).map((r) => r.id).sort((x, y) => x - y);
    const sentBefore = ssl().messages.length;
    const work = async () => {
      let sent = 0;
      for (;;) {
        const round = await sendDueSms(deps(), 7);
        sent += round.sent;
        if (round.claimed === 0) return sent;
      }
    };
    const [one, two] = await Promise.all([work(), work()]);
    expect(one + two).toBe(60);
    const taken = ssl()
      .messages.slice(sentBefore)
      .map((m) => Number(m.csms_id));
    expect(taken.sort((x, y) => x - y)).toEqual(ids);
  });

  it("with no provider, a message is failed at its first try: a live store without one sends none", async () => {
    const row = await queueOne();
    const out = capturedOutput();
    try {
      expect(await sendDueSms({ ...deps(), sms: null })).toMatchObject({ failed: 1 });
    } finally {
      vi.restoreAllMocks();
    }
    expect(await rowOf(row.id)).toMatchObject({ status: "failed", attempts: 1, params: null });
    expect((await rowOf(row.id)).lastError).toMatch(/no SMS provider/);
    expect(out.captured.text).toBe("");
  });

  it("the job without a provider fails what falls due as the round does: at once, with no log line each", async () => {
    const rows = await queue(3);
    const out = capturedOutput();
    setProcessLog(out.log);
    const job = scheduleSmsOutbox({ ...deps(), sms: null }, 3600);
    try {
      job.kick();
      await vi.waitFor(async () => expect((await rowOf(rows[2]!.id)).status).toBe("failed"), { timeout: 3000 });
    } finally {
      await job.stop();
      vi.restoreAllMocks();
      setProcessLog(t.services.log);
    }
    for (const row of rows) {
      expect(await rowOf(row.id)).toMatchObject({ status: "failed", attempts: 1, params: null });
      expect((await rowOf(row.id)).lastError).toMatch(/no SMS provider/);
    }
    expect(out.captured.text).toBe("");
  });
});

describe("no phone number reaches a log line", () => {
  const { t, ssl } = useTextingStore();

  afterEach(() => {
    vi.restoreAllMocks();
    setProcessLog(t.services.log);
  });

  it("not from a failure SSL Wireless repeats the number in, nor from the kept provider of a live store", async () => {
    const out = capturedOutput();
    setProcessLog(out.log);
    const { buyer } = await people(t);
    const id = await place(t, buyer, "en", "Router Plane");
    await t.database.db.update(order).set({ status: "delivered" }).where(eq(order.id, id));
    ssl().refuseNext(4029, `Too many requests for ${PHONE}`);
    await drain({
      ...t.services,
      sms: createSslWirelessSms({ baseUrl: ssl().url, apiToken: ssl().apiToken, sid: ssl().sid }),
    });
    const [row] = await rowsOf(t, [id]);
    expect(row!.lastError).toContain("**********678");
    await t.database.db
      .update(smsOutbox)
      .set({ nextAttemptAt: new Date(0) })
      .where(eq(smsOutbox.id, row!.id));
    await drain({ ...t.services, sms: createKeptSms({ live: true }) });
    expect(out.lines().some((l) => l.msg.startsWith("Sending a text message failed"))).toBe(true);
    expect(out.captured.text).toContain("**********678");
    for (const shown of [PHONE, "01712345678", "1712345678", "12345678"])
      expect(out.captured.text).not.toContain(shown);
  });
});
