import fc from "fast-check";
import {
  extraKey,
  hostileHeaderValue,
  hostileIdSegment,
  hostileNumber,
  hostileText,
  ID_TWISTS,
  RAW_NUMBER_TOKENS,
} from "./hostile-values";
import { renderId, type IdPlan } from "./request-cases";

/**
 * A form field's value in a fuzz case: the valid one, hostile text (percent-encoded as a browser encodes it),
 * the valid one bent a little, bytes written into the body as they are (broken percent-encodings), or a megabyte
 * of one character (named, not held, so that a failing case prints short).
 */
export type FieldValue =
  | { kind: "valid" }
  | { kind: "text"; text: string }
  | { kind: "twisted"; twist: string }
  | { kind: "raw"; encoded: string }
  | { kind: "megabyte"; of: string };

/** One field of the valid form given another value, left out, or sent several times (browsers repeat names). */
export type FieldChange =
  { field: string; to: FieldValue } | { field: string; missing: true } | { field: string; repeated: FieldValue[] };

export interface FormCase {
  /** The `{id}` in the path, for actions that have one (Buy It Now). */
  id: IdPlan;
  changes: FieldChange[];
  extra: [string, FieldValue][];
}

/** Ways to bend a valid value: each still looks close to it. */
const TWISTS: Record<string, (valid: string) => string> = {
  "upper case": (v) => v.toUpperCase(),
  padded: (v) => ` ${v} `,
  "trailing NUL": (v) => `${v}\u0000`,
  "zero-width space": (v) => `${v}\u200b`,
  "zero-width spaces only": () => "\u200b\u200b",
  "right-to-left override": (v) => `\u202e${v}`,
  isolated: (v) => `\u2066${v}\u2069`,
  truncated: (v) => v.slice(0, -1),
  doubled: (v) => `${v}${v}`,
  "two lines": (v) => `${v}\r\n${v}`,
  "as a list": (v) => `["${v}"]`,
};

// prettier-ignore
const BROKEN_ENCODINGS = [
  "%", "%zz", "%E0%A4%A", "%C3%28", "%ED%A0%80", "%FF%FE", "%00", "%2500", "a%00b", "+", "%2B", "a%26b%3Dc",
  "%0D%0A", "%EF%BB%BF", "%C0%AF",
];

const MEGABYTE = 1024 * 1024;
const MEGABYTE_OF = ["a", "ক", "😀", "\u0000", " ", "\u202e"];

const textOf = (values: fc.Arbitrary<string>) => values.map((text): FieldValue => ({ kind: "text", text }));

const anyText: fc.Arbitrary<FieldValue> = fc.oneof(
  { weight: 8, arbitrary: textOf(hostileText) },
  // PostgreSQL text cannot hold NUL, and a form field is where one gets in: often, besides hostileText's few.
  { weight: 1, arbitrary: textOf(fc.constantFrom("\u0000", "a\u0000b", "Gazipur\u0000")) },
  { weight: 1, arbitrary: fc.constantFrom(...MEGABYTE_OF).map((of) => ({ kind: "megabyte" as const, of })) },
  { weight: 1, arbitrary: fc.constantFrom(...BROKEN_ENCODINGS).map((encoded) => ({ kind: "raw" as const, encoded })) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(...Object.keys(TWISTS)).map((twist) => ({ kind: "twisted" as const, twist })),
  },
);

// prettier-ignore
const INTENTS = [
  "promote", "delete", "accept", "collect", "shipped", "delivered", "cancelled", "paid", "Promote", "PROMOTE",
  " promote", "delete\u0000", "intent", "undefined", "null", "", "__proto__", "toString",
];
// prettier-ignore
const ODD_IDS = ["0", "-1", "null", "undefined", "[]", "{}", "00000000-0000-0000-0000-000000000000", "ffffffff-ffff-ffff-ffff-ffffffffffff", "{id}"];
// prettier-ignore
const ODD_EMAILS = ["a@b", "@", "admin@", "admin@randa.example", "রান্দা@উদাহরণ.বাংলা", "a@b\u0000.test", "\"a\"@b.test", "*"];

/** What a field's name says it holds decides what is sent in its place, besides any hostile text. */
function valuesFor(field: string): fc.Arbitrary<FieldValue> {
  if (field === "intent") return fc.oneof(textOf(fc.constantFrom(...INTENTS)), anyText);
  if (/id$/i.test(field)) {
    const ids = fc.oneof(
      fc.uuid(),
      fc.uuid().map((id) => id.toUpperCase()),
      fc.constantFrom(...ODD_IDS),
    );
    return fc.oneof(textOf(ids), anyText);
  }
  if (field === "email") return fc.oneof(textOf(fc.oneof(fc.emailAddress(), fc.constantFrom(...ODD_EMAILS))), anyText);
  if (field === "quantity" || field === "rating") {
    const numbers = fc.oneof(
      fc.constantFrom(...RAW_NUMBER_TOKENS),
      hostileNumber.map(String),
      fc.integer().map(String),
    );
    return fc.oneof({ weight: 2, arbitrary: textOf(numbers) }, { weight: 1, arbitrary: anyText });
  }
  if (field === "idempotencyKey") return fc.oneof(textOf(hostileHeaderValue), anyText);
  return anyText;
}

function changesOf(fields: string[]): fc.Arbitrary<FieldChange[]> {
  if (fields.length === 0) return fc.constant<FieldChange[]>([]);
  const change = fc.oneof(
    ...fields.map((field) =>
      fc.oneof(
        { weight: 6, arbitrary: fc.record({ field: fc.constant(field), to: valuesFor(field) }) },
        { weight: 1, arbitrary: fc.constant({ field, missing: true as const }) },
        {
          weight: 2,
          arbitrary: fc.record({
            field: fc.constant(field),
            repeated: fc.array(fc.oneof(fc.constant({ kind: "valid" as const }), valuesFor(field)), {
              minLength: 2,
              maxLength: 4,
            }),
          }),
        },
      ),
    ),
  );
  return fc.oneof<fc.WeightedArbitrary<FieldChange[]>[]>(
    { weight: 1, arbitrary: fc.constant([]) },
    // One hostile field in an otherwise valid form gets furthest: past the checks of the others.
    { weight: 6, arbitrary: fc.tuple(change) },
    { weight: 2, arbitrary: fc.array(change, { minLength: 2, maxLength: 4 }) },
  );
}

/** Fuzz cases for a form: mostly its valid fields with something hostile among them. */
export function formCases(fields: string[], hasId: boolean): fc.Arbitrary<FormCase> {
  return fc.record({
    id: hasId
      ? fc.oneof(
          { weight: 6, arbitrary: fc.constant<IdPlan>({ kind: "valid" }) },
          {
            weight: 1,
            arbitrary: fc.constantFrom(...Object.keys(ID_TWISTS)).map((twist): IdPlan => ({ kind: "twisted", twist })),
          },
          { weight: 2, arbitrary: hostileIdSegment.map((segment): IdPlan => ({ kind: "hostile", segment })) },
        )
      : fc.constant<IdPlan>({ kind: "valid" }),
    changes: changesOf(fields),
    extra: fc.oneof(
      { weight: 4, arbitrary: fc.constant<[string, FieldValue][]>([]) },
      { weight: 1, arbitrary: fc.array(fc.tuple(extraKey, anyText), { minLength: 1, maxLength: 3 }) },
    ),
  });
}

export const VALID_FORM: FormCase = { id: { kind: "valid" }, changes: [], extra: [] };

/** `name=value` as application/x-www-form-urlencoded writes it (lone surrogates become U+FFFD, as in a browser). */
const encode = (text: string) => new URLSearchParams({ v: text }).toString().slice(2);

function valueText(value: FieldValue, valid: string): string {
  switch (value.kind) {
    case "valid":
      return encode(valid);
    case "text":
      return encode(value.text);
    case "twisted":
      return encode(TWISTS[value.twist]!(valid));
    case "raw":
      return value.encoded;
    case "megabyte":
      return encode(value.of.repeat(MEGABYTE / value.of.length));
  }
}

/** The form body a case describes, given the action's valid fields in the current scene. */
export function renderForm(c: FormCase, valid: Record<string, string>): string {
  const pairs: [string, string][] = [];
  const changed = new Map(c.changes.map((change) => [change.field, change]));
  for (const [field, value] of Object.entries(valid)) {
    const change = changed.get(field);
    if (!change) pairs.push([field, encode(value)]);
    else if ("to" in change) pairs.push([field, valueText(change.to, value)]);
    else if ("repeated" in change) for (const one of change.repeated) pairs.push([field, valueText(one, value)]);
  }
  for (const [key, value] of c.extra) pairs.push([encode(key), valueText(value, "")]);
  return pairs.map(([name, value]) => `${name}=${value}`).join("&");
}

/** The path a case posts to: the action's `{id}` replaced by the case's (already percent-encoded) segment. */
export function renderPath(template: string, c: FormCase, validId: string | undefined): string {
  return validId === undefined ? template : template.replace("{id}", renderId(c.id, encodeURIComponent(validId)));
}
