import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "@server/config";
import { openDatabase } from "@server/db/client";
import { mailOutbox } from "@server/db/schema";
import { messageIdOf, scheduleMailOutbox, sendDueMail, type OutboxDeps } from "@server/jobs/mail-outbox";
import { createServices, type Services } from "@server/services";
import { makeShelf, placeUnpaid, urlNamed } from "../../support/due-orders";
import { startSmtpStandIn, type SmtpStandIn } from "../../support/smtp-stand-in";
import { createTestDatabase, type TestDatabase } from "../../support/test-database";

// Two copies of the store working one outbox at the same moment, each with a connection pool of its own: the
// lease and `FOR UPDATE SKIP LOCKED` must give each message to exactly one of them, so each leaves once. Collected
// only when DATABASE_URL is set.

const MESSAGES = 150;
const AUTH_SECRET = "test-secret-that-is-long-enough-0123456789";
const BASE_URL = "http://127.0.0.1:3000";

describe("two copies of the store sending the same outbox at once", () => {
  let database: TestDatabase;
  let dataDir: string;
  let smtp: SmtpStandIn;
  let copies: Services[] = [];

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), "randa-mail-copies-"));
    database = await createTestDatabase();
    if (!database.url) throw new Error("this test needs DATABASE_URL (PostgreSQL)");
    smtp = await startSmtpStandIn();
    copies = await Promise.all(
      ["randa-mail-a", "randa-mail-b"].map(async (name) => {
        const url = urlNamed(database.url!, name);
        const config = loadConfig({ DATABASE_URL: url, DATA_DIR: dataDir, AUTH_SECRET, BASE_URL, SMTP_URL: smtp.url });
        return createServices(await openDatabase({ url }), config);
      }),
    );
  });

  afterAll(async () => {
    await Promise.all(copies.map((c) => c.database.close()));
    await smtp?.close();
    await database?.destroy();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }, 30_000);

  async function queue(n: number) {
    const shelf = await makeShelf(database.db, 3);
    const orderIds = await placeUnpaid(database.db, shelf, 5);
    const rows = await database.db
      .insert(mailOutbox)
      .values(
        Array.from({ length: n }, (_, i) => ({
          kind: "placed",
          audience: "buyer" as const,
          orderId: orderIds[i % 5]!,
        })),
      )
      .returning({ id: mailOutbox.id });
    return rows.map((r) => r.id);
  }

  async function checkOnce(ids: number[], before: number) {
    const got = smtp.received.slice(before).map((m) => m.messageId);
    expect(got).toHaveLength(ids.length);
    expect(new Set(got)).toEqual(new Set(ids.map((id) => messageIdOf(id, BASE_URL))));
    const rows = await database.db.select().from(mailOutbox).where(inArray(mailOutbox.id, ids));
    expect(rows.filter((r) => r.status === "sent" && r.attempts === 1)).toHaveLength(ids.length);
  }

  async function drain(deps: OutboxDeps, batch: number) {
    let sent = 0;
    for (;;) {
      const round = await sendDueMail(deps, batch);
      sent += round.sent;
      if (round.claimed === 0) return sent;
    }
  }

  it(`rounds of several sizes on both copies at once: ${MESSAGES} messages, each delivered once`, async () => {
    const ids = await queue(MESSAGES);
    const before = smtp.received.length;
    const [a, b] = copies as [Services, Services];
    const counts = await Promise.all([drain(a, 20), drain(b, 20), drain(a, 3), drain(b, 7)]);
    expect(counts.reduce((x, y) => x + y, 0)).toBe(MESSAGES);
    await checkOnce(ids, before);
  });

  it(`the copies' scheduled jobs, woken together: ${MESSAGES} more messages, each delivered once`, async () => {
    const ids = await queue(MESSAGES);
    const before = smtp.received.length;
    const jobs = copies.map((c) => scheduleMailOutbox(c, 3600));
    try {
      for (const job of jobs) job.kick();
      const until = Date.now() + 60_000;
      while (smtp.received.length - before < MESSAGES && Date.now() < until) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    } finally {
      await Promise.all(jobs.map((job) => job.stop()));
    }
    await checkOnce(ids, before);
  }, 90_000);
});
