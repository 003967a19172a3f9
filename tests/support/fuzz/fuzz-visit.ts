import type fc from "fast-check";
import { beforeAll, expect, it } from "vitest";
import type { z } from "zod";
import { CART_COOKIE } from "@server/cart";
import { signUp, signUpAdmin, type TestAccount } from "../accounts";
import type { Scene } from "../cart-scenes";
import type { Ignored } from "../fingerprint";
import { TEST_ORIGIN, type TestContext } from "../test-app";
import { fieldsOf, renderBody, renderId, validCase, type JsonObject } from "./request-cases";
import { FUZZ_RUNS, FUZZ_TIMEOUT, fuzz, successes, type Statuses } from "./run-fuzz";
import { queryValues, renderCookieHeader, renderQuery, validVisit, visitCases, type VisitCase } from "./visit-cases";

/** Who makes the call: a guest (no session; a cart cookie, maybe), the customer who owns the rows, or an admin. */
export type Who = "guest" | "owner" | "admin";

/** The owner and the admin, and another customer whose rows nobody else may reach. */
export type VisitAccounts = Record<"owner" | "admin" | "other", TestAccount>;

/** One row of a visitor's fuzz table: a call, who makes it, what it works on, and what must hold of its answers. */
export interface VisitedCall {
  /** `PATCH /api/cart/items/{id}`: the method, and the path with `{id}` where hostile segments go. */
  call: string;
  as: Who;
  /** Fresh rows for one valid request (a guest's `cartToken` among them); made again whenever a request changed a row. */
  scene?: () => Promise<Scene>;
  id?: (s: Scene) => string;
  /** Another visitor's row (a cart line, an address): sent in the `{id}`'s place, it must be refused. */
  others?: (s: Scene) => string;
  body?: (s: Scene) => JsonObject;
  /** A read's query: its valid parameters, and the names and values the cases try. */
  query?: { valid: [string, string][]; names: string[]; values: fc.Arbitrary<string> };
  /** Whole bodies sent in the valid one's place, beside the usual hostile ones (made when the test runs). */
  moreBodies?: () => fc.Arbitrary<unknown>;
  /** Values near a field's rules, tried one at a time in the valid body (see `VisitCaseShape`). */
  edges?: Record<string, readonly unknown[]>;
  /** The wire schema a taken request's answer must fit. */
  answer?: z.ZodType;
  /** The caller may not make the call: every case is refused, some with this status (the guard's, or the book's). */
  refused?: number;
  readOnly?: boolean;
  ignored?: Ignored;
  runs?: number;
  /** After a taken request: what is wrong with the stored rows (nothing, or the fuzz fails). */
  stored?: () => Promise<string[]>;
}

const GENERIC_QUERY = { valid: [] as [string, string][], names: ["page", "limit", "id", "district", "weight"] };
const GENERIC_VALUES = queryValues(["1", "20", "Sylhet", "0", "-1", ""]);

/** The statuses the OpenAPI document gives each call, read once per app. */
const documentedByApp = new WeakMap<TestContext, Promise<Map<string, Set<number>>>>();

function documented(t: TestContext): Promise<Map<string, Set<number>>> {
  let made = documentedByApp.get(t);
  if (!made) {
    made = (async () => {
      const doc = (await (await t.request("/api/openapi.json")).json()) as {
        paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
      };
      const byCall = new Map<string, Set<number>>();
      for (const [path, item] of Object.entries(doc.paths)) {
        for (const [method, operation] of Object.entries(item)) {
          byCall.set(`${method.toUpperCase()} ${path}`, new Set(Object.keys(operation.responses).map(Number)));
        }
      }
      return byCall;
    })();
    documentedByApp.set(t, made);
  }
  return made;
}

/** Sends one case as `row.as`: the session by bearer token or cookie, the cart cookie, the query, the body. */
export function sendVisit(t: TestContext, row: VisitedCall, accounts: VisitAccounts, s: Scene, c: VisitCase) {
  const [method, template] = row.call.split(" ") as [string, string];
  const own = row.id ? encodeURIComponent(row.id(s)) : "";
  const segment = c.othersId && row.others ? encodeURIComponent(row.others(s)) : renderId(c.request.id, own);
  const query = row.query ?? GENERIC_QUERY;
  const path = template.replace("{id}", segment) + renderQuery(c.query, query.valid);
  const body = method === "GET" ? undefined : renderBody(c.request.body, row.body?.(s), "json");
  const headers: Record<string, string> = { Origin: TEST_ORIGIN };
  const account = row.as === "guest" ? null : accounts[row.as];
  if (account && c.carrier === "bearer") headers.Authorization = `Bearer ${account.token}`;
  const session = account && c.carrier === "session cookie" ? account.cookie : undefined;
  const cookie = renderCookieHeader(c.cookie, s.cartToken, session);
  if (cookie !== null) headers.Cookie = cookie;
  if (c.request.contentType !== null) headers["Content-Type"] = c.request.contentType;
  if (c.request.idempotencyKey !== null) headers["Idempotency-Key"] = c.request.idempotencyKey;
  return t.request(path, { method, headers, body });
}

function said(text: string): { message?: unknown; code?: unknown } {
  try {
    return JSON.parse(text) as { message?: unknown; code?: unknown };
  } catch {
    return {};
  }
}

/**
 * What every answer must hold beyond run-fuzz's rules: a status the OpenAPI document gives the call (or 404 for a
 * path that names no call); a refusal says `{message, code}` and hands out no cart cookie (it made no cart); another
 * visitor's row is never reached; a taken request's answer fits its schema, and leaves the stored rows whole.
 */
async function holdsItsWord(t: TestContext, row: VisitedCall, c: VisitCase, res: Response) {
  const text = await res.clone().text();
  const answer = `${res.status} ${text.slice(0, 300)}`;
  const { message, code } = said(text);
  const statuses = (await documented(t)).get(row.call);
  expect(statuses, `${row.call} is not in the OpenAPI document`).toBeDefined();
  const noSuchCall = res.status === 404 && code === "request.no_such_call";
  expect(statuses!.has(res.status) || noSuchCall, `undocumented: ${answer}`).toBe(true);
  if (res.status >= 400) {
    expect(message, answer).toBeTypeOf("string");
    expect(code, answer).toBeTypeOf("string");
    const newCart = res.headers
      .getSetCookie()
      .filter((set) => set.startsWith(`${CART_COOKIE}=`) && !/^[^=]+=;/.test(set));
    expect(newCart, `a refusal handed out a cart cookie: ${answer}`).toEqual([]);
  }
  if (c.othersId && row.others) expect(res.status, `another's row was reached: ${answer}`).toBeGreaterThanOrEqual(400);
  if (row.refused !== undefined) expect(res.status, answer).toBeGreaterThanOrEqual(400);
  if (res.status < 400 && row.answer) {
    const fits = row.answer.safeParse(JSON.parse(text));
    expect(fits.success, `${answer}\n${fits.error?.message ?? ""}`).toBe(true);
  }
  if (res.status < 400 && row.stored) expect(await row.stored(), answer).toEqual([]);
}

/** Fuzzes one row; see `fuzz` (run-fuzz.ts) and `holdsItsWord` for what must hold. */
export async function fuzzVisit(t: TestContext, row: VisitedCall, accounts: VisitAccounts): Promise<Statuses> {
  const makeScene = row.scene ?? (() => Promise.resolve({} as Scene));
  const sample = await makeScene();
  const method = row.call.split(" ")[0]!;
  const fields = row.body ? fieldsOf(row.body(sample)) : [];
  const sceneHasCart = sample.cartToken !== undefined;
  const query = row.query ?? { ...GENERIC_QUERY, values: GENERIC_VALUES };
  const cases = visitCases({
    fields,
    hasId: row.call.includes("{id}"),
    isRead: method === "GET",
    sceneHasCart,
    signedIn: row.as !== "guest",
    hasOthers: row.others !== undefined,
    query: { names: query.names, values: query.values },
    ...(row.moreBodies && { moreBodies: row.moreBodies() }),
    ...(row.edges && { edges: row.edges }),
  });
  return fuzz({
    t,
    scene: makeScene,
    cases,
    valid: validVisit(validCase(row.body !== undefined, "json"), sceneHasCart),
    ignored: row.ignored,
    runs: row.runs,
    readOnly: row.readOnly,
    send: async (s, c) => {
      const res = await sendVisit(t, row, accounts, s, c);
      await holdsItsWord(t, row, c, res);
      return res;
    },
  });
}

/** The owner, another customer and an admin, signed up before the file's tests. */
export function useVisitAccounts(t: TestContext): VisitAccounts {
  const accounts = {} as VisitAccounts;
  beforeAll(async () => {
    accounts.owner = await signUp(t);
    accounts.other = await signUp(t);
    accounts.admin = await signUpAdmin(t);
  });
  return accounts;
}

/**
 * One test per row: its hostile requests hold to the rules, and some are taken; or, for a caller who may not make
 * the call, none is taken and some are refused with the row's status.
 */
export function fuzzEachVisit(t: TestContext, rows: VisitedCall[], accounts: VisitAccounts) {
  for (const row of rows) {
    const runs = row.runs ?? FUZZ_RUNS;
    const what =
      row.refused === undefined ? "hostile requests" : `hostile requests, every one refused (${row.refused})`;
    it(
      `${row.call} as ${row.as === "guest" ? "a guest" : row.as}: ${runs} ${what}`,
      { timeout: FUZZ_TIMEOUT },
      async () => {
        const statuses = await fuzzVisit(t, row, accounts);
        if (row.refused === undefined) {
          expect(successes(statuses), JSON.stringify(statuses)).toBeGreaterThan(0);
        } else {
          expect(successes(statuses), JSON.stringify(statuses)).toBe(0);
          expect(statuses[row.refused] ?? 0, JSON.stringify(statuses)).toBeGreaterThan(0);
        }
      },
    );
  }
}
