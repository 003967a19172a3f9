import { randomUUID } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createApp } from "@server/app";
import { user } from "@server/db/auth-schema";
import { product } from "@server/db/schema";
import { sendDueMail } from "@server/jobs/mail-outbox";
import { setProcessLog } from "@server/log/request-context";
import { loggableError } from "@server/log/safe-error";
import { createMailer } from "@server/mail";
import { asBearer, jsonInit, signUp, type TestAccount } from "../support/accounts";
import { makeProduct } from "../support/orders";
import { runCommand } from "../support/run-command";
import { capturedOutput } from "../support/captured-output";
import { TEST_ORIGIN, useTestApp } from "../support/test-app";

const ROOT = path.resolve(import.meta.dirname, "../..");

/** The first error a statement throws, as the store would catch it. */
async function failureOf(work: () => Promise<unknown>): Promise<unknown> {
  try {
    await work();
  } catch (err) {
    return err;
  }
  throw new Error("the statement did not fail");
}

describe("a failed statement is logged with its shape and error code, never its values", () => {
  const t = useTestApp();

  it("a unique violation: no e-mail from the parameters nor from PostgreSQL's detail", async () => {
    const email = `taken-${randomUUID()}@example.test`;
    await t.database.db.insert(user).values({ id: randomUUID(), name: "Rahim Sheikh", email });
    const err = await failureOf(() =>
      t.database.db.insert(user).values({ id: randomUUID(), name: "Salma Begum", email }),
    );
    const safe = loggableError(err) as { code: string; constraint: string; query: string };
    expect(safe).toMatchObject({ code: "23505", constraint: "user_email_unique" });
    expect(safe.query).toMatch(/^insert into "user" .* values \(\$1, \$2, \$3/);
    const logged = JSON.stringify(safe);
    for (const value of [email, "Salma Begum", email.split("@")[0]!]) expect(logged).not.toContain(value);
  });

  it("a check violation: not the failing row PostgreSQL repeats", async () => {
    const secret = `Secret Gauge ${randomUUID()}`;
    const err = await failureOf(() =>
      t.database.db.insert(product).values({
        name: secret,
        image: "/images/products/marking-gauge.svg",
        pricePoisha: 100,
        priceFromPoisha: 100,
        minimumQuantity: 20,
        availability: -1,
      }),
    );
    const safe = loggableError(err) as Record<string, unknown>;
    expect(safe.code).toBe("23514");
    expect(safe.constraint).toMatch(/\w/);
    expect(JSON.stringify(safe)).not.toContain(secret);
  });

  it("a value PostgreSQL quotes in its message: cut, while the names of things stay", async () => {
    const email = `quoted-${randomUUID()}@example.test`;
    const err = await failureOf(() => t.database.db.execute(sql`select * from product where id = ${email}`));
    const safe = loggableError(err) as { message: string; stack: string; code: string };
    expect(safe.code).toBe("22P02");
    expect(safe.message).toContain('invalid input syntax for type uuid: "…"');
    expect(JSON.stringify(safe)).not.toContain(email.split("@")[0]);
  });

  it("through the logger: the line carries the error's code and statement, not the parameters", async () => {
    const { captured, log } = capturedOutput();
    const email = `line-${randomUUID()}@example.test`;
    await t.database.db.insert(user).values({ id: randomUUID(), name: "Rahim Sheikh", email });
    const err = await failureOf(() => t.database.db.insert(user).values({ id: randomUUID(), name: "Nasrin", email }));
    log.error({ err }, "an API call failed");
    log.error(err as Error);
    expect(captured.text).toContain('"code":"23505"');
    expect(captured.text).not.toContain(email.split("@")[0]);
    vi.restoreAllMocks();
  });
});

describe("a live store's log after an order, a password reset and failed statements", () => {
  // DEMO_DATA=false: a live store (server/config.ts), without SMTP_URL.
  const t = useTestApp({ DEMO_DATA: "false" });
  const out = {} as ReturnType<typeof capturedOutput>;
  let buyer: TestAccount;
  let app: ReturnType<typeof createApp>;
  const delivery = {
    name: "Karim Uddin",
    phone: "01819345678",
    division: "Dhaka",
    district: "Gazipur",
    address: `House ${randomUUID().slice(0, 8)}, Road 3, Tongi`,
  };
  const request = (p: string, init?: RequestInit) => app.request(`${TEST_ORIGIN}${p}`, init);
  const outboxDir = () => t.outboxDir;
  const kept = () =>
    readdirSync(outboxDir()).map(
      (f) => JSON.parse(readFileSync(path.join(outboxDir(), f), "utf8")) as { text: string },
    );

  beforeAll(async () => {
    buyer = await signUp(t);
    Object.assign(out, capturedOutput());
    setProcessLog(out.log);
    app = createApp({ services: { ...t.services, log: out.log } });
  });
  afterAll(() => {
    vi.restoreAllMocks();
    setProcessLog(t.services.log);
  });

  it("holds no delivery address, phone, buyer's e-mail or reset token, and keeps the e-mails for the operator", async () => {
    const { id: productId } = await makeProduct(t);
    const placed = await request(
      "/api/order",
      jsonInit("POST", { productId, quantity: 20, delivery }, asBearer(buyer)),
    );
    expect(placed.status).toBe(200);
    expect((await sendDueMail(t.services)).sent).toBe(1);
    const reset = await request(
      "/api/auth/request-password-reset",
      jsonInit("POST", { email: buyer.email, redirectTo: "/reset-password" }),
    );
    expect(reset.status).toBe(200);

    // Failed statements, one of the store's and one of Better Auth's, each carrying the buyer's details.
    await t.database.db.execute(
      sql.raw(`alter table "order" add constraint forced_failure check (quantity < 0) not valid`),
    );
    await t.database.db.execute(
      sql.raw(`alter table "user" add constraint forced_failure check (name <> 'Karim Forced') not valid`),
    );
    try {
      const failed = await request(
        "/api/order",
        jsonInit("POST", { productId, quantity: 20, delivery }, asBearer(buyer)),
      );
      expect(failed.status).toBe(500);
      const renamed = await request(
        "/api/auth/update-user",
        jsonInit("POST", { name: "Karim Forced" }, asBearer(buyer)),
      );
      expect(renamed.status).toBe(500);
      expect(await renamed.json()).toEqual({ code: "request.server_error", message: expect.any(String) });
    } finally {
      await t.database.db.execute(sql.raw(`alter table "order" drop constraint forced_failure`));
      await t.database.db.execute(sql.raw(`alter table "user" drop constraint forced_failure`));
    }

    // The messages are kept, content and all, where the operator reads them.
    const mails = kept().map((m) => m.text);
    expect(mails.some((text) => text.includes(delivery.address))).toBe(true);
    const token = /reset-password\/([\w-]+)/.exec(mails.find((text) => text.includes("reset-password/")) ?? "")?.[1];
    expect(token).toMatch(/^[\w-]{16,}$/);

    // The log says what happened, and nothing private.
    const lines = out.lines();
    const failures = lines.filter((l) => l.err?.code === "23514");
    expect(failures.length).toBeGreaterThanOrEqual(2);
    expect(failures.map((l) => String(l.err!.query))).toEqual(
      expect.arrayContaining([expect.stringContaining('"order"'), expect.stringContaining('"user"')]),
    );
    expect(lines.filter((l) => l.msg.includes("kept in the outbox")).length).toBe(2);
    for (const secret of [
      delivery.address,
      "House ",
      delivery.phone,
      delivery.phone.slice(1),
      buyer.email,
      buyer.email.split("@")[0]!,
      "Karim Forced",
      token!,
    ]) {
      expect(out.captured.text, secret).not.toContain(secret);
    }
  });

  it("npm run admin -- outbox shows the kept messages, newest first, a page at a time", async () => {
    const run = (args: string[]) =>
      runCommand(process.execPath, ["--import", "tsx", "scripts/admin.ts", "outbox", ...args], {
        cwd: ROOT,
        env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: path.dirname(outboxDir()) },
      });
    const newest = await run(["--limit", "1"]);
    expect(newest.code, newest.err).toBe(0);
    expect(newest.out).toContain("2 e-mail(s) kept");
    expect(newest.out).toContain("Subject: Reset your Randa password");
    expect(newest.out).not.toContain(delivery.address);
    expect(newest.out).toContain("npm run admin -- outbox --page 2");
    const older = await run(["--limit", "1", "--page", "2"]);
    expect(older.out).toContain(delivery.address);
    expect(older.out).not.toContain("Reset your Randa password");
    const both = await run([]);
    expect(both.out.indexOf("Reset your Randa password")).toBeLessThan(both.out.indexOf(delivery.address));
    const wrong = await run(["--limit", "1000"]);
    expect(wrong.code).toBe(2);
    expect(wrong.err).toContain("outbox [--page <n>] [--limit <n>]");
  });
});

describe("the mailer without SMTP", () => {
  it("prints a message in the demo, and in a live store keeps it and notes one line without its content", async () => {
    const mailDir = mkdtempSync(path.join(tmpdir(), "randa-mail-"));
    const outboxDir = path.join(mailDir, "outbox");
    const printed: string[] = [];
    const spy = vi.spyOn(console, "log").mockImplementation((line: string) => void printed.push(line));
    try {
      const mail = { to: "buyer@example.test", subject: "Your order", text: "Deliver to House 7, Road 9" };
      await createMailer({ from: "Randa <a@randa.example>", outboxDir, live: false }).send(mail);
      expect(printed.join("\n")).toContain("House 7, Road 9");
      const notes: string[] = [];
      printed.length = 0;
      await createMailer({ from: "Randa <a@randa.example>", outboxDir, live: true, note: (l) => notes.push(l) }).send(
        mail,
      );
      expect(printed).toEqual([]);
      expect(notes).toHaveLength(1);
      expect(notes[0]).not.toMatch(/House|buyer@|Your order/);
      expect(readdirSync(outboxDir)).toHaveLength(2);
    } finally {
      spy.mockRestore();
      rmSync(mailDir, { recursive: true, force: true });
    }
  });
});
