import { beforeAll, expect, it } from "vitest";
import { signUp, signUpAdmin, type TestAccount } from "../accounts";
import type { Ignored } from "../fingerprint";
import { TEST_ORIGIN, type TestContext } from "../test-app";
import {
  fieldsOf,
  renderBody,
  renderId,
  requestCases,
  validCase,
  type BodyFormat,
  type JsonObject,
  type RequestCase,
} from "./request-cases";
import { FUZZ_RUNS, FUZZ_TIMEOUT, fuzz, successes } from "./run-fuzz";

/** What one call works on: the ids of fresh rows. */
export type Scene = Record<string, string>;

export type Actor = "owner" | "admin" | "anonymous";

/** One row of a fuzz table: a call, who may make it, and its valid request. */
export interface FuzzedCall {
  /** `PUT /api/product/{id}`: the method, and the path with `{id}` or `{email}` where hostile segments go. */
  call: string;
  /** Who is allowed to make the call, so that requests pass the guard and reach the schema and the domain. */
  as: Actor;
  /** Fresh rows for one valid request; made again whenever a request changed the database. */
  scene?: () => Promise<Scene>;
  /** The valid `{id}` or `{email}` in a scene. */
  id?: (s: Scene) => string;
  /** The valid body in a scene. */
  body?: (s: Scene) => JsonObject;
  /** JSON unless said otherwise. */
  format?: BodyFormat;
  /** What a refused request may still change, and why. */
  ignored?: Ignored;
  /** FUZZ_RUNS unless said otherwise (and why). */
  runs?: number;
  /** What the body is about, when one call is fuzzed with bodies of different shapes ("sizes"). */
  shape?: string;
}

export type Accounts = Record<Exclude<Actor, "anonymous">, TestAccount>;

const noScene = () => Promise.resolve({});

/** Fuzz cases for a call, shaped by its valid body (its fields) and path (`{id}` or `{email}`). */
export async function casesOf(call: FuzzedCall) {
  const template = call.call.split(" ")[1]!;
  const idKind = template.includes("{email}") ? "email" : template.includes("{id}") ? "id" : null;
  const fields = call.body ? fieldsOf(call.body(await (call.scene ?? noScene)())) : [];
  return requestCases(fields, idKind, call.format ?? "json");
}

/** Sends one case of a call in a scene, as `as` (with a bearer token), from the store's own origin. */
export function sendCase(
  t: TestContext,
  call: FuzzedCall,
  accounts: Accounts,
  s: Scene,
  c: RequestCase,
  extraHeaders: (body: string | Uint8Array<ArrayBuffer> | undefined) => Record<string, string> = () => ({}),
) {
  const [method, template] = call.call.split(" ") as [string, string];
  const segment = call.id ? renderId(c.id, encodeURIComponent(call.id(s))) : "";
  const body = renderBody(c.body, call.body?.(s), call.format ?? "json");
  const headers: Record<string, string> = { Origin: TEST_ORIGIN, ...extraHeaders(body) };
  if (call.as !== "anonymous") headers.Authorization = `Bearer ${accounts[call.as].token}`;
  if (c.contentType !== null) headers["Content-Type"] = c.contentType;
  if (c.idempotencyKey !== null) headers["Idempotency-Key"] = c.idempotencyKey;
  return t.request(template.replace(/\{(id|email)\}/, segment), { method, headers, body });
}

/** Fuzzes one call of a table; see `fuzz` for what must hold. */
export async function fuzzCall(t: TestContext, call: FuzzedCall, accounts: Accounts) {
  return fuzz({
    t,
    scene: call.scene ?? noScene,
    cases: await casesOf(call),
    valid: validCase(call.body !== undefined, call.format ?? "json"),
    ignored: call.ignored,
    runs: call.runs,
    send: (s, c) => sendCase(t, call, accounts, s, c),
  });
}

/** A customer (the owner of what the calls work on) and an admin, made before the file's tests. */
export function useFuzzAccounts(t: TestContext): Accounts {
  const accounts = {} as Accounts;
  beforeAll(async () => {
    accounts.owner = await signUp(t);
    accounts.admin = await signUpAdmin(t);
  });
  return accounts;
}

/** One test per call of a table: its hostile requests hold to `fuzz`'s rules, and some still get through. */
export function fuzzEach(t: TestContext, calls: FuzzedCall[], accounts: Accounts) {
  for (const call of calls) {
    it(
      `${call.call}${call.shape ? ` (${call.shape})` : ""} as ${call.as}: ${call.runs ?? FUZZ_RUNS} hostile requests`,
      { timeout: FUZZ_TIMEOUT },
      async () => {
        const statuses = await fuzzCall(t, call, accounts);
        expect(successes(statuses), JSON.stringify(statuses)).toBeGreaterThan(0);
      },
    );
  }
}
