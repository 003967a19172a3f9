import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { SmsFailure, type SmsProvider } from "@server/sms";
import { createKeptSms } from "@server/sms/kept-sms";
import { createSslWirelessSms } from "@server/sms/sslwireless-sms";
import { capturedOutput } from "../support/captured-output";
import { startSslWirelessStandIn, type SslWirelessStandIn } from "../support/sslwireless-stand-in";

// SSL Wireless's send-sms (v3) against a stand-in that speaks its protocol (tests/support/sslwireless-stand-in.ts):
// what the store sends, what each answer means, and whether trying again may help.

const TO = "8801712345678";

async function failureOf(work: Promise<unknown>): Promise<SmsFailure> {
  try {
    await work;
  } catch (err) {
    if (err instanceof SmsFailure) return err;
    throw err;
  }
  throw new Error("the send did not fail");
}

describe("SSL Wireless's send-sms", () => {
  let ssl: SslWirelessStandIn;
  let sms: SmsProvider;

  beforeAll(async () => {
    ssl = await startSslWirelessStandIn();
    sms = createSslWirelessSms({ baseUrl: `${ssl.url}/`, apiToken: ssl.apiToken, sid: ssl.sid, timeoutMs: 4000 });
  });
  afterAll(async () => {
    await ssl?.close();
  });
  afterEach(() => {
    ssl.silence(false);
    ssl.slow(0);
  });

  it("sends the number, the text and the outbox id as csms_id, and answers SSL Wireless's reference", async () => {
    const ref = await sms.send({ to: TO, text: "Randa: your order is on its way.", ref: "101" });
    const taken = ssl.messages.at(-1)!;
    expect(taken).toMatchObject({
      msisdn: TO,
      sms: "Randa: your order is on its way.",
      csms_id: "101",
      sms_type: "EN",
    });
    expect(ref).toBe(taken.reference_id);
  });

  it("sends Bangla as it is written", async () => {
    const text = "রান্দা: আপনার অর্ডার পৌঁছে গেছে। আমাদের কাছ থেকে কেনার জন্য ধন্যবাদ!";
    await sms.send({ to: TO, text, ref: "102" });
    expect(ssl.messages.at(-1)).toMatchObject({ sms: text, sms_type: "BN" });
  });

  it("a repeated csms_id is the message it took before: sent, and nothing sent twice", async () => {
    await sms.send({ to: TO, text: "first", ref: "103" });
    const before = ssl.messages.length;
    await expect(sms.send({ to: TO, text: "first", ref: "103" })).resolves.toBe("103");
    expect(ssl.messages).toHaveLength(before);
  });

  it("a message taken whose answer was lost fails to be retried, and the retry finds it sent", async () => {
    ssl.loseNext();
    const lost = await failureOf(sms.send({ to: TO, text: "lost answer", ref: "104" }));
    expect(lost.retry).toBe(true);
    await expect(sms.send({ to: TO, text: "lost answer", ref: "104" })).resolves.toBe("104");
    expect(ssl.messages.filter((m) => m.csms_id === "104")).toHaveLength(1);
  });

  it("a wrong token or SID is refused, and worth retrying once the account is put right", async () => {
    const wrongToken = createSslWirelessSms({ baseUrl: ssl.url, apiToken: "not-the-token", sid: ssl.sid });
    const token = await failureOf(wrongToken.send({ to: TO, text: "x", ref: "105" }));
    expect(token).toMatchObject({ retry: true, message: "SSL Wireless refused the message: 4001 Unauthorized" });
    const wrongSid = createSslWirelessSms({ baseUrl: ssl.url, apiToken: ssl.apiToken, sid: "OTHER" });
    expect(await failureOf(wrongSid.send({ to: TO, text: "x", ref: "106" }))).toMatchObject({ retry: true });
    expect(ssl.messages.some((m) => ["105", "106"].includes(m.csms_id))).toBe(false);
  });

  it.each([
    [4029, "Too Many Requests", true],
    [5000, "Internal Server Error", true],
    [4026, "Blocked MSISDN", false],
    [4027, "Message Length Exceeded", false],
  ])("refused with %i %s: retry %s", async (code, message, retry) => {
    ssl.refuseNext(code, message);
    const failure = await failureOf(sms.send({ to: TO, text: "x", ref: `2${code}` }));
    expect(failure).toMatchObject({ retry, message: `SSL Wireless refused the message: ${code} ${message}` });
  });

  it("silent or slower than its time: no answer, worth retrying", async () => {
    ssl.silence(true, 100);
    expect(await failureOf(sms.send({ to: TO, text: "x", ref: "107" }))).toMatchObject({ retry: true });
    ssl.silence(false);
    ssl.slow(5000);
    const slow = await failureOf(sms.send({ to: TO, text: "x", ref: "108" }));
    expect(slow.retry).toBe(true);
    expect(slow.message).toMatch(/^SSL Wireless did not answer/);
  });

  it("a refusal that repeats the number keeps it out of the failure's message", async () => {
    ssl.refuseNext(4025, `Invalid MSISDN ${TO} (+880 1712-345678)`);
    const failure = await failureOf(sms.send({ to: TO, text: "x", ref: "109" }));
    expect(failure.message).not.toContain("12345678");
    expect(failure.message).not.toContain("1712-345678");
    expect(failure.message).toContain("**********678");
  });
});

describe("the demo's kept messages", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("are kept and printed with the number masked", async () => {
    const out = capturedOutput();
    const kept = createKeptSms({ live: false });
    const ref = await kept.send({ to: TO, text: "Randa: your code is 482913.", ref: "7" });
    expect(ref).toBe("kept-7");
    expect(kept.kept).toMatchObject([{ to: TO, text: "Randa: your code is 482913.", ref: "7" }]);
    expect(out.captured.text).toContain("Randa: your code is 482913.");
    expect(out.captured.text).toContain("**********678");
    expect(out.captured.text).not.toContain("1712345678");
  });

  it("in a live store, say only that a message was kept: no number, no code", async () => {
    const out = capturedOutput();
    await createKeptSms({ live: true }).send({ to: TO, text: "Randa: your code is 482913.", ref: "8" });
    expect(out.captured.text).toContain("An SMS to **********678 was kept");
    expect(out.captured.text).not.toContain("482913");
    expect(out.captured.text).not.toContain("1712345678");
  });
});
