import { Writable } from "node:stream";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "@server/app";
import { forgetStaleWatches } from "@server/back-in-stock";
import { smsOutbox, stockWatch } from "@server/db/notice-schema";
import { mailOutbox, type MailOutboxRow } from "@server/db/schema";
import { sendDueMail } from "@server/jobs/mail-outbox";
import { createLogger } from "@server/log/logger";
import { setProcessLog } from "@server/log/request-context";
import { bnBackInStockMessages } from "@shared/words/bn-back-in-stock-messages";
import { enBackInStockMessages } from "@shared/words/en-back-in-stock-messages";
import { jsonInit, signUp, signUpAdmin, type TestAccount } from "../support/accounts";
import { expiryJob } from "../support/contexts";
import { call } from "../support/order-money";
import { makeProduct, TEST_DELIVERY } from "../support/orders";
import { TEST_ORIGIN, useTestApp, type TestContext } from "../support/test-app";

interface Asked {
  channel: "email" | "sms";
  once: true;
  message: string;
  code: string;
}

const WIDTH = { name: "Width", nameBn: "প্রস্থ", values: ["6 mm", "12 mm"] };

let serial = 0;
/** Addresses and numbers of their own for each test: no test spends another's limit. */
const anEmail = () => `waiting-${++serial}-${Date.now()}@example.test`;
const aPhone = () => `017${String(10_000_000 + ++serial * 7919).slice(-8)}`;
/** An in-process request as if from `address`: the socket the server reads the client's address from. */
const from = (address: string) => ({ incoming: { socket: { remoteAddress: address } } });

/** `POST /api/back-in-stock` in a language, from an address. */
function ask(t: TestContext, body: unknown, { language = "en", ip = "192.0.2.10" } = {}) {
  const init = jsonInit("POST", body, { Cookie: `randa.lang=${language}` });
  return t.app.request("/api/back-in-stock", init, from(ip));
}

/** A tool sold in one form, Stock Out: none on the shelf (its minimum is 20). */
const aStockOutTool = (t: TestContext) => makeProduct(t, { availability: 0 });

/** A chisel in two widths, both Stock Out: its id and each width's variant id. */
async function aStockOutChisel(t: TestContext, admin: TestAccount) {
  const { id } = await makeProduct(t, { name: `Width Chisel ${++serial}` });
  const prefix = `BS${serial}-${id.slice(0, 4)}`;
  const variants = ["6 mm", "12 mm"].map((w, i) => ({
    sku: `${prefix}-${i}`,
    options: { Width: w },
    price: 450,
    Availability: 0,
    minimumQuantity: 20,
    weight: 150,
  }));
  const res = await call(t, admin, "PUT", `/api/product/${id}`, { options: [WIDTH], variants });
  expect(res.status, await res.clone().text()).toBe(200);
  const shown = (await (await t.request(`/api/product/${id}`)).json()) as {
    variants: { id: string; options: Record<string, string> }[];
  };
  const of = (w: string) => shown.variants.find((v) => v.options.Width === w)!.id;
  return { id, narrow: of("6 mm"), wide: of("12 mm") };
}

const receive = (t: TestContext, admin: TestAccount, productId: string, change: number, variantId?: string) =>
  call(t, admin, "POST", `/api/product/${productId}/stock`, { reason: "received", change, variantId });

const watchesOf = (t: TestContext, productId: string) =>
  t.database.db.select().from(stockWatch).where(eq(stockWatch.productId, productId)).orderBy(stockWatch.id);
const mailsOf = (t: TestContext, productId: string) =>
  t.database.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.productId, productId))
    .orderBy(mailOutbox.id)
    .then((rows) => rows.filter((r) => r.kind === "back_in_stock"));
const textsOf = (t: TestContext, productId: string) =>
  t.database.db.select().from(smsOutbox).where(eq(smsOutbox.productId, productId)).orderBy(smsOutbox.id);

describe("tell me when it is back: asking", () => {
  const t = useTestApp();
  let admin: TestAccount;

  beforeAll(async () => {
    admin = await signUpAdmin(t);
  });

  it("keeps an e-mail address in English and a mobile number in Bangla, and says they will be told once", async () => {
    const { id } = await aStockOutTool(t);
    const email = anEmail();
    const byMail = await ask(t, { productId: id, email: `  ${email.toUpperCase()} ` });
    expect(byMail.status, await byMail.clone().text()).toBe(200);
    expect((await byMail.json()) as Asked).toEqual({
      channel: "email",
      once: true,
      code: "back_in_stock.asked_email",
      message: enBackInStockMessages.back_in_stock.asked_email,
    });
    const byPhone = await ask(t, { productId: id, phone: "+880 1712-345678" }, { language: "bn" });
    expect(byPhone.status).toBe(200);
    expect(((await byPhone.json()) as Asked).code).toBe("back_in_stock.asked_sms");
    expect(bnBackInStockMessages.back_in_stock.asked_sms).toContain("এসএমএস");

    const kept = await watchesOf(t, id);
    expect(
      kept.map(({ channel, contact, language, variantId }) => ({ channel, contact, language, variantId })),
    ).toEqual([
      { channel: "email", contact: email, language: "en", variantId: null },
      { channel: "sms", contact: "8801712345678", language: "bn", variantId: null },
    ]);
  });

  it("asked again for the same tool and address, answers as the first time and keeps nothing new", async () => {
    const { id } = await aStockOutTool(t);
    const email = anEmail();
    const first = await ask(t, { productId: id, email });
    const again = await ask(t, { productId: id, email: email.toUpperCase() });
    expect(again.status).toBe(first.status);
    expect(await again.json()).toEqual(await first.json());
    const phone = aPhone();
    await ask(t, { productId: id, phone });
    await ask(t, { productId: id, phone: `+88${phone}` });
    expect(await watchesOf(t, id)).toHaveLength(2);
  });

  it("refuses a tool in stock, a variant not the tool's, a malformed phone or e-mail, neither or both: nothing kept", async () => {
    const inStock = await makeProduct(t, { availability: 200 });
    const out = await aStockOutTool(t);
    const other = await aStockOutTool(t);
    const refusals: [unknown, number, string][] = [
      [{ productId: inStock.id, email: anEmail() }, 409, "back_in_stock.in_stock"],
      [{ productId: out.id, variantId: other.variantId, email: anEmail() }, 404, "variant.not_found"],
      [{ productId: out.id, variantId: "not-an-id", email: anEmail() }, 404, "variant.not_found"],
      [{ productId: "4f6b6f1e-0000-4000-8000-000000000000", email: anEmail() }, 404, "product.not_found"],
      [{ productId: out.id, phone: "01212345678" }, 400, "delivery.phone_invalid"],
      [{ productId: out.id, phone: "1712345678" }, 400, "delivery.phone_invalid"],
      [{ productId: out.id, email: "not an address" }, 400, "back_in_stock.email_invalid"],
      [{ productId: out.id }, 400, "back_in_stock.contact_required"],
      [{ productId: out.id, phone: "", email: "" }, 400, "back_in_stock.contact_required"],
      [{ productId: out.id, phone: aPhone(), email: anEmail() }, 400, "back_in_stock.contact_both"],
    ];
    for (const [body, status, code] of refusals) {
      const res = await ask(t, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(((await res.json()) as { code: string }).code, JSON.stringify(body)).toBe(code);
    }
    expect(await watchesOf(t, inStock.id)).toEqual([]);
    expect(await watchesOf(t, out.id)).toEqual([]);
  });

  it("takes a variant that is Stock Out while another is in stock, and refuses the whole tool then", async () => {
    const chisel = await aStockOutChisel(t, admin);
    expect((await receive(t, admin, chisel.id, 40, chisel.wide)).status).toBe(200);
    expect((await ask(t, { productId: chisel.id, variantId: chisel.narrow, email: anEmail() })).status).toBe(200);
    expect((await ask(t, { productId: chisel.id, variantId: chisel.wide, email: anEmail() })).status).toBe(409);
    expect((await ask(t, { productId: chisel.id, email: anEmail() })).status).toBe(409);
    expect((await watchesOf(t, chisel.id)).map((w) => w.variantId)).toEqual([chisel.narrow]);
  });
});

describe("tell me when it is back: the stock coming back tells each one once, and forgets them", () => {
  const t = useTestApp();
  let admin: TestAccount;

  beforeAll(async () => {
    admin = await signUpAdmin(t);
  });

  it("a receipt queues one e-mail and one SMS, in their languages, forgets them; a second receipt queues nothing", async () => {
    const { id } = await aStockOutTool(t);
    const email = anEmail();
    await ask(t, { productId: id, email }, { language: "bn" });
    await ask(t, { productId: id, phone: "01812345678" });
    // Ten pieces do not cover a minimum order of 20: still Stock Out, nobody told.
    expect((await receive(t, admin, id, 10)).status).toBe(200);
    expect(await mailsOf(t, id)).toEqual([]);
    expect((await receive(t, admin, id, 30)).status).toBe(200);
    const mails = await mailsOf(t, id);
    expect(
      mails.map(({ audience, toAddress, language, orderId }) => ({ audience, toAddress, language, orderId })),
    ).toEqual([{ audience: "address", toAddress: email, language: "bn", orderId: null }]);
    const texts = await textsOf(t, id);
    expect(texts.map(({ kind, phone, language }) => ({ kind, phone, language }))).toEqual([
      { kind: "back_in_stock", phone: "8801812345678", language: "en" },
    ]);
    expect(await watchesOf(t, id)).toEqual([]);

    expect((await receive(t, admin, id, 20)).status).toBe(200);
    expect(await mailsOf(t, id)).toHaveLength(1);
    expect(await textsOf(t, id)).toHaveLength(1);
  });

  it("a variant's watcher is not told when another variant comes back; the whole tool's watcher is", async () => {
    const chisel = await aStockOutChisel(t, admin);
    const narrowFan = anEmail();
    const toolFan = anEmail();
    await ask(t, { productId: chisel.id, variantId: chisel.narrow, email: narrowFan });
    await ask(t, { productId: chisel.id, email: toolFan });
    expect((await receive(t, admin, chisel.id, 20, chisel.wide)).status).toBe(200);
    let mails = await mailsOf(t, chisel.id);
    expect(mails.map((m) => [m.toAddress, m.variantId])).toEqual([[toolFan, chisel.wide]]);
    expect((await watchesOf(t, chisel.id)).map((w) => w.contact)).toEqual([narrowFan]);

    expect((await receive(t, admin, chisel.id, 20, chisel.narrow)).status).toBe(200);
    mails = await mailsOf(t, chisel.id);
    expect(mails.map((m) => [m.toAddress, m.variantId])).toEqual([
      [toolFan, chisel.wide],
      [narrowFan, chisel.narrow],
    ]);
    expect(await watchesOf(t, chisel.id)).toEqual([]);
  });

  it("a stock-take and a cancelled order giving its pieces back bring the tool back too", async () => {
    const counted = await aStockOutTool(t);
    await ask(t, { productId: counted.id, email: anEmail() });
    const take = await call(t, admin, "POST", `/api/product/${counted.id}/stock`, { reason: "counted", count: 25 });
    expect(take.status).toBe(200);
    expect(await mailsOf(t, counted.id)).toHaveLength(1);

    const buyer = await signUp(t);
    const sold = await makeProduct(t, { availability: 20 });
    const placed = await call(t, buyer, "POST", "/api/order", {
      productId: sold.id,
      quantity: 20,
      delivery: TEST_DELIVERY,
    });
    expect(placed.status).toBe(200);
    const { insertedId } = (await placed.json()) as { insertedId: string };
    await ask(t, { productId: sold.id, phone: aPhone() });
    expect((await call(t, buyer, "DELETE", `/api/order/${insertedId}`)).status).toBe(200);
    expect(await textsOf(t, sold.id)).toHaveLength(1);
    expect(await watchesOf(t, sold.id)).toEqual([]);
  });

  it("sends the e-mail to the address in its language, with the tool, the size that came back and its link", async () => {
    const chisel = await aStockOutChisel(t, admin);
    const english = anEmail();
    const bangla = anEmail();
    await ask(t, { productId: chisel.id, email: english });
    await ask(t, { productId: chisel.id, variantId: chisel.wide, email: bangla }, { language: "bn" });
    await receive(t, admin, chisel.id, 20, chisel.wide);
    const sent: { to: string; subject: string; text: string; html: string }[] = [];
    const mailer = { send: async (m: (typeof sent)[number]) => void sent.push(m) };
    await sendDueMail({ ...t.services, mailer });
    const to = (address: string) => sent.find((m) => m.to === address)!;
    const link = `${TEST_ORIGIN}/detail/${chisel.id}?variant=${chisel.wide}`;
    expect(to(english).to).toBe(english);
    expect(to(english).subject).toMatch(/^Back in stock: Width Chisel \d+ \(12 mm\) · Randa$/);
    expect(to(english).text).toContain(link);
    expect(to(english).text).toContain("forgotten your address");
    expect(to(bangla).subject).toMatch(/^স্টকে ফিরেছে: .+ \(12 mm\) · রান্দা$/);
    expect(to(bangla).text).toContain("টুলটি দেখুন");
    expect(to(bangla).html).toContain('<html lang="bn">');
    const rows: MailOutboxRow[] = await mailsOf(t, chisel.id);
    expect(rows.map((r) => r.status)).toEqual(["sent", "sent"]);
  });

  it("forgets watches older than 90 days, and keeps the others", async () => {
    const { id } = await aStockOutTool(t);
    await ask(t, { productId: id, email: anEmail() });
    await ask(t, { productId: id, email: anEmail() });
    const [old] = await watchesOf(t, id);
    await t.database.db
      .update(stockWatch)
      .set({ createdAt: new Date(Date.now() - 91 * 24 * 60 * 60 * 1000) })
      .where(eq(stockWatch.id, old!.id));
    expect(await forgetStaleWatches(expiryJob(t))).toBeGreaterThanOrEqual(1);
    expect((await watchesOf(t, id)).map((w) => w.id)).not.toContain(old!.id);
    expect(await watchesOf(t, id)).toHaveLength(1);
    // Every copy of the store runs it: again, it forgets nothing more.
    expect(await forgetStaleWatches(expiryJob(t))).toBe(0);
  });
});

describe("tell me when it is back: its limit per phone or e-mail address and per client address", () => {
  const t = useTestApp({ WATCH_LIMIT_PER_HOUR: "2" });

  it("refuses a third ask for one address in an hour, and a seventh from one client, with 429, keeping nothing", async () => {
    const tools = await Promise.all([1, 2, 3, 4, 5, 6, 7].map(() => aStockOutTool(t)));
    const email = anEmail();
    expect((await ask(t, { productId: tools[0]!.id, email }, { ip: "192.0.2.21" })).status).toBe(200);
    expect((await ask(t, { productId: tools[1]!.id, email }, { ip: "192.0.2.22" })).status).toBe(200);
    const third = await ask(t, { productId: tools[2]!.id, email }, { ip: "192.0.2.23" });
    expect(third.status).toBe(429);
    expect(Number(third.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await watchesOf(t, tools[2]!.id)).toEqual([]);

    for (const tool of tools.slice(0, 6)) {
      expect((await ask(t, { productId: tool.id, phone: aPhone() }, { ip: "192.0.2.30" })).status).toBe(200);
    }
    expect((await ask(t, { productId: tools[6]!.id, phone: aPhone() }, { ip: "192.0.2.30" })).status).toBe(429);
    expect(await watchesOf(t, tools[6]!.id)).toEqual([]);
  });
});

describe("tell me when it is back: no phone or e-mail address reaches a log line", () => {
  const t = useTestApp();
  let text = "";
  let app: ReturnType<typeof createApp>;

  beforeAll(() => {
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        text += chunk.toString();
        done();
      },
    });
    const log = createLogger({ level: "info", format: "json", destination: sink });
    setProcessLog(log);
    app = createApp({ services: { ...t.services, log } });
  });
  afterAll(() => setProcessLog(t.services.log));

  it("logs the asks, refused and kept, and a failed send, without the contact", async () => {
    const { id } = await aStockOutTool(t);
    const email = anEmail();
    const phone = aPhone();
    const post = (body: unknown) => app.request("/api/back-in-stock", jsonInit("POST", body), from("192.0.2.40"));
    expect((await post({ productId: id, email })).status).toBe(200);
    expect((await post({ productId: id, phone })).status).toBe(200);
    expect((await post({ productId: id, phone, email })).status).toBe(400);
    expect((await post({ productId: id, email: `${email}>` })).status).toBe(400);
    const admin = await signUpAdmin(t);
    await receive(t, admin, id, 20);
    const refusing = { send: () => Promise.reject(new Error(`550 5.1.1 <${email}>: Recipient address rejected`)) };
    expect((await sendDueMail({ ...t.services, mailer: refusing })).retried).toBe(1);
    const [row] = await t.database.db
      .select()
      .from(mailOutbox)
      .where(inArray(mailOutbox.productId, [id]));
    expect(row!.lastError).toContain("[address]");
    expect(text).toContain("/api/back-in-stock");
    for (const secret of [email, email.split("@")[0]!, phone, phone.slice(1)]) expect(text).not.toContain(secret);
  });
});
