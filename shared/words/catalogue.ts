import type { Language } from "../languages";
import type { en } from "./en";

/**
 * The words a person reads, one catalogue per language: `en.ts` and `bn.ts` (page labels, order-state names, and
 * under `messages` every message by code, kept in `en-messages.ts` and `bn-messages.ts`), and the e-mails' words,
 * which only the server reads (`en-mail.ts`, `bn-mail.ts`). English is the shape: every other language is typed
 * against it, so a text missing in one language is a compile error. docs/decisions/0029-one-catalogue-of-words.md.
 */
export type Words<T> = { readonly [K in keyof T]: T[K] extends string ? string : Words<T[K]> };

/** A language's catalogue: English's shape with a string at every leaf. */
export type Catalogue = Words<typeof en>;

/** The plural forms `Intl.PluralRules` picks from; a text with forms is written `key_one`, `key_other`. */
type PluralForm = "zero" | "one" | "two" | "few" | "many" | "other";

type Leaves<T> = {
  [K in keyof T & string]: T[K] extends string ? K : `${K}.${Leaves<T[K]>}`;
}[keyof T & string];

type WithoutPluralForm<P> = P extends `${infer Base}_${PluralForm}` ? Base : P;

/** The dotted key of every text in `T`: `"product.atMost"`; texts with plural forms by their base, `"shop.results"`. */
export type Path<T> = WithoutPluralForm<Leaves<T>>;

/** A page text's key: any text of the catalogue but the messages, which pages show by code (`useMessage`). */
export type TextKey = Path<Omit<Catalogue, "messages">>;

/** A text's placeholder values; a numeric `count` also picks its plural form (`key_one`, `key_other`). */
export type TextValues = Record<string, unknown>;

/** `{{name}}` filled from `values`; a placeholder without a value stays as written. */
export function fill(template: string, values: TextValues): string {
  return template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
    values[name] === undefined ? whole : String(values[name]),
  );
}

interface Tree {
  readonly [key: string]: string | Tree;
}

/** The text at a dotted key, or undefined when there is none (or the key names a group of texts). */
export function lookup(words: object, key: string): string | undefined {
  let found: Tree | string | undefined = words as Tree;
  for (const part of key.split(".")) {
    if (typeof found !== "object" || !Object.hasOwn(found, part)) return undefined;
    found = found[part];
  }
  return typeof found === "string" ? found : undefined;
}

/**
 * `t(key, values)` over a catalogue: the text, its placeholders filled, its plural form picked by a numeric `count`.
 * A key with no text can only come through a cast; `missing` says what then happens (throw, or log and show the key).
 * The texts that take no values are looked up once: a page asks for the same labels row after row.
 */
export function sayer<Key extends string>(
  language: Language,
  words: object,
  missing: (key: string) => string,
): (key: Key, values?: TextValues) => string {
  const plural = new Intl.PluralRules(language);
  const plain = new Map<string, string>();
  return (key, values) => {
    if (!values) {
      let text = plain.get(key);
      if (text === undefined) {
        const found = lookup(words, key);
        if (found === undefined) return missing(key);
        plain.set(key, (text = found));
      }
      return text;
    }
    const count = values.count;
    const text =
      (typeof count === "number" ? lookup(words, `${key}_${plural.select(count)}`) : undefined) ?? lookup(words, key);
    return text === undefined ? missing(key) : fill(text, values);
  };
}

/**
 * Whether `value` is one of `choices`: the guard before a key built from a value, `t(\`invoice.methods.${m}\`)`,
 * so that the key is typed through the choices' literal union.
 */
export const isOneOf = <T extends string>(choices: readonly T[], value: unknown): value is T =>
  (choices as readonly unknown[]).includes(value);
