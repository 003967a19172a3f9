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

/** A language's catalogue (shared/words/) behind `t` and `message`. */
export function makeTranslator(language: Language, words: Catalogue): Translator {
  const t = sayer<TextKey>(language, words, missing(language));
  const message = (code: MessageCode, values: TextValues) => {
    const text = lookup(words.messages, code);
    return text === undefined ? missing(language)(code) : fill(text, values);
  };
  const knows = (code: string): code is MessageCode => lookup(words.messages, code) !== undefined;
  return { language, t, message, knows };
}
