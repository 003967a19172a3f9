import { createContext, useContext } from "react";
import type { Language } from "@shared/languages";
import type { TFunction, Translator } from "./translator";
import { translatorFor } from "./translators";

/** The page's translator, provided by the root layout in the language its loader chose. */
export const TextsContext = createContext<Translator | null>(null);

/** The page's texts: `t` and its language. */
export function useT(): { t: TFunction; language: Language } {
  const { t, language } = useContext(TextsContext) ?? translatorFor("en");
  return { t, language };
}
