import fc from "fast-check";
import { sheetText, type SheetRows } from "../catalog-csv";
import type { Scene } from "../use-case-scenes";
import { csvFiles, csvTextOf, type CsvPlan } from "./csv-cases";
import { extraKey, hostileHeaderValue, hostileText } from "./hostile-values";
import { megabyteText, rawEmail, rawId, rawValue, TEXT_TWISTS } from "./raw-values";
import { fieldsOf, own, setIn, type JsonObject } from "./request-cases";
import { renderUpload, uploadCases, type UploadCase } from "./upload-cases";

/** One field of a valid object changed: given another value, or left out. Fields are dotted paths. */
type Change = { field: string; to: unknown } | { field: string; missing: true };

/** What a fuzz case passes for one parameter, said in terms of the parameter's valid value in the scene. */
export type ArgPlan =
  | { kind: "valid" }
  | { kind: "twisted"; twist: string }
  | { kind: "changed"; changes: Change[]; extra: [string, unknown][] }
  | { kind: "replaced"; value: unknown }
  | { kind: "upload"; upload: UploadCase }
  | { kind: "csv"; csv: CsvPlan };

/** One parameter of a use case: what may stand in its place, and the value each plan stands for. */
export interface Param {
  /** The valid plan weighs `validWeight`: more when other parameters are fuzzed too. */
  plans: (validWeight: number, s: Scene) => fc.Arbitrary<ArgPlan>;
  render: (plan: ArgPlan, s: Scene) => unknown;
}

export const VALID: ArgPlan = { kind: "valid" };

const valid = (weight: number) => ({ weight, arbitrary: fc.constant(VALID) });
const replaced = (weight: number, value: fc.Arbitrary<unknown>) => ({
  weight,
  arbitrary: value.map((v): ArgPlan => ({ kind: "replaced", value: v })),
});
const twisted = (weight: number) => ({
  weight,
  arbitrary: fc.constantFrom(...Object.keys(TEXT_TWISTS)).map((twist): ArgPlan => ({ kind: "twisted", twist })),
});

function unexpected(plan: ArgPlan): never {
  throw new Error(`no such plan here: ${plan.kind}`);
}

/** A text that names something (an id, an e-mail): valid, bent, or anything else at all. */
function naming(validOf: (s: Scene) => string, hostile: fc.Arbitrary<unknown>, hostileWeight = 6): Param {
  return {
    plans: (w) => fc.oneof(valid(w), twisted(2), replaced(hostileWeight, hostile)),
    render: (plan, s) => {
      if (plan.kind === "valid") return validOf(s);
      if (plan.kind === "twisted") return TEXT_TWISTS[plan.twist]!(validOf(s));
      if (plan.kind === "replaced") return plan.value;
      return unexpected(plan);
    },
  };
}

export const id = (validOf: (s: Scene) => string) => naming(validOf, rawId);
export const email = (validOf: (s: Scene) => string) => naming(validOf, rawEmail);
/**
 * A text the door always passes as text (a provider's name in a path); mostly valid, so that the other
 * parameters get past it.
 */
export const text = (validText: string) => naming(() => validText, fc.oneof(hostileText, megabyteText), 1);

function changed(validObject: JsonObject, plan: Extract<ArgPlan, { kind: "changed" }>): JsonObject {
  const result = { ...validObject };
  for (const c of plan.changes) {
    setIn(result, c.field.split("."), (parent, key) => {
      if ("missing" in c) delete parent[key];
      else own(parent, key, c.to);
    });
  }
  for (const [key, value] of plan.extra) own(result, key, value);
  return result;
}

/** Plans for an object: mostly the valid one with one field changed, sometimes several, extra keys, or no object. */
function objectPlans(fields: string[], values: fc.Arbitrary<unknown>, whole: fc.Arbitrary<unknown>, w: number) {
  const field = fc.constantFrom(...fields);
  const change: fc.Arbitrary<Change> = fc.oneof(
    { weight: 4, arbitrary: fc.record({ field, to: values }) },
    { weight: 1, arbitrary: fc.record({ field, missing: fc.constant(true as const) }) },
  );
  const extra = fc.array(fc.tuple(extraKey, values), { minLength: 1, maxLength: 3 });
  const withChanges = (weight: number, changes: fc.Arbitrary<Change[]>, extras: fc.Arbitrary<[string, unknown][]>) => ({
    weight,
    arbitrary: fc.record({ kind: fc.constant("changed" as const), changes, extra: extras }),
  });
  return fc.oneof(
    valid(w),
    // One hostile field in an otherwise valid object gets furthest: past the schema's other checks.
    withChanges(16, fc.tuple(change), fc.constant([])),
    withChanges(4, fc.array(change, { minLength: 2, maxLength: 4 }), fc.constant([])),
    withChanges(2, fc.constant([]), extra),
    replaced(4, whole),
  );
}

/** A payload (a JSON body, a form's fields): its valid object in the scene, bent or replaced by anything. */
export function body(validOf: (s: Scene) => JsonObject): Param {
  return {
    plans: (w, s) =>
      objectPlans(
        fieldsOf(validOf(s)),
        rawValue,
        fc.oneof(rawValue, fc.constant([validOf(s)]), fc.constant({ body: validOf(s) })),
        w,
      ),
    render: (plan, s) => {
      if (plan.kind === "valid") return validOf(s);
      if (plan.kind === "changed") return changed(validOf(s), plan);
      if (plan.kind === "replaced") return plan.value;
      return unexpected(plan);
    },
  };
}

// Less often a megabyte than elsewhere: a form percent-encodes it to several.
const formValue = fc.oneof({ weight: 4, arbitrary: hostileText }, { weight: 1, arbitrary: megabyteText });

/** A payload as the JSON text a provider signs and sends: the body's plans, written out. */
export function jsonText(validOf: (s: Scene) => JsonObject): Param {
  const payload = body(validOf);
  return {
    plans: payload.plans,
    render: (plan, s) => {
      const value = payload.render(plan, s);
      if (typeof value === "string") return value;
      try {
        return JSON.stringify(value) ?? "";
      } catch {
        // A bigint or a cycle, which JSON cannot write: some text in its place.
        return textOf(value);
      }
    },
  };
}

/** A value as text; an object whose `toString` was replaced by a hostile key has no text of its own. */
function textOf(value: unknown): string {
  if (typeof value === "string") return value;
  try {
    return String(value);
  } catch {
    return Object.prototype.toString.call(value);
  }
}

function formFields(validOf: (s: Scene) => Record<string, string>) {
  return {
    plans: (w: number, s: Scene) => objectPlans(Object.keys(validOf(s)), formValue, hostileText, w),
    fields: (plan: ArgPlan, s: Scene): URLSearchParams | string => {
      if (plan.kind === "valid") return new URLSearchParams(validOf(s));
      if (plan.kind === "changed") {
        const entries = Object.entries(changed(validOf(s), plan)).map(([k, v]): [string, string] => [k, textOf(v)]);
        return new URLSearchParams(entries);
      }
      if (plan.kind === "replaced") return textOf(plan.value);
      return unexpected(plan);
    },
  };
}

/** A form post as a door reads it (the gateway's return): fields, or whatever text came, parsed as a form. */
export function form(validOf: (s: Scene) => Record<string, string>): Param {
  const f = formFields(validOf);
  return { plans: f.plans, render: (plan, s) => new URLSearchParams(f.fields(plan, s)) };
}

/** A form post as text (a provider's notification body). */
export function formText(validOf: (s: Scene) => Record<string, string>): Param {
  const f = formFields(validOf);
  return { plans: f.plans, render: (plan, s) => f.fields(plan, s).toString() };
}

const HEADER_NAMES = ["stripe-signature", "content-type", "x-forwarded-for", "authorization", "cookie", "origin"];

/** A request's headers: none, or some with hostile values (all a Headers object can hold). */
export const headers: Param = {
  plans: (w) =>
    fc.oneof(
      valid(w),
      replaced(2, fc.array(fc.tuple(fc.constantFrom(...HEADER_NAMES), hostileHeaderValue), { maxLength: 3 })),
    ),
  render: (plan) => new Headers(plan.kind === "replaced" ? (plan.value as [string, string][]) : []),
};

/** A parameter that is its valid value, or one of `others` (`others` weighs `weight` against the valid one). */
export function choice(validValue: unknown, others: fc.Arbitrary<unknown>, weight = 1): Param {
  return {
    plans: (w) => fc.oneof(valid(w), replaced(weight, others)),
    render: (plan) => (plan.kind === "replaced" ? plan.value : validValue),
  };
}

/** An Idempotency-Key: none (the valid case), keys that come again, or anything else. */
export const idempotencyKey = choice(
  undefined,
  fc.oneof(fc.constantFrom("retry-1", "retry-2"), hostileHeaderValue, rawValue),
);

/**
 * An uploaded file: the valid photo, the `image` field of a hostile upload form (a broken or huge file, text),
 * a body that was no form at all, or anything else.
 */
export function file(validFile: () => Promise<Blob>): Param {
  return {
    plans: (w) =>
      fc.oneof(
        valid(w),
        { weight: 6, arbitrary: uploadCases.map((upload): ArgPlan => ({ kind: "upload", upload })) },
        replaced(2, rawValue),
      ),
    render: async (plan) => {
      if (plan.kind === "valid") return validFile();
      if (plan.kind === "replaced") return plan.value;
      if (plan.kind !== "upload") return unexpected(plan);
      const { body } = await renderUpload(plan.upload);
      return body instanceof FormData ? body.get("image") : body;
    },
  };
}

/**
 * A catalog spreadsheet's text, as `POST /api/products.csv` hands it on: the scene's valid file, a hostile file
 * made of it (csv-cases.ts: hostile cells, broken framing, columns unknown or missing, rows twice, too many rows),
 * or anything else at all.
 */
export function csv(validOf: (s: Scene) => SheetRows): Param {
  return {
    plans: (w) =>
      fc.oneof(
        valid(w),
        { weight: 6, arbitrary: csvFiles.map((plan): ArgPlan => ({ kind: "csv", csv: plan })) },
        replaced(2, rawValue),
      ),
    render: (plan, s) => {
      if (plan.kind === "valid") return sheetText(validOf(s));
      if (plan.kind === "csv") return csvTextOf(plan.csv, validOf(s));
      if (plan.kind === "replaced") return plan.value;
      return unexpected(plan);
    },
  };
}
