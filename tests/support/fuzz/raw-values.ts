import fc from "fast-check";
import { hostileEmailSegment, hostileIdSegment, hostileText, hostileValue } from "./hostile-values";

const MEGABYTE = 1024 * 1024;

/** A mebibyte of text (in UTF-16 units): ASCII, Bengali, emoji, NUL, and ASCII ending in half a character. */
export const megabyteText = fc.constantFrom(
  "a".repeat(MEGABYTE),
  "ক".repeat(MEGABYTE),
  "😀".repeat(MEGABYTE / 2),
  "\u0000".repeat(MEGABYTE),
  `${"a".repeat(MEGABYTE - 1)}\ud800`,
);

/** Objects and arrays in turn, `depth` deep (a chain: a value met twice would be written out twice per level). */
function nested(depth: number): unknown {
  let value: unknown = "bottom";
  for (let i = 0; i < depth; i++) value = i % 2 === 0 ? { a: value } : [value];
  return value;
}

const cyclic: Record<string, unknown> = { name: "cycle" };
cyclic.self = cyclic;

const withoutPrototype = Object.assign(Object.create(null) as Record<string, unknown>, { name: "no prototype" });

/** Values a door never passes on (JSON and forms cannot carry them) but an `unknown` parameter may still be. */
export const exoticValue: fc.Arbitrary<unknown> = fc.constantFrom<unknown>(
  undefined,
  10n,
  Symbol("hostile"),
  () => "a function",
  new Date(Number.NaN),
  new Map([["name", "a map"]]),
  new Set(["a set"]),
  new Uint8Array([0, 1, 2]),
  new String("a boxed string"),
  new Blob(["a blob"]),
  withoutPrototype,
  cyclic,
  nested(1000),
);

/** Anything in a raw value's place: a hostile JSON value, a value JSON cannot carry, or a megabyte of text. */
export const rawValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: hostileValue },
  { weight: 1, arbitrary: exoticValue },
  { weight: 1, arbitrary: megabyteText },
);

/** A path segment as a door hands it on once decoded; a malformed encoding is passed as it came. */
const decoded = (segment: string) => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
};

/** Something in an id's place: a hostile path segment (raw or decoded), hostile text, or no text at all. */
export const rawId: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 2, arbitrary: hostileIdSegment },
  { weight: 2, arbitrary: hostileIdSegment.map(decoded) },
  { weight: 2, arbitrary: hostileText },
  { weight: 2, arbitrary: rawValue },
);

/** Something in an e-mail's place: an address of nobody, a broken one, or anything an id may be. */
export const rawEmail: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 2, arbitrary: fc.emailAddress() },
  { weight: 2, arbitrary: hostileEmailSegment.map(decoded) },
  { weight: 3, arbitrary: rawId },
);

/** Ways to bend a valid id or e-mail that keep it close to the original. */
export const TEXT_TWISTS: Record<string, (text: string) => string> = {
  "upper case": (s) => s.toUpperCase(),
  padded: (s) => ` ${s}\t`,
  "trailing NUL": (s) => `${s}\u0000`,
  "trailing lone surrogate": (s) => `${s}\udc00`,
  "leading zero-width space": (s) => `\u200b${s}`,
  "trailing line break": (s) => `${s}\n`,
  truncated: (s) => s.slice(0, -1),
  doubled: (s) => `${s}${s}`,
  "percent-encoded": (s) => encodeURIComponent(s),
  "a megabyte longer": (s) => s + "a".repeat(MEGABYTE),
};
