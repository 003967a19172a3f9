import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { bn } from "@shared/words/bn";
import { bnMail } from "@shared/words/bn-mail";
import { en } from "@shared/words/en";
import { enMail } from "@shared/words/en-mail";
import { enSms } from "@shared/words/en-sms";
import { bnSms } from "@shared/words/bn-sms";
import { enPages } from "@shared/words/en-pages";
import { bnPages } from "@shared/words/bn-pages";
import { enSheet } from "@shared/words/en-sheet";
import { enCodNote } from "@shared/words/en-cod-note";
import { enPayouts } from "@shared/words/en-payouts";
import { bnPayouts } from "@shared/words/bn-payouts";
import { bnCodNote } from "@shared/words/bn-cod-note";
import { bnSheet } from "@shared/words/bn-sheet";
import { bnAdminMessages } from "@shared/words/bn-admin-messages";
import { withAdminMessages } from "@shared/messages";
import { enAdminMessages } from "@shared/words/en-admin-messages";
import { enSheetMessages } from "@shared/words/en-sheet-messages";
import { bnSheetMessages } from "@shared/words/bn-sheet-messages";
import { enCourierMessages } from "@shared/words/en-courier-messages";
import { bnCourierMessages } from "@shared/words/bn-courier-messages";
import { enParcel } from "@shared/words/en-parcel";
import { bnParcel } from "@shared/words/bn-parcel";
import { enParcelMessages } from "@shared/words/en-parcel-messages";
import { bnParcelMessages } from "@shared/words/bn-parcel-messages";
import { enPhoneCode } from "@shared/words/en-phone-code";
import { bnPhoneCode } from "@shared/words/bn-phone-code";
import { enPhoneCodeMessages } from "@shared/words/en-phone-code-messages";
import { bnPhoneCodeMessages } from "@shared/words/bn-phone-code-messages";
import { enMushak } from "@shared/words/en-mushak";
import { bnMushak } from "@shared/words/bn-mushak";
import { enMushakMessages } from "@shared/words/en-mushak-messages";
import { bnMushakMessages } from "@shared/words/bn-mushak-messages";
import { enBackInStock } from "@shared/words/en-back-in-stock";
import { bnBackInStock } from "@shared/words/bn-back-in-stock";
import { enBackInStockMessages } from "@shared/words/en-back-in-stock-messages";
import { bnBackInStockMessages } from "@shared/words/bn-back-in-stock-messages";

/** Each language's whole catalogue: the pages' words, the messages by code, the e-mails' and the text messages' words. */
const CATALOGUES = {
  en: {
    ...en,
    ...enPages,
    ...enSheet,
    ...enPayouts,
    ...enCodNote,
    ...enParcel,
    ...enPhoneCode,
    ...enMushak,
    ...enBackInStock,
    mail: enMail,
    sms: enSms,
    messages: withAdminMessages(
      withAdminMessages(
        withAdminMessages(withAdminMessages(en.messages, enPhoneCodeMessages), enAdminMessages),
        enSheetMessages,
      ),
      withAdminMessages(
        withAdminMessages(withAdminMessages(enCourierMessages, enParcelMessages), enMushakMessages),
        enBackInStockMessages,
      ),
    ),
  },
  bn: {
    ...bn,
    ...bnPages,
    ...bnSheet,
    ...bnPayouts,
    ...bnCodNote,
    ...bnParcel,
    ...bnPhoneCode,
    ...bnMushak,
    ...bnBackInStock,
    mail: bnMail,
    sms: bnSms,
    messages: withAdminMessages(
      withAdminMessages(
        withAdminMessages(withAdminMessages(bn.messages, bnPhoneCodeMessages), bnAdminMessages),
        bnSheetMessages,
      ),
      withAdminMessages(
        withAdminMessages(withAdminMessages(bnCourierMessages, bnParcelMessages), bnMushakMessages),
        bnBackInStockMessages,
      ),
    ),
  },
};

/**
 * The keys the store builds at runtime, as the template that builds them starts in the source: every key under such
 * a head counts as used. Each is checked to be still in the source, so a head no longer built fails the test.
 */
const BUILT_AT_RUNTIME = [
  // An order's state: StatusBadge, Manage Orders' tabs (order-tabs.tsx), the overview's charts, the e-mails.
  "`states.${",
  // What happened to an order, and who did it: app/components/order/order-history.tsx.
  "`order.events.${",
  "`order.by.${",
  // The invoice's payment method and standing: app/components/invoice/invoice-payment.tsx.
  "`invoice.methods.${",
  "`invoice.standing.${",
  "`invoice.standing.refund_${",
  // The shop's sort orders: app/components/shop/shop-filters.tsx.
  "`shop.sorts.${",
  // How buyers paid, in the overview: app/routes/dashboard/overview.tsx.
  "`overview.methods.${",
  // A buyer's e-mail by its event, and the payment method it names: server/mail/order-mail.ts.
  "`mail.events.${",
  "`mail.methods.${",
  // A text message by its event and how full it is: server/sms/render-sms.ts.
  "`sms.events.${",
  // A delivery zone's name: the checkout's summary and /dashboard/delivery.
  "`zones.${",
  // What each column of the catalog spreadsheet holds: app/routes/dashboard/spreadsheet.tsx.
  "`sheetPage.docs.${",
  // Where a parcel is and who carries it: app/components/parcel/, the packing slips and /track/{code}.
  "`parcel.states.${",
  "`parcel.couriers.${",
  // A courier's name on the payouts page: app/routes/dashboard/payouts.tsx.
  "`payoutsPage.courier.${",
];

const SOURCE_DIRS = ["app", "server", "shared"];
/** The catalogue's own files define the words; they do not use them. */
const CATALOGUE_DIR = path.join("shared", "words");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return file === CATALOGUE_DIR ? [] : sourceFiles(file);
    return /\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

/** The store's code without its comments, which may quote a key as an example. */
const SOURCE = SOURCE_DIRS.flatMap(sourceFiles)
  .map((file) =>
    readFileSync(file, "utf8")
      .replace(/\/\*[\s\S]*?\*\//g, "")
      .replace(/^\s*\/\/.*$/gm, ""),
  )
  .join("\n");

/** Every text by its dotted key. */
function textsOf(words: object, prefix = ""): Map<string, string> {
  const found = new Map<string, string>();
  for (const [key, value] of Object.entries(words)) {
    if (typeof value === "string") found.set(`${prefix}${key}`, value);
    else for (const [k, v] of textsOf(value as object, `${prefix}${key}.`)) found.set(k, v);
  }
  return found;
}

const TEXTS = { en: textsOf(CATALOGUES.en), bn: textsOf(CATALOGUES.bn) };

const placeholders = (text: string) => [...new Set(text.match(/\{\{\w+\}\}/g) ?? [])].sort();

const quoted = (key: string) => ['"', "'", "`"].some((q) => SOURCE.includes(`${q}${key}${q}`));

/** Whether the store's code names this key: a page text by its key, a message by its code. */
function isUsed(key: string): boolean {
  const base = key.replace(/_(zero|one|two|few|many|other)$/, "");
  if (BUILT_AT_RUNTIME.some((head) => `\`${base}`.startsWith(head.slice(0, -2)))) return true;
  if (!key.startsWith("messages.")) return quoted(base);
  const code = key.slice("messages.".length);
  return new RegExp(`\\bM\\.${code.replace(".", "\\.")}\\b`).test(SOURCE) || quoted(code);
}

describe("the catalogue of words", () => {
  it("has every text in both languages", () => {
    const missingIn = (language: "en" | "bn", other: "en" | "bn") =>
      [...TEXTS[other].keys()].filter((key) => !TEXTS[language].has(key));
    expect(TEXTS.en.size).toBeGreaterThan(800);
    expect(missingIn("bn", "en")).toEqual([]);
    expect(missingIn("en", "bn")).toEqual([]);
  });

  it("has the same placeholders in both languages", () => {
    const differ = [...TEXTS.en].flatMap(([key, english]) => {
      const bangla = TEXTS.bn.get(key) ?? "";
      return placeholders(english).join() === placeholders(bangla).join() ? [] : [`${key}: ${english} | ${bangla}`];
    });
    expect(differ).toEqual([]);
  });

  it("holds only words the store uses", () => {
    expect(BUILT_AT_RUNTIME.filter((head) => !SOURCE.includes(head))).toEqual([]);
    expect([...TEXTS.en.keys()].filter((key) => !isUsed(key))).toEqual([]);
  });
});
