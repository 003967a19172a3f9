import type { Language } from "./languages";
import { poishaToTk } from "./money";

const tk = new Intl.NumberFormat("en-IN", { maximumFractionDigits: 2 });
const tkWithPoisha = new Intl.NumberFormat("en-IN", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const taka = new Intl.NumberFormat("bn-BD", { style: "currency", currency: "BDT", minimumFractionDigits: 0 });
const takaWithPoisha = new Intl.NumberFormat("bn-BD", { style: "currency", currency: "BDT" });
const counts: Record<Language, Intl.NumberFormat> = {
  en: new Intl.NumberFormat("en-IN"),
  bn: new Intl.NumberFormat("bn-BD"),
};

/**
 * 'Tk {price}' as the spec writes it, with digits grouped the Bangladeshi way (1,00,000); in Bangla, Bengali
 * digits with lakh grouping and ৳ (bn-BD).
 */
export function formatTk(price: number, language: Language = "en"): string {
  const whole = Number.isInteger(price);
  if (language === "bn") return (whole ? taka : takaWithPoisha).format(price);
  return `Tk ${whole ? tk.format(price) : tkWithPoisha.format(price)}`;
}

/** Small whole numbers written already, per language: a page of figures writes hundreds of them. */
const smallCounts: Record<Language, string[]> = { en: [], bn: [] };

export function formatCount(n: number, language: Language = "en"): string {
  // -0 is written "-0" and is left to Intl.
  const small = Number.isInteger(n) && n >= 0 && n < 1000 && !Object.is(n, -0);
  return small ? (smallCounts[language][n] ??= counts[language].format(n)) : counts[language].format(n);
}

/** An amount kept in poisha, for people: 'Tk 1,250.50', or ১,২৫০.৫০৳ in Bangla. */
export function formatMoney(poisha: number, language: Language = "en"): string {
  return formatTk(poishaToTk(poisha), language);
}
