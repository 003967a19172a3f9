// The two locales' own entry points: the package's main one loads all of its 136 locales (2 MB of source, kept in
// the server's memory for as long as it runs).
import { ToWords as BanglaWords } from "to-words/bn-BD";
import { ToWords as EnglishWords } from "to-words/en-BD";
import type { Language } from "@shared/languages";

const inWords: Record<Language, EnglishWords | BanglaWords> = {
  // Lakh and crore, as amounts are written in Bangladesh: "One Lakh Twenty Thousand Taka Only".
  en: new EnglishWords({ converterOptions: { currency: true } }),
  bn: new BanglaWords({ converterOptions: { currency: true } }),
};

/**
 * An amount in poisha written out for an invoice: "One Thousand Two Hundred Fifty Taka Only",
 * "এক হাজার দুই শত পঞ্চাশ টাকা মাত্র". Server-side only: the words library stays out of the pages' JavaScript.
 */
export function amountInWords(poisha: number, language: Language): string {
  const words = inWords[language].convert(poisha / 100);
  return language === "bn" ? `${words} মাত্র` : words;
}
