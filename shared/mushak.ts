import { shopDay } from "./shop-time";

/**
 * Mushak-6.3, the VAT invoice (docs/decisions/0037-mushak-6-3.md): the financial year its serial runs in, how the
 * serial is written, and the VAT inside a price that includes it.
 */

/**
 * The financial year a moment falls in, July to June in Bangladesh time (the shop's days, shared/shop-time.ts),
 * named by the year it starts in: 2026 for 1 July 2026 00:00 (Dhaka) to 30 June 2027 23:59:59.999.
 */
export function fiscalYearOf(at: Date): number {
  const [year, month] = shopDay(at).split("-").map(Number) as [number, number];
  return month >= 7 ? year : year - 1;
}

/** "2026-27": the year it starts in and the last two digits of the next. */
export function formatFiscalYear(year: number): string {
  return `${year}-${String((year + 1) % 100).padStart(2, "0")}`;
}

/** "2026-27/000042": the serial within its financial year. */
export function formatMushakSerial(fiscalYear: number, serial: number): string {
  return `${formatFiscalYear(fiscalYear)}/${String(serial).padStart(6, "0")}`;
}

/** A VAT rate in hundredths of a percent (15 % is 1500), as the invoice keeps it. */
export function rateToBasisPoints(percent: number): number {
  return Math.round(percent * 100);
}

/** 1500 → 15, 750 → 7.5. */
export function basisPointsToPercent(basisPoints: number): number {
  return basisPoints / 100;
}

/**
 * The VAT inside an amount that includes it, to the poisha: amount × rate / (100 + rate), rounded half up. In
 * integers throughout (basis points), so 0.1 + 0.2 never enters a tax figure.
 */
export function vatIncluded(amountPoisha: number, basisPoints: number): number {
  if (basisPoints <= 0 || amountPoisha === 0) return 0;
  const numerator = amountPoisha * basisPoints;
  const denominator = 10_000 + basisPoints;
  const sign = numerator < 0 ? -1 : 1;
  return sign * Math.floor((Math.abs(numerator) * 2 + denominator) / (2 * denominator));
}

/** One amount of the invoice split: what it is worth without VAT and the VAT in it (the two add up to the amount). */
export interface VatSplit {
  amountPoisha: number;
  valuePoisha: number;
  vatPoisha: number;
}

/**
 * The VAT of each amount (the lines, the delivery charge), adding up to the VAT of their total exactly: the total's
 * VAT is computed once (rounded half up); each amount gets its exact share rounded down, and the poisha left over go
 * one each to the amounts whose shares lost the most in rounding (the larger amount first among equals). So each
 * amount's VAT is its exact share rounded down or up, never off by more than a poisha, and never negative. Each
 * amount's value without VAT is what is left of it.
 */
export function splitVat(
  amountsPoisha: readonly number[],
  basisPoints: number,
): { parts: VatSplit[]; total: VatSplit } {
  const totalPoisha = amountsPoisha.reduce((sum, a) => sum + a, 0);
  const totalVat = vatIncluded(totalPoisha, basisPoints);
  const denominator = 10_000 + Math.max(basisPoints, 0);
  const shares = amountsPoisha.map((a, i) => {
    const numerator = basisPoints > 0 ? a * basisPoints : 0;
    return { i, a, vat: Math.floor(numerator / denominator), lost: numerator % denominator };
  });
  let left = totalVat - shares.reduce((sum, s) => sum + s.vat, 0);
  for (const share of [...shares].sort((x, y) => y.lost - x.lost || y.a - x.a || x.i - y.i)) {
    if (left <= 0) break;
    share.vat += 1;
    left -= 1;
  }
  const parts = shares.map((s) => ({ amountPoisha: s.a, valuePoisha: s.a - s.vat, vatPoisha: s.vat }));
  return { parts, total: { amountPoisha: totalPoisha, valuePoisha: totalPoisha - totalVat, vatPoisha: totalVat } };
}

const BENGALI_DIGITS = "০১২৩৪৫৬৭৮৯";

/** A serial or a BIN in the page's digits: Bengali digits in Bangla, the rest left as it is. */
export function inPageDigits(text: string, language: "en" | "bn"): string {
  return language === "bn" ? text.replace(/\d/g, (d) => BENGALI_DIGITS[Number(d)]!) : text;
}
