import { describe, expect, it } from "vitest";
import { translatorFor } from "~/i18n/translators";
import { makeTranslator } from "~/i18n/translator";
import { translate } from "~/i18n/use-message";
import { message, M } from "@shared/messages";

describe("the pages' translator", () => {
  const en = translatorFor("en");
  const bn = translatorFor("bn");

  it("fills placeholders and picks the plural form by count", () => {
    expect(en.t("shop.results", { count: 1, n: "1" })).toBe("1 tool");
    expect(en.t("shop.results", { count: 0, n: "0" })).toBe("0 tools");
    expect(en.t("shop.matching", { count: 12, n: "12", q: "saw" })).toBe("12 tools match “saw”");
    expect(bn.t("shop.results", { count: 3, n: "৩" })).toBe("৩টি যন্ত্র");
  });

  it("answers the same text for a key asked again, and the key itself for a key it does not know", () => {
    expect(en.t("nav.home")).toBe("Home");
    expect(en.t("nav.home")).toBe("Home");
    expect(bn.t("nav.home")).toBe("হোম");
    expect(en.t("nav.no_such_text")).toBe("nav.no_such_text");
    expect(en.t("nav")).toBe("nav");
  });

  it("leaves a placeholder without a value as written", () => {
    const t = makeTranslator("en", { a: "{{x}} and {{y}}" }).t;
    expect(t("a", { x: 1 })).toBe("1 and {{y}}");
  });

  it("says a message that has no Bangla text in its English wording, its placeholders filled", () => {
    expect(bn.message("order.idempotency_key_invalid", {})).toBeNull();
    expect(translate(message(M.request.no_such_call, { method: "GET", path: "/x" }), "bn")).toBe(
      "No such API call: GET /x",
    );
  });
});
