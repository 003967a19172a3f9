import type { Language } from "@shared/languages";
import { sayer, type Path, type TextValues, type Words } from "@shared/words/catalogue";
import { useT } from "./use-t";

const missing = (key: string) => key;

/**
 * A catalogue of words only some pages download (the spreadsheet's, the payouts'): `text` for a <title> in a
 * language, and `useWords` for the page's `t` in the reader's. Only the modules that import the catalogue ship it.
 */
export function pageWords<Catalogue extends object>(en: Catalogue, bn: Words<Catalogue>) {
  type Key = Path<Catalogue>;
  const sayers = { en: sayer<Key>("en", en, missing), bn: sayer<Key>("bn", bn, missing) };
  return {
    text: (language: Language, key: Key, values?: TextValues) => sayers[language](key, values),
    useWords: () => {
      const { language } = useT();
      return { t: sayers[language], language };
    },
  };
}
