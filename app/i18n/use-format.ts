import { useT } from "~/i18n/use-t";
import { formatCount, formatMoney, formatTk } from "@shared/format";
import { formatDateTime, formatDay, formatTime } from "@shared/format-time";

/** Money and counts in the page's language: Bengali digits and ৳ in Bangla, 'Tk 1,25,000' in English. */
export function useFormat() {
  const { t, language } = useT();
  return {
    tk: (price: number) => formatTk(price, language),
    /** An amount in poisha, as the pages' view models carry money. */
    money: (poisha: number) => formatMoney(poisha, language),
    count: (n: number) => formatCount(n, language),
    pieces: (n: number) => t("units.pieces", { n: formatCount(n, language) }),
    /** An ISO time as the shop's clock shows it: '14:35'. */
    time: (at: string) => formatTime(at, language),
    /** An ISO time with its date: '23 Nov 2026, 14:35'. */
    dateTime: (at: string) => formatDateTime(at, language),
    /** A shop's day, YYYY-MM-DD: '9 Mar', or '9 Mar 2026' with its year. */
    day: (day: string, withYear = false) => formatDay(day, language, withYear),
  };
}
