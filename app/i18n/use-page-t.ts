import type { Language } from "@shared/languages";
import { sayer, type Path, type TextValues } from "@shared/words/catalogue";
import { bnPages } from "@shared/words/bn-pages";
import { enPages } from "@shared/words/en-pages";
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
