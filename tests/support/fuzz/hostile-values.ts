import fc from "fast-check";

/**
 * Text that servers trip on: control characters, lone surrogates, direction overrides and isolates, text of
 * invisible characters only, emoji, injections, paths, and the attack's 60,000-character right-to-left name.
 */
// prettier-ignore
const NASTY_TEXT = [
  "", " ", "\t\r\n", "\u0000", "a\u0000b", "\ud800", "\udfff", "x\ud83d", "\u202egnp.exe", "\u200b", "\ufeff",
  "\u200b\u200b", "\u200d\ufeff\u2060\u3164", "\u2800\u00a0", "Karim\u2066 Uddin\u2069", "\u2067x", "\u2068x", "\u202ax",
  "\u202bx", "\u202cx", "\u202dx", "\u001b[2J\u001b[31mred", "a\u0085b", "\u007f", `\u202e${"x".repeat(60_000)}`,
  "👩‍🔧🪚", "ক্ষ", "টাকা ৳১,২৫,০০০", "مرحبا", "Ω≈ç√∫", "Z̴̡̛͈a̶̰͋l̷̼̈g̸̣͝o̵͎͐",
  "'; drop table product; --", "\" or 1=1 --", "<script>alert(1)</script>", "../../etc/passwd",
  "%00", "${7*7}", "{{7*7}}", "null", "undefined", "NaN", "Infinity", "-1", "0", "20", "1e999", "0x10", "true",
  "[]", "{}", "admin", "BDT", "shipped", "pi_test_", "4242 4242 4242 4242",
];

const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code));
const controlCharacter = fc.integer({ min: 0, max: 0x1f }).map((code) => String.fromCharCode(code));
const oddCharacter = fc.oneof(
  loneSurrogate,
  controlCharacter,
  fc.constantFrom(
    "\u202e",
    "\u200d",
    "\u0301",
    "😀",
    "ক",
    "\u00a0",
    "\u2028",
    "\u2066",
    "\u2069",
    "\u202a",
    "\u200b",
    "\u3164",
  ),
);

/** A thousand to two hundred thousand of one character: ASCII, Bengali, emoji (two UTF-16 units), NUL. */
export const hugeText = fc
  .tuple(fc.constantFrom("a", "ক", "😀", "\u0000", " ", "\u202e"), fc.integer({ min: 1000, max: 200_000 }))
  .map(([character, count]) => character.repeat(count));

export const hostileText: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NASTY_TEXT) },
  { weight: 2, arbitrary: fc.string() },
  { weight: 2, arbitrary: fc.string({ unit: "grapheme" }) },
  { weight: 2, arbitrary: fc.string({ unit: "binary" }) },
  { weight: 2, arbitrary: fc.string({ unit: oddCharacter, minLength: 1 }) },
  { weight: 1, arbitrary: hugeText },
);

// prettier-ignore
const NASTY_NUMBERS = [
  0, -0, -1, 1, 0.5, -0.5, 1.5, 19.999, 0.1 + 0.2, 2 ** 31 - 1, 2 ** 31, -(2 ** 31) - 1, 2 ** 32, 2 ** 53 - 1,
  2 ** 53 + 2, -(2 ** 53), 1e15, 1e21, 1e300, Number.MAX_VALUE, -Number.MAX_VALUE, Number.MIN_VALUE,
  Number.EPSILON, NaN, Infinity, -Infinity,
];

/** Negative, fractional, huge and tiny numbers; NaN and ±Infinity go out as JSON `null`. */
export const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NASTY_NUMBERS) },
  { weight: 2, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.integer({ min: -1_000_000, max: 1_000_000 }) },
  { weight: 2, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.maxSafeInteger() },
);

/** Number spellings JSON.stringify cannot write, spliced into a body as raw text in place of a value. */
// prettier-ignore
export const RAW_NUMBER_TOKENS = [
  "NaN", "Infinity", "-Infinity", "1e999", "-1e999", "1e-999", "-0", "0x10", "010", "1.", ".5", "+1", "1_000",
  "9007199254740993", "123456789012345678901234567890", "5e-324", "1E2", "undefined", "'20'", "20n",
];

/** Anything that may stand in a field's place: the wrong type, a hostile value of the right one, nesting. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileNumber },
  { weight: 4, arbitrary: hostileText },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.constantFrom([], {}, [20], { $gt: "" }, { toString: "x" }, [[[[[]]]]]) },
  { weight: 1, arbitrary: fc.uuid() },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

// prettier-ignore
const TEMPTING_KEYS = [
  "__proto__", "constructor", "prototype", "toString", "role", "_id", "id", "buyerEmail", "buyerId", "paid",
  "status", "transactionId", "paybleAmount", "price", "amount", "currency", "emailVerified", "admin", "userId",
];

/** Field names a server might wrongly honour, and any other. */
export const extraKey: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...TEMPTING_KEYS),
  fc.string(),
  fc.string({ unit: "binary" }),
);

/** Percent-encodes UTF-8 bytes; a lone surrogate becomes U+FFFD, as a browser would send it. */
export function encodeSegment(text: string): string {
  return [...Buffer.from(text, "utf8")].map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, "0")}`).join("");
}

// prettier-ignore
const NASTY_SEGMENTS = [
  "%00", "%", "%zz", "%E0%A4%A", "%C3%28", "%ED%A0%80", "%FF%FE", "..", "..%2F..%2Fadmin", "%2e%2e%2f", "%2F",
  "%5C..%5C", "null", "undefined", "0", "-1", "1e999", "NaN", "%20", "%0A", "%F0%9F%98%80", "*", "'%20or%201%3D1--",
  "00000000-0000-0000-0000-000000000000", "ffffffff-ffff-ffff-ffff-ffffffffffff", "{id}", "a".repeat(10_000),
  "%00".repeat(1000), encodeSegment("ক".repeat(5000)),
];

/** A path segment in an id's place: malformed, encoded, traversing, huge, unicode, or an id of nothing. */
export const hostileIdSegment: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NASTY_SEGMENTS) },
  { weight: 2, arbitrary: fc.uuid() },
  { weight: 1, arbitrary: fc.uuid().map((id) => id.toUpperCase()) },
  { weight: 2, arbitrary: hostileText.filter((text) => text.length < 20_000).map(encodeSegment) },
  { weight: 1, arbitrary: fc.string({ unit: "grapheme-ascii" }).map(encodeURIComponent) },
);

/** A path segment in an email's place: an address of nobody, a broken one, or any hostile segment. */
export const hostileEmailSegment: fc.Arbitrary<string> = fc.oneof(
  { weight: 2, arbitrary: fc.emailAddress().map(encodeURIComponent) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      "a@b",
      "@",
      "a%40b%00.test",
      "%00%40example.test",
      "admin%40",
      encodeSegment("রান্দা@উদাহরণ.বাংলা"),
    ),
  },
  { weight: 2, arbitrary: hostileIdSegment },
);

/** Ways to bend a valid id in a path: each still looks close to it. */
export const ID_TWISTS: Record<string, (segment: string) => string> = {
  "upper case": (s) => s.toUpperCase(),
  padded: (s) => `%20${s}%20`,
  "trailing NUL": (s) => `${s}%00`,
  truncated: (s) => s.slice(0, -1),
  doubled: (s) => `${s}${s}`,
  "fully encoded": (s) => encodeSegment(decodeURIComponent(s)),
  "dot segment": (s) => `${s}/..`,
  "trailing slash": (s) => `${s}/`,
  "with a query": (s) => `${s}?id=${s}`,
};

/** Latin-1 text a header can carry (no NUL, CR or LF), up to a huge length. */
export const hostileHeaderValue: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: fc.integer({ min: 0x20, max: 0xff }).map((code) => String.fromCharCode(code)), minLength: 1 }),
  fc.constantFrom("x".repeat(256), "x".repeat(20_000), "\t", "key with spaces"),
);
