import fc from "fast-check";
import {
  extraKey,
  hostileEmailSegment,
  hostileHeaderValue,
  hostileIdSegment,
  hostileText,
  hostileValue,
  ID_TWISTS,
  RAW_NUMBER_TOKENS,
} from "./hostile-values";

export type JsonObject = Record<string, unknown>;

/** One field changed: given a hostile value, or left out. Fields are dotted paths (`delivery.phone`). */
type Change = { field: string; to: unknown } | { field: string; missing: true };

/** What a fuzz case sends as the body, said in terms of the call's valid body. */
export type BodyPlan =
  | { kind: "valid, with changes"; changes: Change[]; extra: [string, unknown][] }
  | { kind: "raw value"; field: string; token: string }
  | { kind: "any JSON"; value: unknown }
  | { kind: "truncated JSON"; at: number }
  | { kind: "not JSON"; text: string }
  | { kind: "invalid UTF-8"; bytes: number[] }
  | { kind: "deep nesting"; depth: number; closed: boolean }
  | { kind: "over the body limit"; padding: string }
  | { kind: "no body" };

/** What a fuzz case puts in the path's `{id}` or `{email}`. */
export type IdPlan = { kind: "valid" } | { kind: "twisted"; twist: string } | { kind: "hostile"; segment: string };

export interface RequestCase {
  id: IdPlan;
  body: BodyPlan;
  contentType: string | null;
  /** Sent with every call; POST /api/order is the one that reads it. */
  idempotencyKey: string | null;
}

/** Every field of a body, nested ones included, as dotted paths. */
export function fieldsOf(body: JsonObject, prefix = ""): string[] {
  return Object.entries(body).flatMap(([key, value]) => {
    const path = `${prefix}${key}`;
    const isObject = typeof value === "object" && value !== null && !Array.isArray(value);
    return isObject ? [path, ...fieldsOf(value as JsonObject, `${path}.`)] : [path];
  });
}

/** How a call's body is written: JSON, or a form post (as payment gateways send). */
export type BodyFormat = "json" | "form";
const CONTENT_TYPE = { json: "application/json", form: "application/x-www-form-urlencoded" };

const CONTENT_TYPES = [
  "application/json",
  "application/json; charset=utf-8",
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=x",
  "application/json; charset=iso-8859-1",
  "application/xml",
  "",
];

function bodyPlans(fields: string[]): fc.Arbitrary<BodyPlan> {
  const plans: fc.WeightedArbitrary<BodyPlan>[] = [
    { weight: 1, arbitrary: fc.record({ kind: fc.constant("any JSON"), value: fc.jsonValue({ maxDepth: 4 }) }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant("truncated JSON"), at: fc.double({ min: 0, max: 1 }) }) },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant("not JSON"),
        text: fc.oneof(hostileText, fc.constantFrom("a=1&b=2", "<xml/>", "{'a': 1}", '{"a":1}}', "\ufeff{}")),
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant("invalid UTF-8"),
        bytes: fc.array(fc.integer({ min: 0x80, max: 0xff })),
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant("deep nesting"),
        depth: fc.integer({ min: 1000, max: 100_000 }),
        closed: fc.boolean(),
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({ kind: fc.constant("over the body limit"), padding: fc.constantFrom("a", " ", "ক", "😀") }),
    },
    { weight: 1, arbitrary: fc.constant({ kind: "no body" as const }) },
  ];
  if (fields.length === 0) return fc.oneof(...plans);
  const field = fc.constantFrom(...fields);
  const change: fc.Arbitrary<Change> = fc.oneof(
    { weight: 4, arbitrary: fc.record({ field, to: hostileValue }) },
    { weight: 1, arbitrary: fc.record({ field, missing: fc.constant(true as const) }) },
  );
  const extra = fc.oneof(
    { weight: 3, arbitrary: fc.constant<[string, unknown][]>([]) },
    { weight: 1, arbitrary: fc.array(fc.tuple(extraKey, hostileValue), { minLength: 1, maxLength: 3 }) },
  );
  const withChanges = (changes: fc.Arbitrary<Change[]>) =>
    fc.record({ kind: fc.constant("valid, with changes" as const), changes, extra });
  return fc.oneof(
    { weight: 4, arbitrary: withChanges(fc.constant([])) },
    // One hostile field in an otherwise valid body gets furthest: past the schema's other checks.
    { weight: 16, arbitrary: withChanges(fc.tuple(change)) },
    { weight: 4, arbitrary: withChanges(fc.array(change, { minLength: 2, maxLength: 4 })) },
    {
      weight: 3,
      arbitrary: fc.record({ kind: fc.constant("raw value"), field, token: fc.constantFrom(...RAW_NUMBER_TOKENS) }),
    },
    ...plans,
  );
}

/** Ids: mostly the valid one when the body is fuzzed too, mostly hostile ones when the id is all there is. */
function idPlans(kind: "id" | "email", validWeight: number): fc.Arbitrary<IdPlan> {
  return fc.oneof(
    { weight: validWeight, arbitrary: fc.constant({ kind: "valid" as const }) },
    {
      weight: 2,
      arbitrary: fc.record({ kind: fc.constant("twisted"), twist: fc.constantFrom(...Object.keys(ID_TWISTS)) }),
    },
    {
      weight: 6,
      arbitrary: fc.record({
        kind: fc.constant("hostile"),
        segment: kind === "email" ? hostileEmailSegment : hostileIdSegment,
      }),
    },
  );
}

/** Fuzz cases for a call: mostly its valid request with something hostile in it, sometimes anything. */
export function requestCases(
  fields: string[],
  idKind: "id" | "email" | null,
  format: BodyFormat,
): fc.Arbitrary<RequestCase> {
  return fc.record({
    id: idKind ? idPlans(idKind, fields.length > 0 ? 4 : 1) : fc.constant({ kind: "valid" as const }),
    body: bodyPlans(fields),
    contentType: fc.oneof(
      { weight: 4, arbitrary: fc.constant(CONTENT_TYPE[format]) },
      { weight: 1, arbitrary: fc.constantFrom(...CONTENT_TYPES) },
      { weight: 1, arbitrary: fc.constant(null) },
    ),
    idempotencyKey: fc.oneof(
      { weight: 6, arbitrary: fc.constant(null) },
      // Keys that come again make POST /api/order replay an order, or refuse a different one under the same key.
      { weight: 1, arbitrary: fc.constantFrom("retry-1", "retry-2") },
      { weight: 1, arbitrary: hostileHeaderValue },
    ),
  });
}

/** The call's valid request: its id, its body (if it takes one) and the right content type. */
export function validCase(hasBody: boolean, format: BodyFormat): RequestCase {
  const body: BodyPlan = hasBody ? { kind: "valid, with changes", changes: [], extra: [] } : { kind: "no body" };
  return { id: { kind: "valid" }, body, contentType: CONTENT_TYPE[format], idempotencyKey: null };
}

export function setIn(target: JsonObject, path: string[], change: (parent: JsonObject, key: string) => void) {
  const [key, ...rest] = path as [string, ...string[]];
  if (rest.length === 0) return change(target, key);
  const child = target[key];
  if (typeof child !== "object" || child === null || Array.isArray(child)) return;
  const copy = { ...(child as JsonObject) };
  target[key] = copy;
  setIn(copy, rest, change);
}

/** Sets a property as JSON.parse would, so `__proto__` becomes a key of the body and not its prototype. */
export function own(target: JsonObject, key: string, value: unknown) {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

const PLACEHOLDER = "\u0001fuzz-raw-value\u0001";
/** Characters of padding: more bytes than the largest limit of a JSON or form call (128 KB) however encoded. */
const OVER_THE_LIMIT = 160 * 1024;

/** A form's fields; a value that is not text is written as JSON. */
function formText(body: JsonObject): string {
  const text = (value: unknown) => (typeof value === "string" ? value : (JSON.stringify(value) ?? ""));
  return new URLSearchParams(Object.entries(body).map(([key, value]) => [key, text(value)])).toString();
}

/** The body a plan describes, given the call's valid body in the current scene. */
export function renderBody(
  plan: BodyPlan,
  valid: JsonObject | undefined,
  format: BodyFormat,
): string | Uint8Array<ArrayBuffer> | undefined {
  const encode = format === "json" ? JSON.stringify : formText;
  const validText = encode(valid ?? {});
  switch (plan.kind) {
    case "valid, with changes": {
      const body = { ...valid };
      for (const c of plan.changes) {
        setIn(body, c.field.split("."), (parent, key) => {
          if ("missing" in c) delete parent[key];
          else own(parent, key, c.to);
        });
      }
      for (const [key, value] of plan.extra) own(body, key, value);
      return encode(body);
    }
    case "raw value": {
      const body = { ...valid };
      if (format === "form") return formText({ ...body, [plan.field]: plan.token });
      setIn(body, plan.field.split("."), (parent, key) => own(parent, key, PLACEHOLDER));
      return JSON.stringify(body).replace(JSON.stringify(PLACEHOLDER), plan.token);
    }
    case "any JSON":
      return JSON.stringify(plan.value) ?? "";
    case "truncated JSON":
      return validText.slice(0, Math.floor(plan.at * validText.length));
    case "not JSON":
      return plan.text;
    case "invalid UTF-8":
      return new Uint8Array([...Buffer.from(validText.slice(0, -1)), ...plan.bytes, 0x7d]);
    case "deep nesting":
      return "[".repeat(plan.depth) + (plan.closed ? "]".repeat(plan.depth) : "");
    case "over the body limit":
      // The valid body with one more field, past every JSON route's limit (server/http/body-limits.ts).
      return encode({ ...valid, padding: plan.padding.repeat(OVER_THE_LIMIT / plan.padding.length) });
    case "no body":
      return undefined;
  }
}

/** The path's segment a plan describes, given the valid one (already percent-encoded where needed). */
export function renderId(plan: IdPlan, valid: string): string {
  if (plan.kind === "valid") return valid;
  if (plan.kind === "twisted") return ID_TWISTS[plan.twist]!(valid);
  return plan.segment;
}
