import type { Language } from "./languages";

/**
 * Times are shown in the shop's own time, Bangladesh Standard Time (UTC+6, no daylight saving), whoever looks:
 * the server and the browser then write the same text, so a page hydrates without a mismatch. Computed by hand
 * rather than with Intl's time zones and month names, which differ between Node's and the browser's ICU.
 */
const SHOP_OFFSET_MS = 6 * 60 * 60 * 1000;

const MONTHS: Record<Language, readonly string[]> = {
  en: ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"],
  bn: ["জানুয়ারি", "ফেব্রুয়ারি", "মার্চ", "এপ্রিল", "মে", "জুন", "জুলাই", "আগস্ট", "সেপ্টেম্বর", "অক্টোবর", "নভেম্বর", "ডিসেম্বর"],
};

const twoDigits: Record<Language, Intl.NumberFormat> = {
  en: new Intl.NumberFormat("en-IN", { minimumIntegerDigits: 2, useGrouping: false }),
  bn: new Intl.NumberFormat("bn-BD", { minimumIntegerDigits: 2, useGrouping: false }),
};
const plain: Record<Language, Intl.NumberFormat> = {
  en: new Intl.NumberFormat("en-IN", { useGrouping: false }),
  bn: new Intl.NumberFormat("bn-BD", { useGrouping: false }),
};

function shopClock(at: string | Date) {
  const shifted = new Date(new Date(at).getTime() + SHOP_OFFSET_MS);
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth(),
    day: shifted.getUTCDate(),
    hour: shifted.getUTCHours(),
    minute: shifted.getUTCMinutes(),
  };
}

/** '14:35' (24-hour; Bengali digits in Bangla), in the shop's time. */
export function formatTime(at: string | Date, language: Language = "en"): string {
  const { hour, minute } = shopClock(at);
  return `${twoDigits[language].format(hour)}:${twoDigits[language].format(minute)}`;
}

/** '23 Nov 2026, 14:35' ('২৩ নভেম্বর ২০২৬, ১৪:৩৫' in Bangla), in the shop's time. */
export function formatDateTime(at: string | Date, language: Language = "en"): string {
  const { year, month, day } = shopClock(at);
  const date = `${plain[language].format(day)} ${MONTHS[language][month]} ${plain[language].format(year)}`;
  return `${date}, ${formatTime(at, language)}`;
}

/** Days written already: the overview writes each of 90 days four times a page, and the same days page after page. */
const daysWritten = new Map<string, string>();

/** A shop's day, YYYY-MM-DD: '9 Mar' ('৯ মার্চ'), with its year when asked: '9 Mar 2026'. */
export function formatDay(day: string, language: Language = "en", withYear = false): string {
  const key = `${language}${withYear ? "+" : "-"}${day}`;
  let written = daysWritten.get(key);
  if (written === undefined) {
    const [year, month, date] = day.split("-").map(Number) as [number, number, number];
    const shown = `${plain[language].format(date)} ${MONTHS[language][month - 1]}`;
    written = withYear ? `${shown} ${plain[language].format(year)}` : shown;
    // Bounded: a few years of days in both languages, then it starts again.
    if (daysWritten.size >= 5_000) daysWritten.clear();
    daysWritten.set(key, written);
  }
  return written;
}
