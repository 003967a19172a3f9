import { ToWords } from "to-words";
import type { Language } from "@shared/languages";

const inWords: Record<Language, ToWords> = {
  // Lakh and crore, as amounts are written in Bangladesh: "One Lakh Twenty Thousand Taka Only".
  en: new ToWords({ localeCode: "en-BD", converterOptions: { currency: true } }),
  bn: new ToWords({ localeCode: "bn-BD", converterOptions: { currency: true } }),
};

/**
 * An amount in poisha written out for an invoice: "One Thousand Two Hundred Fifty Taka Only",
 * "এক হাজার দুই শত পঞ্চাশ টাকা মাত্র". Server-side only: the words library stays out of the pages' JavaScript.
 */
export function amountInWords(poisha: number, language: Language): string {
  const words = inWords[language].convert(poisha / 100);
  return language === "bn" ? `${words} মাত্র` : words;
}
