import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { loadConfig } from "@server/config";
import { mushakRateOf } from "@server/shop-identity";
import { isBin } from "@shared/bin";
import { fiscalYearOf, formatMushakSerial, splitVat, vatIncluded } from "@shared/mushak";

// The VAT inside prices that include it (shared/mushak.ts): amount × rate / (100 + rate) to the poisha, and the
// lines' VAT adding up to the total's exactly, whatever the amounts and the rate.

describe("the VAT of a Mushak-6.3", () => {
  it("is amount × rate / (100 + rate), rounded to the poisha", () => {
    expect(vatIncluded(115_00, 1500)).toBe(15_00);
    expect(vatIncluded(100, 1500)).toBe(13); // 13.04
    expect(vatIncluded(50, 1500)).toBe(7); // 6.52
    expect(vatIncluded(125050, 750)).toBe(8724); // 8724.42
    expect(vatIncluded(1, 10_000)).toBe(1); // 0.5, half up
    expect(vatIncluded(999, 0)).toBe(0);
  });

  it("splits awkward amounts so the lines' VAT adds up to the total's, each within a poisha of its share", () => {
    const amounts = fc.array(fc.integer({ min: 0, max: 1_000_000_000 }), { minLength: 1, maxLength: 30 });
    const rates = fc.oneof(fc.constantFrom(1500, 750, 500, 1000, 1, 9999, 10_000), fc.integer({ min: 1, max: 10_000 }));
    fc.assert(
      fc.property(amounts, rates, (poisha, rate) => {
        const { parts, total } = splitVat(poisha, rate);
        const sum = poisha.reduce((s, a) => s + a, 0);
        expect(total.amountPoisha).toBe(sum);
        expect(total.vatPoisha).toBe(vatIncluded(sum, rate));
        expect(parts.reduce((s, p) => s + p.vatPoisha, 0)).toBe(total.vatPoisha);
        expect(parts.reduce((s, p) => s + p.valuePoisha, 0)).toBe(total.valuePoisha);
        parts.forEach((part, i) => {
          expect(part.amountPoisha).toBe(poisha[i]);
          expect(part.valuePoisha + part.vatPoisha).toBe(part.amountPoisha);
          expect(part.vatPoisha).toBeGreaterThanOrEqual(0);
          const exact = (poisha[i]! * rate) / (10_000 + rate);
          expect(Math.abs(part.vatPoisha - exact)).toBeLessThan(1);
        });
      }),
      { numRuns: 2000 },
    );
  });

  it("gives the poisha lost in rounding to the lines that lost most, the larger first among equals", () => {
    // Three lines of Tk 1 at 15 %: 13.04 poisha each, 39.13 in all: 39, each line 13.
    expect(splitVat([100, 100, 100], 1500).parts.map((p) => p.vatPoisha)).toEqual([13, 13, 13]);
    // Ten of 4 poisha: 0.52 each, 5.22 in all: 5 poisha go to the first five (equal amounts, equal losses).
    const tiny = splitVat(Array<number>(10).fill(4), 1500);
    expect(tiny.total.vatPoisha).toBe(5);
    expect(tiny.parts.map((p) => p.vatPoisha)).toEqual([1, 1, 1, 1, 1, 0, 0, 0, 0, 0]);
    // Nothing registered: no VAT at all.
    expect(splitVat([125050, 6000], 0).total).toEqual({ amountPoisha: 131050, valuePoisha: 131050, vatPoisha: 0 });
  });
});

describe("the financial year and the serial", () => {
  it("runs July to June in Dhaka time, named by the year it starts in", () => {
    expect(fiscalYearOf(new Date("2027-06-30T17:59:59.999Z"))).toBe(2026); // 23:59:59 on 30 June, Dhaka
    expect(fiscalYearOf(new Date("2027-06-30T18:00:00Z"))).toBe(2027); // 00:00 on 1 July, Dhaka
    expect(fiscalYearOf(new Date("2027-01-01T00:00:00Z"))).toBe(2026);
    expect(formatMushakSerial(2026, 42)).toBe("2026-27/000042");
    expect(formatMushakSerial(2099, 1)).toBe("2099-00/000001");
  });
});

describe("VAT_RATE and the BIN", () => {
  it("reads VAT_RATE as a percent with up to two decimals, and refuses anything else", () => {
    expect(loadConfig({}).VAT_RATE).toBe(0);
    expect(loadConfig({ VAT_RATE: "15" }).VAT_RATE).toBe(15);
    expect(loadConfig({ VAT_RATE: "7.5" }).VAT_RATE).toBe(7.5);
    expect(loadConfig({ VAT_RATE: "100" }).VAT_RATE).toBe(100);
    for (const bad of ["-5", "100.01", "15%", "7.125", "abc", "1e2"]) {
      expect(() => loadConfig({ VAT_RATE: bad }), bad).toThrow(
        "VAT_RATE must be a percent from 0 to 100 with at most two decimals",
      );
    }
  });

  it("makes the shop VAT-registered only with its own BIN and a rate above 0", () => {
    expect(mushakRateOf(loadConfig({ VAT_RATE: "15" }))).toBeNull();
    expect(mushakRateOf(loadConfig({ SHOP_BIN: "000123456-0101" }))).toBeNull();
    expect(mushakRateOf(loadConfig({ SHOP_BIN: "000123456-0101", VAT_RATE: "0" }))).toBeNull();
    expect(mushakRateOf(loadConfig({ SHOP_BIN: "000123456-0101", VAT_RATE: "15" }))).toBe(1500);
    expect(mushakRateOf(loadConfig({ SHOP_BIN: "000123456-0101", VAT_RATE: "7.25" }))).toBe(725);
  });

  it("takes a BIN of 9 or 13 digits with dashes between them, as SHOP_BIN does", () => {
    for (const good of ["123456789", "0001234560101", "000123456-0101", "000-123-456-0101"]) {
      expect(isBin(good), good).toBe(true);
    }
    for (const bad of ["12345678", "12345678901", "-123456789", "123456789-", "12345678a", "১২৩৪৫৬৭৮৯", ""]) {
      expect(isBin(bad), bad).toBe(false);
    }
  });
});
