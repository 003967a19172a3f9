import { bn as bnWords } from "../../shared/words/bn";
import { bnPages } from "../../shared/words/bn-pages";
import { enPages } from "../../shared/words/en-pages";
import { expect, type BrowserContext, type Page } from "@playwright/test";
import { formatCount, formatTk } from "../../shared/format";
import type { Language } from "../../shared/languages";
import { bn } from "../../shared/words/bn";
import { bnMessages } from "../../shared/words/bn-messages";
import { en } from "../../shared/words/en";
import { enMessages } from "../../shared/words/en-messages";
import { enAdminMessages } from "../../shared/words/en-admin-messages";
import { bnAdminMessages } from "../../shared/words/bn-admin-messages";
import { enSheetMessages } from "../../shared/words/en-sheet-messages";
import { bnSheetMessages } from "../../shared/words/bn-sheet-messages";
import { enCourierMessages } from "../../shared/words/en-courier-messages";
import { bnCourierMessages } from "../../shared/words/bn-courier-messages";
import { withAdminMessages } from "../../shared/messages";
import { demoProducts } from "../../server/db/seed-data";
import { BASE_URL } from "./accounts";
import { waitForHydration, type DELIVERY } from "./shop";

/** The pages' words, in each language. */
export const WORDS = { en, bn } as const;
export type Words = typeof en;

/** The store's messages (confirmations, refusals), in each language. */
export const MESSAGES = {
  en: withAdminMessages(
    withAdminMessages(withAdminMessages(enMessages, enAdminMessages), enSheetMessages),
    enCourierMessages,
  ),
  bn: withAdminMessages(
    withAdminMessages(withAdminMessages(bnMessages, bnAdminMessages), bnSheetMessages),
    bnCourierMessages,
  ),
} as const;

/** The navbar cart link's name for a cart of `n` lines. */
export function cartLinkName(n: number, language: Language = "en") {
  const { navLabel_one: one, navLabel_other: other } = WORDS[language].cart;
  return (n === 1 ? one : other).replace("{{n}}", formatCount(n, language));
}

export async function inLanguage(context: BrowserContext, language: Language) {
  await context.addCookies([{ name: "randa.lang", value: language, url: BASE_URL }]);
}

/**
 * The delivery charges a new store starts with (migration 0015, the couriers' rate cards), in Tk: the first kilogram
 * or less, then each further kilogram or part of one.
 */
export const DEFAULT_RATES = {
  dhaka_city: { firstKg: 70, perKg: 15 },
  dhaka_suburbs: { firstKg: 100, perKg: 20 },
  outside_dhaka: { firstKg: 130, perKg: 25 },
} as const;

/** A demo tool as the store is seeded with it: names, price in Tk, weight of a piece in grams, minimum order. */
export function demoTool(name: string) {
  const found = demoProducts.find((p) => p.name === name);
  if (!found) throw new Error(`no demo tool named ${name}`);
  return found;
}

export interface Line {
  name: string;
  quantity: number;
}

/** The goods' total of these lines at the demo prices, in Tk. */
export const goodsTk = (lines: Line[]) => lines.reduce((sum, l) => sum + demoTool(l.name).priceTk * l.quantity, 0);

/** What these lines weigh as one parcel, in grams. */
export const parcelGrams = (lines: Line[]) =>
  lines.reduce((sum, l) => sum + demoTool(l.name).weightGrams * l.quantity, 0);

/** What a parcel of `grams` costs at a rate: the first kilogram, then each further kilogram or part of one. */
export function chargeTk(rate: { firstKg: number; perKg: number }, grams: number): number {
  return rate.firstKg + Math.max(0, Math.ceil((grams - 1000) / 1000)) * rate.perKg;
}

/** Money as the pages write it: 'Tk 1,25,000' in English, Bengali digits and ৳ in Bangla. */
export const money = (tk: number, language: Language = "en") => formatTk(tk, language);

/** A number of pieces as the pages write it: '40 Pis', '৪০ পিস'. */
export const pieces = (n: number, language: Language = "en") =>
  WORDS[language].units.pieces.replace("{{n}}", formatCount(n, language));

/** A demo tool's name in the page's language. */
export const toolName = (name: string, language: Language) =>
  language === "bn" ? demoTool(name).nameBn : demoTool(name).name;

/**
 * Fills checkout's fields for a new address. Without JavaScript the districts of a division come with the page that
 * answers a post, so `district: false` leaves the district for after the first Place order.
 */
/**
 * Checkout opened from a product page or the cart: the server's HTML with islands (decision 0041), from which it
 * loads as a page of its own. Its delivery form hydrates before it is used: a division chosen earlier is reset by
 * hydration and lists no districts.
 */
export async function checkoutOpened(page: Page) {
  await expect(page).toHaveURL(/\/checkout(\?|$)/);
  await waitForHydration(page);
}

export async function fillDelivery(
  page: Page,
  delivery: typeof DELIVERY,
  t: Words = en,
  { district = true }: { district?: boolean } = {},
) {
  await page.getByLabel(t.delivery.name, { exact: true }).fill(delivery.name);
  await page.getByLabel(t.delivery.phone).fill(delivery.phone);
  await page.getByLabel(t.delivery.division).selectOption(delivery.division);
  if (district) await page.getByLabel(t.delivery.district).selectOption(delivery.district);
  await page.getByLabel(t.delivery.address).fill(delivery.address);
}

/** How wide the page's main content is: more than the window means a phone scrolls sideways to read it. */
export const mainWidth = (page: Page) => page.evaluate(() => document.querySelector("main")!.scrollWidth);

/** The words only one page reads (shared/words/en-pages.ts), in the language of a page catalogue. */
export const pagesOf = (words: unknown) => (words === bnWords ? bnPages : enPages);
