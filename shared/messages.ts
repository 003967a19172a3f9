import { fill } from "./words/catalogue";
import { enMessages } from "./words/en-messages";
import type { enMessages as EnglishMessages } from "./words/en-messages";
import { enAdminMessages } from "./words/en-admin-messages";
import { enCourierMessages } from "./words/en-courier-messages";
import { enParcelMessages } from "./words/en-parcel-messages";
import { enPhoneCodeMessages } from "./words/en-phone-code-messages";
import { enSheetMessages } from "./words/en-sheet-messages";
import { enBackInStockMessages } from "./words/en-back-in-stock-messages";
import { enMushakMessages } from "./words/en-mushak-messages";

/**
 * Every message the store can answer with has a stable code: schemas, use cases and domain code name one by its
 * code (`M.order.not_yours`); the API answers `{message, code}` with its English text; pages show it in their
 * language by code (app/i18n/use-message.ts). The words are in the catalogue: shared/words/en-messages.ts and
 * shared/words/bn-messages.ts.
 */
type Messages = typeof EnglishMessages &
  typeof enAdminMessages &
  typeof enSheetMessages &
  typeof enCourierMessages &
  typeof enParcelMessages &
  typeof enPhoneCodeMessages &
  typeof enBackInStockMessages &
  typeof enMushakMessages;

/** `"order.not_yours"`: the dotted path of every message. */
export type MessageCode = {
  [Area in keyof Messages]: `${Area & string}.${keyof Messages[Area] & string}`;
}[keyof Messages];

export type MessageParams = Record<string, string | number>;

/** A message by its code and the values in it: what a page translates into its language. */
export interface Coded {
  code: MessageCode;
  params?: MessageParams;
}

/** A message as it travels to the browser: its code, the values in it, and its English text. */
export interface Message extends Coded {
  message: string;
}

type Codes = { [Area in keyof Messages]: { [Key in keyof Messages[Area]]: `${Area & string}.${Key & string}` } };

/**
 * `M.order.not_yours === "order.not_yours"`: codes with the compiler's help. Made from the names alone, so a page
 * that names a code downloads no English text: each page's words come in its own language's chunk.
 */
export const M = /* @__PURE__ */ codesByName();

function codesByName(): Codes {
  const areas = new Map<string, object>();
  const areaOf = (area: string) =>
    new Proxy({}, { get: (_, key) => (typeof key === "string" ? `${area}.${key}` : undefined) });
  return new Proxy({} as Codes, {
    get: (_, area) => {
      if (typeof area !== "string") return undefined;
      let codes = areas.get(area);
      if (!codes) areas.set(area, (codes = areaOf(area)));
      return codes;
    },
  });
}

/**
 * Whether a value has a code's shape (`area.key`, lower case): what the store sends, as opposed to a sentence. A
 * language's catalogue says whether it knows the code (`Translator.knows`); `isKnownMessageCode` asks the English one.
 */
export function isMessageCode(value: unknown): value is MessageCode {
  return typeof value === "string" && /^[a-z][a-z0-9_]*\.[a-z][a-z0-9_]*$/.test(value);
}

/**
 * Every message in English: the pages' and the admins' own (words/en-admin-messages.ts), with those only the
 * spreadsheet page and the couriers' calls speak (each page registers its own in the browser).
 */
let allEnglish: Messages | undefined;
const englishMessages = (): Messages =>
  (allEnglish ??= [
    enAdminMessages,
    enSheetMessages,
    enCourierMessages,
    enParcelMessages,
    enPhoneCodeMessages,
    enBackInStockMessages,
    enMushakMessages,
  ].reduce<object>((all, part) => withAdminMessages(all, part), enMessages) as Messages);

/** A catalogue of messages with the admins' own added, area by area (an area may have messages in both). */
export function withAdminMessages<A extends object, B extends object>(messages: A, admin: B): A & B {
  const all: Record<string, object> = { ...(messages as Record<string, object>) };
  for (const [area, words] of Object.entries(admin)) all[area] = { ...all[area], ...(words as object) };
  return all as A & B;
}

/** Whether the store has a message of this code: for the server, which reads the English words anyway. */
export function isKnownMessageCode(value: unknown): value is MessageCode {
  if (!isMessageCode(value)) return false;
  const [area, key] = value.split(".") as [string, string];
  const all = englishMessages();
  return Object.hasOwn(all, area) && Object.hasOwn(all[area as keyof Messages], key);
}

/** The English text of a message, its placeholders filled. */
export function english(code: MessageCode, params: MessageParams = {}): string {
  const [area, key] = code.split(".") as [keyof Messages, string];
  return fill((englishMessages()[area] as Record<string, string>)[key]!, params);
}

export function message(code: MessageCode, params?: MessageParams): Message {
  return params ? { code, params, message: english(code, params) } : { code, message: english(code) };
}
