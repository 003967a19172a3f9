import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { smsOutbox } from "@server/db/schema";
import { scheduleSmsOutbox, sendDueSms, type SmsOutboxDeps } from "@server/jobs/sms-outbox";
import type { Services } from "@server/services";
import { makeShelf, placeUnpaid } from "../../support/due-orders";
import { startSslWirelessStandIn, type SslWirelessStandIn } from "../../support/sslwireless-stand-in";
import { openStoreCopies, type StoreCopies } from "../../support/store-copies";
import type { TestDatabase } from "../../support/test-database";

// Two copies of the store working one SMS outbox at the same moment, each with a connection pool of its own: the
// lease and `FOR UPDATE SKIP LOCKED` must give each message to exactly one of them, so SSL Wireless takes each once
// (a second send of one would be refused as a repeated csms_id, and counted sent: the count of sends shows it).
// Collected only when DATABASE_URL is set.

const MESSAGES = 150;

describe("two copies of the store sending the same SMS outbox at once", () => {
  let store: StoreCopies;
  let database: TestDatabase;
  let ssl: SslWirelessStandIn;
  let copies: Services[] = [];

  beforeAll(async () => {
    ssl = await startSslWirelessStandIn();
    store = await openStoreCopies(["randa-sms-a", "randa-sms-b"], {
      SSLWIRELESS_SMS_URL: ssl.url,
      SSLWIRELESS_SMS_API_TOKEN: ssl.apiToken,
      SSLWIRELESS_SMS_SID: ssl.sid,
    });
    ({ database, copies } = store);
  });

  afterAll(async () => {
    await store?.close();
    await ssl?.close();
  }, 30_000);

  async function queue(n: number) {
    const shelf = await makeShelf(database.db, 3);
    const orderIds = await placeUnpaid(database.db, shelf, 5);
    const rows = await database.db
      .insert(smsOutbox)
      .values(
        Array.from({ length: n }, (_, i) => ({ kind: "delivered", orderId: orderIds[i % 5]!, phone: "8801712345678" })),
      )
      .returning({ id: smsOutbox.id });
    return rows.map((r) => r.id);
  }

  async function checkOnce(ids: number[], callsBefore: number) {
    expect(ssl.calls() - callsBefore).toBe(ids.length);
    const taken = ssl.messages.filter((m) => ids.includes(Number(m.csms_id)));
    expect(taken).toHaveLength(ids.length);
    const rows = await database.db.select().from(smsOutbox).where(inArray(smsOutbox.id, ids));
    expect(rows.filter((r) => r.status === "sent" && r.attempts === 1)).toHaveLength(ids.length);
  }

  async function drain(deps: SmsOutboxDeps, batch: number) {
    let sent = 0;
    for (;;) {
      const round = await sendDueSms(deps, batch);
      sent += round.sent;
      if (round.claimed === 0) return sent;
    }
  }

  it(`rounds of several sizes on both copies at once: ${MESSAGES} messages, each sent once`, async () => {
    const ids = await queue(MESSAGES);
    const before = ssl.calls();
    const [a, b] = copies as [Services, Services];
    const counts = await Promise.all([drain(a, 20), drain(b, 20), drain(a, 3), drain(b, 7)]);
    expect(counts.reduce((x, y) => x + y, 0)).toBe(MESSAGES);
    await checkOnce(ids, before);
  });

  it(`the copies' scheduled jobs, woken together: ${MESSAGES} more messages, each sent once`, async () => {
    const ids = await queue(MESSAGES);
    const before = ssl.calls();
    const jobs = copies.map((c) => scheduleSmsOutbox(c, 3600));
    try {
      for (const job of jobs) job.kick();
      const until = Date.now() + 60_000;
      while (ssl.calls() - before < MESSAGES && Date.now() < until) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    } finally {
      await Promise.all(jobs.map((job) => job.stop()));
    }
    await checkOnce(ids, before);
  }, 90_000);
});
