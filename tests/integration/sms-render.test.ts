import { describe, expect, it } from "vitest";
import { loadConfig } from "@server/config";
import { renderSms, type SmsFacts } from "@server/sms/render-sms";
import { ORDER_SMS_KINDS, smsNumberOf } from "@server/sms";
import { MAX_SMS_SEGMENTS, smsSize } from "@shared/sms-segments";
import { MAX_OPTION_VALUE_LENGTH } from "@shared/variants";

// Every text message the store sends goes in at most two messages, counted as phones count them (GSM-7: 160, then
// 153 a part, extension characters two places; otherwise UCS-2: 70, then 67), in both languages, with the longest
// values the store allows: names of 200 characters, a variant of two 40-character values, the longest tracking code
// a courier's answer may carry (64, server/couriers/courier.ts) and a long BASE_URL.

describe("counting segments as phones do", () => {
  it.each([
    ["", "gsm7", 0, 0],
    ["a".repeat(160), "gsm7", 160, 1],
    ["a".repeat(161), "gsm7", 161, 2],
    ["a".repeat(306), "gsm7", 306, 2],
    ["a".repeat(307), "gsm7", 307, 3],
    // The extension characters take two places: 80 braces are a whole message.
    ["{".repeat(80), "gsm7", 160, 1],
    ["{".repeat(81), "gsm7", 162, 2],
    // Concatenated, an escaped character is never split: 152 letters and a € leave the € for the second part.
    [`${"a".repeat(152)}€${"a".repeat(152)}`, "gsm7", 306, 3],
    ["£¥èéÄÖÑÜ§¿@_Δ", "gsm7", 13, 1],
    ["আ".repeat(70), "ucs2", 70, 1],
    ["আ".repeat(71), "ucs2", 71, 2],
    ["আ".repeat(134), "ucs2", 134, 2],
    ["আ".repeat(135), "ucs2", 135, 3],
    // One character outside GSM-7 sends the whole text as UCS-2.
    [`${"a".repeat(69)}…`, "ucs2", 70, 1],
    [`${"a".repeat(70)}’`, "ucs2", 71, 2],
    // A character beyond the BMP takes two units, and is not split between parts either.
    [`${"a".repeat(66)}😀${"a".repeat(66)}`, "ucs2", 134, 3],
  ])("%j is %s, %i units, %i segment(s)", (text, encoding, units, segments) => {
    expect(smsSize(text)).toEqual({ encoding, units, segments });
  });

  it("counts real Bangla messages as UCS-2", () => {
    const text = "রান্দা: আপনার অর্ডার পাঠানো হয়েছে। ট্র্যাকিং কোড 15BAEB8A: https://randa.com.bd/track/15BAEB8A";
    expect(smsSize(text)).toEqual({ encoding: "ucs2", units: text.length, segments: 2 });
    expect(smsSize("রান্দা: আপনার অর্ডার পৌঁছে গেছে।")).toMatchObject({ encoding: "ucs2", segments: 1 });
  });
});

const LONG_NAME = "Bench Chisel Set, Japanese White Steel, Hand-forged ".repeat(4).slice(0, 200);
const LONG_NAME_BN = "জাপানি সাদা ইস্পাতের হাতে তৈরি বাটালির সেট, ছয়টি মাপের কাঠের বাক্সসহ ".repeat(4).slice(0, 200);
const LONG_VARIANT = `${"W".repeat(MAX_OPTION_VALUE_LENGTH)} · ${"L".repeat(MAX_OPTION_VALUE_LENGTH)}`;
const LONG_CODE = "T".repeat(64);
const ID = "0b3c9f4e-8a51-4c8e-9f43-6f0d2c1a7b55";
// The longest BASE_URL anyone would give, far past any real one: the message drops the link before it grows.
const LONG_BASE = `https://${"shop.".repeat(40)}randa.example`;
const BASE = "https://randa.com.bd";

const facts = (kind: string, language: "en" | "bn", over: Partial<SmsFacts> = {}): SmsFacts => ({
  kind,
  language,
  order: { totalPoisha: 1_000_000_000_000, advancePoisha: 0, lineCount: 30 },
  item: { name: LONG_NAME, nameBn: LONG_NAME_BN, variant: LONG_VARIANT },
  trackingCode: null,
  productId: ID,
  variantId: ID,
  params: { code: "123456" },
  ...over,
});

const KINDS = [...ORDER_SMS_KINDS, "phone_code", "back_in_stock"] as const;

describe("the number a message goes to", () => {
  it.each([
    ["01712345678", "8801712345678"],
    ["+880 1712-345678", "8801712345678"],
    ["8801912345678", "8801912345678"],
    ["01212345678", null],
    ["0171234567", null],
    ["", null],
    [null, null],
  ])("%j is %j", (phone, msisdn) => {
    expect(smsNumberOf(phone)).toBe(msisdn);
  });
});

describe("every message within two segments", () => {
  for (const language of ["en", "bn"] as const) {
    for (const base of [BASE, LONG_BASE]) {
      it.each(KINDS)(`${language}, ${base.length}-character BASE_URL: %s at its longest`, (kind) => {
        for (const trackingCode of [null, LONG_CODE, "15BAEB8A"]) {
          const text = renderSms(facts(kind, language, { trackingCode }), base);
          expect(text).not.toBeNull();
          expect(smsSize(text!).segments, text!).toBeLessThanOrEqual(MAX_SMS_SEGMENTS);
          if (language === "bn") expect(text).toMatch(/^রান্দা: /);
          else expect(text).toMatch(/^Randa: /);
        }
      });
    }
  }

  it("a real order's message keeps its product whole, the amount and, shipped, the tracking code and its link", () => {
    const item = { name: "Jack Plane", nameBn: "জ্যাক র‍্যাঁদা", variant: "No. 5" };
    const order = { totalPoisha: 2_501_000, advancePoisha: 0, lineCount: 1 };
    const shipped = facts("shipped", "bn", { item, order, trackingCode: "15BAEB8A" });
    expect(renderSms(shipped, BASE)).toBe(
      "রান্দা: জ্যাক র‍্যাঁদা (No. 5) পাঠানো হয়েছে। ট্র্যাকিং কোড 15BAEB8A: https://randa.com.bd/track/15BAEB8A",
    );
    expect(renderSms({ ...shipped, language: "en" }, BASE)).toBe(
      "Randa: your order for Jack Plane (No. 5) is on its way. Tracking code 15BAEB8A: https://randa.com.bd/track/15BAEB8A",
    );
    expect(renderSms(facts("placed", "bn", { item, order }), BASE)).toBe(
      "রান্দা: আপনার অর্ডার (জ্যাক র‍্যাঁদা (No. 5), ২৫,০১০৳) পেয়েছি। নিশ্চিত করতে মূল্য পরিশোধ করুন বা ক্যাশ অন ডেলিভারি বেছে নিন।",
    );
    expect(renderSms(facts("shipped", "en", { item, order }), BASE)).toBe(
      "Randa: your order for Jack Plane (No. 5) is on its way.",
    );
  });

  it("a long name is cut, not the message: its size and the tracking link stay", () => {
    const item = { name: LONG_NAME, nameBn: LONG_NAME_BN, variant: "12 mm" };
    const text = renderSms(facts("shipped", "bn", { item, trackingCode: "15BAEB8A" }), BASE)!;
    expect(text).toContain("https://randa.com.bd/track/15BAEB8A");
    expect(text).toContain("... (12 mm) ও আরও ২৯টি পাঠানো হয়েছে।");
    expect(smsSize(text).segments).toBe(2);
  });

  it("a phone code in both languages, valid 10 minutes", () => {
    expect(renderSms(facts("phone_code", "en"), BASE)).toBe(
      "Randa: your code is 123456. It is valid for 10 minutes. Do not share it with anyone.",
    );
    expect(renderSms(facts("phone_code", "bn"), BASE)).toBe(
      "রান্দা: আপনার কোড 123456। এটি ১০ মিনিট কার্যকর থাকবে। কাউকে জানাবেন না।",
    );
    expect(renderSms(facts("phone_code", "en", { params: null }), BASE)).toBeNull();
  });

  it("back in stock names the tool and size with its link", () => {
    const item = { name: "Auger Drill Bit", nameBn: "অগার ড্রিল বিট", variant: "12 mm" };
    expect(renderSms(facts("back_in_stock", "en", { item }), BASE)).toBe(
      `Randa: Auger Drill Bit (12 mm) is back in stock. ${BASE}/detail/${ID}?variant=${ID}`,
    );
    expect(renderSms(facts("back_in_stock", "bn", { item, variantId: null }), BASE)).toBe(
      `রান্দা: অগার ড্রিল বিট (12 mm) আবার মজুতে এসেছে। ${BASE}/detail/${ID}`,
    );
  });

  it("says nothing when there is nothing to tell of", () => {
    expect(renderSms(facts("shipped", "en", { order: null }), BASE)).toBeNull();
    expect(renderSms(facts("back_in_stock", "en", { item: null }), BASE)).toBeNull();
    expect(renderSms(facts("cancelled", "en"), BASE)).toBeNull();
  });

  it("the BASE_URL the configuration takes is the one links are built on", () => {
    expect(loadConfig({ BASE_URL: LONG_BASE }).BASE_URL).toBe(LONG_BASE);
  });
});
