import type { Language } from "@shared/languages";

/** A text's placeholder values; a numeric `count` also picks its plural form (`key_one`, `key_other`). */
export type TextValues = Record<string, unknown>;
export type TFunction = (key: string, values?: TextValues) => string;

export interface Texts {
  readonly [key: string]: string | Texts | undefined;
}

export interface Translator {
  language: Language;
  /** A text by its dotted key, `t("product.atMost", { n })`; the key itself when there is no such text. */
  t: TFunction;
  /** A message of shared/messages.ts by its code in this language, or null when it has no text in it. */
  message(code: string, values: TextValues): string | null;
}

/** `{{name}}` filled from `values`; a placeholder without a value stays as written. */
export function fill(template: string, values: TextValues): string {
  return template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
    values[name] === undefined ? whole : String(values[name]),
  );
}

function lookup(texts: Texts, key: string): string | undefined {
  let found: Texts | string | undefined = texts;
  for (const part of key.split(".")) {
    if (typeof found !== "object") return undefined;
    found = found[part];
  }
  return typeof found === "string" ? found : undefined;
}

/**
 * A language's texts and messages behind `t`. The texts that take no values are looked up once: a page asks for
 * the same labels row after row.
 */
export function makeTranslator(language: Language, texts: Texts, messages: Texts = {}): Translator {
  const plural = new Intl.PluralRules(language);
  const plain = new Map<string, string>();
  const t: TFunction = (key, values) => {
    if (!values) {
      let text = plain.get(key);
      if (text === undefined) plain.set(key, (text = lookup(texts, key) ?? key));
      return text;
    }
    const count = values.count;
    const text =
      (typeof count === "number" ? lookup(texts, `${key}_${plural.select(count)}`) : undefined) ?? lookup(texts, key);
    return text === undefined ? key : fill(text, values);
  };
  const message = (code: string, values: TextValues) => {
    const text = lookup(messages, code);
    return text === undefined ? null : fill(text, values);
  };
  return { language, t, message };
}
