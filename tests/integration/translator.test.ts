import { describe, expect, it } from "vitest";
import { translatorFor } from "~/i18n/translators";
import { makeTranslator, type TextKey } from "~/i18n/translator";
import { translate } from "~/i18n/use-message";
import { message, M, type MessageCode } from "@shared/messages";
import { en as enWords } from "@shared/words/en";

describe("the pages' translator", () => {
  const en = translatorFor("en");
  const bn = translatorFor("bn");

  it("fills placeholders and picks the plural form by count", () => {
    expect(en.t("shop.results", { count: 1, n: "1" })).toBe("1 tool");
    expect(en.t("shop.results", { count: 0, n: "0" })).toBe("0 tools");
    expect(en.t("shop.matching", { count: 12, n: "12", q: "saw" })).toBe("12 tools match “saw”");
    expect(bn.t("shop.results", { count: 3, n: "৩" })).toBe("৩টি যন্ত্র");
  });

  it("answers the same text for a key asked again", () => {
    expect(en.t("nav.home")).toBe("Home");
    expect(en.t("nav.home")).toBe("Home");
    expect(bn.t("nav.home")).toBe("হোম");
  });

  it("refuses, in development and tests, a key with no text: only a cast can bring one", () => {
    expect(() => en.t("nav.no_such_text" as TextKey)).toThrow('No text for "nav.no_such_text" in the en catalogue');
    expect(() => en.t("nav" as TextKey)).toThrow('No text for "nav"');
    expect(() => bn.t("shop.results" as TextKey)).toThrow('No text for "shop.results" in the bn catalogue');
    expect(() => bn.message("order.no_such_code" as MessageCode, {})).toThrow('No text for "order.no_such_code"');
  });

  it("leaves a placeholder without a value as written", () => {
    const words = { ...enWords, nav: { ...enWords.nav, home: "{{x}} and {{y}}" } };
    expect(makeTranslator("en", words).t("nav.home", { x: 1 })).toBe("1 and {{y}}");
  });

  it("says every message in Bangla by its code, its placeholders filled in Bengali digits", () => {
    expect(bn.message("order.idempotency_key_invalid", {})).toBe("Idempotency-Key হবে ১ থেকে ২৫৫টি দৃশ্যমান ASCII অক্ষর");
    expect(translate(message(M.request.too_many, { seconds: 30 }), "bn")).toBe(
      "অনেক বেশি অনুরোধ এসেছে। ৩০ সেকেন্ড পরে আবার চেষ্টা করুন।",
    );
  });
});
