import { M, type MessageCode } from "@shared/messages";
import type { TestCard } from "@shared/schemas/payment";

export const cardDigits = (number: string) => number.replace(/[\s-]/g, "");

function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** A two-digit year means this century, as a card's "MM / YY" does. */
export const fullYear = (year: number) => (year < 100 ? 2000 + year : year);

/** What is wrong with the card as typed (in Stripe's own words, so the test form reads like the real one), before anyone is asked to charge it; null when nothing is. */
export function cardProblem(card: TestCard, now = new Date()): MessageCode | null {
  const digits = cardDigits(card.number);
  if (!/^\d*$/.test(digits)) return M.card.number_invalid;
  if (digits.length < 13) return M.card.number_incomplete;
  if (digits.length > 19 || !passesLuhn(digits)) return M.card.number_invalid;
  if (card.expMonth < 1 || card.expMonth > 12) return M.card.expiry_invalid;
  const year = fullYear(card.expYear);
  const thisMonth = now.getUTCFullYear() * 12 + now.getUTCMonth() + 1;
  if (year * 12 + card.expMonth < thisMonth) return M.card.expiry_past;
  if (!/^\d{3,4}$/.test(card.cvc.trim())) return M.card.cvc_incomplete;
  return null;
}

/** "12 / 34" or "1234" as typed into the expiry field; null when it is not a month and a year. */
export function parseExpiry(text: string): { expMonth: number; expYear: number } | null {
  const match = /^\s*(\d{1,2})\s*\/?\s*(\d{2}|\d{4})\s*$/.exec(text);
  if (!match) return null;
  return { expMonth: Number(match[1]), expYear: Number(match[2]) };
}
