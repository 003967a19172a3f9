import { useContext } from "react";
import { I18nContext } from "react-i18next";
import type { i18n as I18n, TFunction } from "i18next";
import { isLanguage, type Language } from "@shared/languages";
import { i18nFor } from "./i18n";

const bound = new WeakMap<I18n, TFunction>();

/**
 * `i18n.t`, with the texts that take no values looked up once: a page asks for the same labels row after row,
 * and each i18next lookup resolves the key's namespace, path and fallbacks afresh.
 */
function tOf(i18n: I18n): TFunction {
  const plain = new Map<string, string>();
  const t = (key: unknown, ...rest: unknown[]) => {
    if (rest.length > 0 || typeof key !== "string")
      return (i18n.t as unknown as (...args: unknown[]) => unknown)(key, ...rest);
    let text = plain.get(key);
    if (text === undefined) plain.set(key, (text = i18n.t(key)));
    return text;
  };
  return t as unknown as TFunction;
}

/**
 * The page's texts: `t`, the i18next instance and its language. The instances are made once per language and
 * never change (see `i18nFor`), so this reads the provider's instance and hands out its `t`. react-i18next's
 * `useTranslation` would copy the instance's properties into a fresh wrapper in every component that calls it,
 * which was the largest cost of rendering a 20-row table on the server.
 */
export function useT(): { t: TFunction; i18n: I18n; language: Language } {
  const i18n = useContext(I18nContext)?.i18n ?? i18nFor("en");
  let t = bound.get(i18n);
  if (!t) bound.set(i18n, (t = tOf(i18n)));
  const language = isLanguage(i18n.language) ? i18n.language : "en";
  return { t, i18n, language };
}
