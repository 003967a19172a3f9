import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ORDER_SMS_KINDS, SmsFailure, type SmsProvider } from "@server/sms";
import { renderSms } from "@server/sms/render-sms";
import { createSslWirelessSms } from "@server/sms/sslwireless-sms";
import { isSafeText } from "@shared/schemas/text";
import { smsSize } from "@shared/sms-segments";
import { hostileText, hostileValue } from "../support/fuzz/hostile-values";
import { FUZZ_RUNS, FUZZ_TIMEOUT } from "../support/fuzz/run-fuzz";
import { readBody } from "../support/stand-in-http";

// No SMS call reaches the store from outside, so the fuzzers aim at what does: the names, sizes, codes and addresses a
// message is made of (every message stays within two segments, and rendering never throws), and whatever SSL
// Wireless might answer (a reference, or an SmsFailure: never another error, never a reference the store cannot keep).

/** Texts the store would keep as a name: the text rule's, within `max` UTF-16 units. */
const storedText = (max: number) =>
  fc
    .oneof(
      fc.string({ unit: "grapheme", maxLength: max }),
      fc.string({ unit: fc.constantFrom(..."{}[]~\\|^€aক্ষ😀 .·"), maxLength: max }),
      fc.constantFrom("a".repeat(max), "ক".repeat(max), "€".repeat(max), "😀".repeat(max / 2)),
    )
    .map((text) => text.slice(0, max).trim())
    .filter((text) => text !== "" && isSafeText(text));

const facts = fc.record({
  kind: fc.constantFrom(...ORDER_SMS_KINDS, "phone_code", "back_in_stock"),
  language: fc.constantFrom("en" as const, "bn" as const),
  order: fc.record({
    totalPoisha: fc.integer({ min: 0, max: 1_000_000_000_000 }),
    advancePoisha: fc.integer({ min: 0, max: 10_000_000 }),
    lineCount: fc.integer({ min: 1, max: 50 }),
  }),
  item: fc.record({
    name: storedText(200),
    nameBn: fc.option(storedText(200)),
    variant: fc.option(fc.tuple(storedText(40), storedText(40)).map(([a, b]) => `${a} · ${b}`)),
  }),
  trackingCode: fc.option(storedText(64)),
  productId: fc.uuid(),
  variantId: fc.option(fc.uuid()),
  params: fc.record({ code: fc.stringMatching(/^\d{6}$/) }),
});
const baseURL = fc.constantFrom("http://127.0.0.1:3000", "https://randa.com.bd", `https://${"x".repeat(200)}.example`);

describe("fuzzing the messages: never more than two segments", () => {
  it(
    "any names, sizes, codes and addresses the store keeps",
    () => {
      fc.assert(
        fc.property(facts, baseURL, (f, base) => {
          const text = renderSms(f, base);
          expect(text).not.toBeNull();
          expect(smsSize(text!).segments, text!).toBeLessThanOrEqual(2);
        }),
        { numRuns: FUZZ_RUNS },
      );
    },
    FUZZ_TIMEOUT,
  );
});

describe("fuzzing SSL Wireless's answers: a reference or an SmsFailure", () => {
  let answer: { status: number; body: string } = { status: 200, body: "{}" };
  let url = "";
  const server = createServer((req, res) => {
    void readBody(req).then(() => {
      res.writeHead(answer.status, { "content-type": "application/json" });
      res.end(answer.body);
    });
  });
  let sms: SmsProvider;

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    sms = createSslWirelessSms({ baseUrl: url, apiToken: "token-0123456789", sid: "RANDA", timeoutMs: 2000 });
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const field = fc.oneof(hostileValue, fc.constantFrom("SUCCESS", "FAILED", 200, "200", 4023, 4025, 5000));
  const bodies = fc.oneof(
    hostileText,
    fc.jsonValue().map((v) => JSON.stringify(v)),
    fc
      .record(
        {
          status: field,
          status_code: field,
          error_message: field,
          smsinfo: fc.oneof(
            hostileValue,
            fc.array(
              fc.record({ sms_status: field, status_message: field, reference_id: field }, { requiredKeys: [] }),
            ),
          ),
        },
        { requiredKeys: [] },
      )
      .map((v) => JSON.stringify(v)),
  );

  it(
    "whatever comes back, with whatever status",
    async () => {
      await fc.assert(
        fc.asyncProperty(bodies, fc.constantFrom(200, 200, 400, 401, 404, 500, 502), async (body, status) => {
          answer = { status, body };
          try {
            const ref = await sms.send({ to: "8801712345678", text: "Randa: x", ref: "42" });
            expect(typeof ref).toBe("string");
            expect(ref.length).toBeGreaterThan(0);
            expect(ref.length).toBeLessThanOrEqual(64);
          } catch (err) {
            expect(err).toBeInstanceOf(SmsFailure);
          }
        }),
        {
          numRuns: FUZZ_RUNS,
          // What the fuzzer found once: a status code that is no number, a verdict that is no object.
          examples: [
            ['{"status_code":{"toString":"x"}}', 200],
            ['{"status":"SUCCESS","status_code":200,"smsinfo":[null]}', 200],
          ],
        },
      );
    },
    FUZZ_TIMEOUT,
  );
});
