import { useTranslation } from "react-i18next";
import { formatCount, formatTk } from "~/lib/format";
import { isLanguage } from "./languages";

/** Money and counts in the page's language: Bengali digits and ৳ in Bangla, 'Tk 1,25,000' in English. */
export function useFormat() {
  const { i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : "en";
  return {
    tk: (price: number) => formatTk(price, language),
    count: (n: number) => formatCount(n, language),
    pieces: (n: number) => `${formatCount(n, language)} ${language === "bn" ? "পিস" : "Pis"}`,
  };
}
