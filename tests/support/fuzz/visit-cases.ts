import { createHash } from "node:crypto";
import fc from "fast-check";
import { CART_COOKIE } from "@server/cart";
import {
  encodeSegment,
  hostileHeaderValue,
  hostileIdSegment,
  hostileNumber,
  hostileText,
  hostileValue,
} from "./hostile-values";
import { requestCases, type BodyFormat, type RequestCase } from "./request-cases";

/**
 * Cases for the calls a visitor makes with a cart (a guest, named by the httpOnly `randa.cart` cookie) or with an
 * account (a bearer token, or the session cookie a browser sends): a request case of request-cases.ts, plus what
 * the Cookie header and the query string carry.
 */

/** The `randa.cart` cookie's value, said in terms of the scene's guest cart. */
export type CartCookiePlan =
  | { kind: "none" }
  | { kind: "the scene's" }
  | { kind: "twisted"; twist: string }
  | { kind: "forged"; token: string }
  | { kind: "malformed"; value: string }
  | { kind: "oversized"; unit: string; length: number };

export interface CookiePlan {
  cart: CartCookiePlan;
  /** A second `randa.cart` after the first: the reader takes the first, a forger may send more. */
  again: CartCookiePlan | null;
  /** Other cookies after them: a forged session, a language, nonsense. */
  noise: string[];
}

/** How a signed-in visitor is known: an API client's bearer token, or a browser's session cookie. */
export type Carrier = "bearer" | "session cookie";

/** One query parameter's change: a new value, left out, or one more (a name may come twice). */
type QueryChange = { set: string; to: string } | { drop: string } | { add: string; to: string };

export type QueryPlan =
  | { kind: "valid" }
  | { kind: "changed"; changes: QueryChange[] }
  | { kind: "pairs"; pairs: [string, string][] }
  | { kind: "raw"; text: string };

export interface VisitCase {
  request: RequestCase;
  /** The id of a row another visitor owns (a cart line, an address) in place of the scene's own. */
  othersId: boolean;
  query: QueryPlan;
  cookie: CookiePlan;
  carrier: Carrier;
}

/** Ways to bend a valid cart token: each still looks close to it. */
export const TOKEN_TWISTS: Record<string, (token: string) => string> = {
  "upper case": (s) => s.toUpperCase(),
  "lower case": (s) => s.toLowerCase(),
  truncated: (s) => s.slice(0, -1),
  "one character more": (s) => `${s}A`,
  doubled: (s) => `${s}${s}`,
  // Quotes, padding and percent-encoding are undone by the cookie reader: the same cart, as a browser would send it.
  quoted: (s) => `"${s}"`,
  padded: (s) => ` ${s} `,
  "percent-encoded": (s) => encodeSegment(s),
  "trailing NUL": (s) => `${s}%00`,
  "trailing lone surrogate": (s) => `${s}%ED%A0%80`,
  // What the database keeps: the token's SHA-256 opens nothing.
  "its hash": (s) => createHash("sha256").update(s).digest("hex"),
  "its hash, cut to a token's length": (s) => createHash("sha256").update(s).digest("hex").slice(0, 32),
};

// prettier-ignore
const MALFORMED_TOKENS = [
  "", "=", '"', '""', "deleted", "null", "undefined", "[object Object]", "%", "%zz", "%E0%A4%A", "%FF%FE",
  "a".repeat(31), "a".repeat(33), "-".repeat(32), "_".repeat(32), "0".repeat(32), "+".repeat(32), "/".repeat(32),
  encodeSegment("ক".repeat(32)), encodeSegment("\u0000".repeat(32)), "a b c", "a,b", "\\", "$(reboot)",
];

/** A well-formed token (24 random bytes in base64url, as the store makes them) that names no cart. */
const forgedToken = fc
  .uint8Array({ minLength: 24, maxLength: 24 })
  .map((bytes) => Buffer.from(bytes).toString("base64url"));

function cartCookiePlans(sceneHasCart: boolean): fc.Arbitrary<CartCookiePlan> {
  const plans: fc.WeightedArbitrary<CartCookiePlan>[] = [
    { weight: 4, arbitrary: fc.constant({ kind: "none" as const }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant("forged" as const), token: forgedToken }) },
    {
      weight: 3,
      arbitrary: fc.record({
        kind: fc.constant("malformed" as const),
        value: fc.oneof(
          fc.constantFrom(...MALFORMED_TOKENS),
          hostileHeaderValue,
          hostileText.filter((text) => text.length < 20_000).map(encodeSegment),
          forgedToken.map((token) => `${token};`),
        ),
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant("oversized" as const),
        unit: fc.constantFrom("a", "-", "%F0%9F%98%80", "%00", "%"),
        length: fc.constantFrom(4096, 16_384, 65_536, 262_144),
      }),
    },
  ];
  if (sceneHasCart) {
    plans.push(
      { weight: 8, arbitrary: fc.constant({ kind: "the scene's" as const }) },
      {
        weight: 2,
        arbitrary: fc.record({
          kind: fc.constant("twisted" as const),
          twist: fc.constantFrom(...Object.keys(TOKEN_TWISTS)),
        }),
      },
    );
  }
  return fc.oneof(...plans);
}

/** Cookies that are not the cart's: a forged or broken session, a language, names a parser may trip on. */
const noiseCookie: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    "randa.lang=bn",
    "randa.lang=xx",
    "__proto__=1",
    "constructor=1",
    "=x",
    "randa.cart",
    "RANDA.CART=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
    "randa.session_token=",
    "randa.session_token=forged.signature",
    "__Secure-randa.session_token=forged",
    "randa.session_data=e30",
  ),
  hostileHeaderValue.map((value) => `randa.session_token=${value}`),
  fc.tuple(hostileHeaderValue, hostileHeaderValue).map(([name, value]) => `${name}=${value}`),
);

function cookiePlans(sceneHasCart: boolean): fc.Arbitrary<CookiePlan> {
  return fc.record({
    cart: cartCookiePlans(sceneHasCart),
    again: fc.oneof(
      { weight: 6, arbitrary: fc.constant(null) },
      { weight: 1, arbitrary: cartCookiePlans(sceneHasCart) },
    ),
    noise: fc.oneof(
      { weight: 5, arbitrary: fc.constant<string[]>([]) },
      { weight: 1, arbitrary: fc.array(noiseCookie, { minLength: 1, maxLength: 3 }) },
    ),
  });
}

/** The cookie's value a plan names, given the scene's guest cart token (if the scene has one). */
export function renderCartCookie(plan: CartCookiePlan, token: string | undefined): string | null {
  switch (plan.kind) {
    case "none":
      return null;
    case "the scene's":
      return token ?? null;
    case "twisted":
      return token === undefined ? null : TOKEN_TWISTS[plan.twist]!(token);
    case "forged":
      return plan.token;
    case "malformed":
      return plan.value;
    case "oversized":
      return plan.unit.repeat(Math.ceil(plan.length / plan.unit.length));
  }
}

/** The Cookie header: the session first (when it carries one), then the cart's, then the noise; null for none. */
export function renderCookieHeader(plan: CookiePlan, token: string | undefined, session?: string): string | null {
  const cart = [plan.cart, plan.again]
    .map((p) => (p ? renderCartCookie(p, token) : null))
    .filter((value) => value !== null)
    .map((value) => `${CART_COOKIE}=${value}`);
  const parts = [...(session ? [session] : []), ...cart, ...plan.noise];
  return parts.length === 0 ? null : parts.join("; ");
}

/** Values a query parameter is tried with: the call's own near-valid ones, and hostile ones. */
export function queryValues(own: readonly string[]): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 5, arbitrary: fc.constantFrom(...own) },
    { weight: 2, arbitrary: hostileNumber.map(String) },
    { weight: 3, arbitrary: hostileText.filter((text) => text.length < 50_000) },
  );
}

// prettier-ignore
const RAW_QUERIES = [
  "", "?", "&", "&&&", "=", "==", "district", "district=", "district&weight", "district[]=Sylhet", "district.x=Sylhet",
  "district=Sylhet&district=Dhaka", "weight=1&weight=x&district=Sylhet", "district=%E0%A4%A", "district=%zz",
  "district=%00", "%00=Sylhet", "district=Sylhet%00", "district=%ED%A0%80", "district=Sylhet;weight=1",
  "district=Sylhet&weight=%2B1", "__proto__=x&district=Sylhet", "district=Cox's%20Bazar", "district=Cox%27s+Bazar",
];

function queryPlans(names: readonly string[], values: fc.Arbitrary<string>): fc.Arbitrary<QueryPlan> {
  const name = fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...names) },
    { weight: 1, arbitrary: fc.constantFrom("utm_source", "__proto__", "constructor", "q[]", "", "DISTRICT") },
  );
  const change: fc.Arbitrary<QueryChange> = fc.oneof(
    { weight: 4, arbitrary: fc.record({ set: fc.constantFrom(...names), to: values }) },
    { weight: 1, arbitrary: fc.record({ drop: fc.constantFrom(...names) }) },
    { weight: 1, arbitrary: fc.record({ add: name, to: values }) },
  );
  return fc.oneof(
    { weight: 3, arbitrary: fc.constant({ kind: "valid" as const }) },
    {
      weight: 6,
      arbitrary: fc.record({
        kind: fc.constant("changed" as const),
        changes: fc.array(change, { minLength: 1, maxLength: 3 }),
      }),
    },
    {
      weight: 2,
      arbitrary: fc.record({
        kind: fc.constant("pairs" as const),
        pairs: fc.array(fc.tuple(name, values), { maxLength: 5 }),
      }),
    },
    {
      weight: 2,
      arbitrary: fc.record({
        kind: fc.constant("raw" as const),
        text: fc.oneof(
          fc.constantFrom(...RAW_QUERIES),
          fc.tuple(fc.constantFrom(...names), hostileIdSegment).map(([n, segment]) => `${n}=${segment}`),
          hostileIdSegment,
        ),
      }),
    },
  );
}

/** The query string (with its `?`, or nothing) a plan names, given the call's valid parameters. */
export function renderQuery(plan: QueryPlan, valid: readonly [string, string][]): string {
  const written = (pairs: [string, string][]) => (pairs.length === 0 ? "" : `?${new URLSearchParams(pairs)}`);
  switch (plan.kind) {
    case "valid":
      return written([...valid]);
    case "pairs":
      return written(plan.pairs);
    case "raw":
      return `?${plan.text}`;
    case "changed": {
      let pairs: [string, string][] = [...valid];
      for (const c of plan.changes) {
        if ("set" in c) pairs = [...pairs.filter(([n]) => n !== c.set), [c.set, c.to]];
        else if ("drop" in c) pairs = pairs.filter(([n]) => n !== c.drop);
        else pairs = [...pairs, [c.add, c.to]];
      }
      return written(pairs);
    }
  }
}

export interface VisitCaseShape {
  /** The body's fields (dotted paths); none for a call without a body. */
  fields: string[];
  /** Whether the path has an `{id}`. */
  hasId: boolean;
  /** Whether the call is a GET (no body at all: a request cannot carry one). */
  isRead: boolean;
  /** Whether the scene has a guest cart whose cookie the cases may send. */
  sceneHasCart: boolean;
  /** Whether the caller is signed in (a bearer token or the session cookie carries it). */
  signedIn: boolean;
  /** Whether the scene names another visitor's row to try in the `{id}`'s place. */
  hasOthers: boolean;
  /** The query's parameters and the values they are tried with. */
  query: { names: readonly string[]; values: fc.Arbitrary<string> };
  /** Whole bodies sent in the valid body's place, beside the usual hostile ones (deep changes, say). */
  moreBodies?: fc.Arbitrary<unknown>;
  /**
   * Values near a field's rules (a quantity off the steps of 20, a district of another division), put one at a time
   * in the valid body: hostile values seldom land there, and that is where the domain's own checks are.
   */
  edges?: Record<string, readonly unknown[]>;
  format?: BodyFormat;
}

/** Every case of a visitor's call: a hostile request, cookie, query, carrier and, now and then, another's id. */
export function visitCases(shape: VisitCaseShape): fc.Arbitrary<VisitCase> {
  const format = shape.format ?? "json";
  let request = requestCases(shape.fields, shape.hasId ? "id" : null, format);
  if (shape.moreBodies) {
    const more = fc
      .record({
        request: request,
        value: shape.moreBodies,
      })
      .map(({ request: r, value }): RequestCase => ({ ...r, body: { kind: "any JSON", value } }));
    request = fc.oneof({ weight: 1, arbitrary: request }, { weight: 1, arbitrary: more });
  }
  const edges = Object.entries(shape.edges ?? {});
  if (edges.length > 0) {
    const change = fc.oneof(
      ...edges.map(([field, values]) => fc.record({ field: fc.constant(field), to: fc.constantFrom(...values) })),
    );
    const edged = fc.record({ request, change }).map(({ request: r, change: c }): RequestCase => ({
      ...r,
      body: { kind: "valid, with changes", changes: [c], extra: [] },
    }));
    request = fc.oneof({ weight: 2, arbitrary: request }, { weight: 1, arbitrary: edged });
  }
  if (shape.isRead) request = request.map((r) => ({ ...r, body: { kind: "no body" as const } }));
  return fc.record({
    request,
    othersId: shape.hasOthers
      ? fc.oneof({ weight: 8, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) })
      : fc.constant(false),
    query: queryPlans(shape.query.names, shape.query.values),
    cookie: cookiePlans(shape.sceneHasCart),
    carrier: shape.signedIn ? fc.constantFrom<Carrier>("bearer", "session cookie") : fc.constant<Carrier>("bearer"),
  });
}

/** The valid case: the call's valid request and query, the scene's own cart cookie, a bearer token. */
export function validVisit(request: RequestCase, sceneHasCart: boolean): VisitCase {
  return {
    request,
    othersId: false,
    query: { kind: "valid" },
    cookie: { cart: sceneHasCart ? { kind: "the scene's" } : { kind: "none" }, again: null, noise: [] },
    carrier: "bearer",
  };
}

/** A value in a field's place, deep in a body (a zone's charge, say): hostile, or near the field's limits. */
export const hostileOrEdge = (edges: readonly unknown[]) =>
  fc.oneof({ weight: 2, arbitrary: fc.constantFrom(...edges) }, { weight: 3, arbitrary: hostileValue });
