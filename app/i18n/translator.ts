import type { Language } from "@shared/languages";
import type { MessageCode } from "@shared/messages";
import { fill, lookup, sayer, type Catalogue, type TextKey, type TextValues } from "@shared/words/catalogue";

export type { TextKey, TextValues };
export type TFunction = (key: TextKey, values?: TextValues) => string;

export interface Translator {
  language: Language;
  /** A text by its dotted key, `t("product.atMost", { n })`. */
  t: TFunction;
  /** A message of the catalogue by its code in this language, its placeholders filled. */
  message(code: MessageCode, values: TextValues): string;
  /** Whether the catalogue has a message of this code (a text shaped like a code may be a person's words). */
  knows(code: string): code is MessageCode;
}

/**
 * A key with no text can only come through a cast: in development and tests that is an error to fix at once; in
 * production the page shows the key rather than fail, and the browser's console says which.
 */
function missing(language: Language) {
  return (key: string): string => {
    const problem = `No text for "${key}" in the ${language} catalogue`;
    if (import.meta.env.DEV) throw new Error(problem);
    console.error(problem);
    return key;
  };
}

type MessageWords = Record<string, Record<string, string>>;

/** Messages a page's own chunk brings beside the catalogue's (the admins' pages: app/i18n/use-page-t.ts). */
const added: Record<Language, MessageWords[]> = { en: [], bn: [] };

export function addMessages(language: Language, messages: MessageWords) {
  if (!added[language].includes(messages)) added[language].push(messages);
}

/** A language's catalogue (shared/words/) behind `t` and `message`. */
export function makeTranslator(language: Language, words: Catalogue): Translator {
  const t = sayer<TextKey>(language, words, missing(language));
  const textOf = (code: string): string | undefined => {
    const own = lookup(words.messages, code);
    if (own !== undefined) return own;
    for (const more of added[language]) {
      const text = lookup(more, code);
      if (text !== undefined) return text;
    }
    return undefined;
  };
  const message = (code: MessageCode, values: TextValues) => {
    const text = textOf(code);
    return text === undefined ? missing(language)(code) : fill(text, values);
  };
  const knows = (code: string): code is MessageCode => textOf(code) !== undefined;
  return { language, t, message, knows };
}
