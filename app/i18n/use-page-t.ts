import type { Language } from "@shared/languages";
import { lookup, sayer, type Path, type TextKey, type TextValues } from "@shared/words/catalogue";
import { bnPages } from "@shared/words/bn-pages";
import { enPages } from "@shared/words/en-pages";
import "./admin-messages";
import { useT } from "./use-t";

export type PageTextKey = Path<typeof enPages>;

const missing = (key: string) => key;
const sayers = {
  en: sayer<PageTextKey>("en", enPages, missing),
  bn: sayer<PageTextKey>("bn", bnPages, missing),
};

/** A text of the pages that ship no JavaScript (home, portfolio), in a language: for their <title>. */
export function pageText(language: Language, key: PageTextKey, values?: TextValues): string {
  return sayers[language](key, values);
}

/**
 * `t` over the words of the pages that ship no JavaScript (shared/words/en-pages.ts): only those pages' modules
 * import it, so their words stay out of every other page's download.
 */
export function usePageT() {
  const { language } = useT();
  return { t: sayers[language], language };
}

/** A key of either catalogue: the main one's (`TextKey`) or the pages' (`PageTextKey`). */
export type AnyTextKey = TextKey | PageTextKey;

/** Which catalogue holds a key, found once per key: an admin's table asks for the same labels row after row. */
const pageKeys = new Map<string, boolean>();
const isPageKey = (key: string): key is PageTextKey => {
  let known = pageKeys.get(key);
  if (known === undefined) pageKeys.set(key, (known = lookup(enPages, key) !== undefined));
  return known;
};

/**
 * `t` over both catalogues, for the admins' pages: their own words live with the pages' (shared/words/en-pages.ts,
 * out of every buyer's download), the words they share with the buyer's pages in the main catalogue.
 */
export function useAdminT() {
  const { t, language } = useT();
  const page = sayers[language];
  const say = (key: AnyTextKey, values?: TextValues) =>
    isPageKey(key) ? page(key, values) : t(key as TextKey, values);
  return { t: say, language };
}
