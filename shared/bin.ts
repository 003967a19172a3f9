/**
 * A VAT Business Identification Number (BIN) as NBR issues it: 9 digits (the old form) or 13, dashes allowed
 * between them. The shop's own (SHOP_BIN) and a buyer's at checkout follow the same rule.
 */
export function isBin(text: string): boolean {
  return /^\d{9}$|^\d{13}$/.test(text.replaceAll("-", "")) && /^\d[\d-]*\d$/.test(text);
}

/** The longest a BIN may be typed: 13 digits and a dash between each. */
export const MAX_BIN_LENGTH = 25;
