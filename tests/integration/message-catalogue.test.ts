import { describe, expect, it } from "vitest";
import { bnMessages } from "@shared/words/bn-messages";
import { enMessages } from "@shared/words/en-messages";
import { bnAdminMessages } from "@shared/words/bn-admin-messages";
import { enAdminMessages } from "@shared/words/en-admin-messages";
import { enSheetMessages } from "@shared/words/en-sheet-messages";
import { bnSheetMessages } from "@shared/words/bn-sheet-messages";
import { enCourierMessages } from "@shared/words/en-courier-messages";
import { bnCourierMessages } from "@shared/words/bn-courier-messages";
import { enParcelMessages } from "@shared/words/en-parcel-messages";
import { bnParcelMessages } from "@shared/words/bn-parcel-messages";
import { enPhoneCodeMessages } from "@shared/words/en-phone-code-messages";
import { bnPhoneCodeMessages } from "@shared/words/bn-phone-code-messages";
import { enMushakMessages } from "@shared/words/en-mushak-messages";
import { bnMushakMessages } from "@shared/words/bn-mushak-messages";
import { enBackInStockMessages } from "@shared/words/en-back-in-stock-messages";
import { bnBackInStockMessages } from "@shared/words/bn-back-in-stock-messages";

/** Every text of a catalogue, by its code. */
function texts(catalogue: Record<string, Record<string, string | undefined> | undefined>): [string, string][] {
  return Object.entries(catalogue).flatMap(([area, entries]) =>
    Object.entries(entries ?? {}).flatMap(([key, text]) =>
      text ? [[`${area}.${key}`, text] as [string, string]] : [],
    ),
  );
}

describe("the message catalogue", () => {
  it("never names a card number, in any language (a decline must not tell anyone which card pays)", () => {
    const all = [
      enMessages,
      bnMessages,
      enAdminMessages,
      bnAdminMessages,
      enSheetMessages,
      bnSheetMessages,
      enCourierMessages,
      bnCourierMessages,
      enParcelMessages,
      bnParcelMessages,
      enPhoneCodeMessages,
      bnPhoneCodeMessages,
      enMushakMessages,
      bnMushakMessages,
      enBackInStockMessages,
      bnBackInStockMessages,
    ].flatMap((c) => texts(c));
    expect(all.length).toBeGreaterThan(100);
    const withCardNumbers = all.filter(([, text]) => /\d(?:[\s-]?\d){11,}/.test(text));
    expect(withCardNumbers).toEqual([]);
  });
});
