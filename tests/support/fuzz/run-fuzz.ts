import fc from "fast-check";
import { expect } from "vitest";
import { changedTables, fingerprint, type Ignored } from "../fingerprint";
import type { TestContext } from "../test-app";
import { textsBreakingTheRule } from "./stored-text";

/**
 * Cases per call: 150 (CI's PostgreSQL pass asks for 100, .ci/run); FUZZ_RUNS overrides it, e.g. 2000 for a long
 * search. Each run draws new cases with a new seed, so CI's runs add up over time; the count is what keeps CI inside
 * its 40 minutes (docs/decisions/0039-ci-inside-its-time.md).
 */
export const FUZZ_RUNS = Number(process.env.FUZZ_RUNS) || 150;

/** Per call: this many cases take well under this on PGlite and PostgreSQL, even on a busy machine. */
export const FUZZ_TIMEOUT = Math.max(60_000, FUZZ_RUNS * 300);

export interface Fuzzing<S, C> {
  t: TestContext;
  /** Fresh things to work on; made again whenever a request changed the database, which may have used them up. */
  scene?: () => Promise<S>;
  cases: fc.Arbitrary<C>;
  /** The valid request, sent first in every run, so that each run gets past the checks at least once. */
  valid: C;
  send: (scene: S, c: C) => Promise<Response>;
  /** What a refused request may still change (each use says why). */
  ignored?: Ignored;
  /** State outside the database that a refused request must leave as it was (the uploaded files). */
  outside?: () => Promise<unknown>;
  /** FUZZ_RUNS unless said otherwise. */
  runs?: number;
  /** A read: no answer, not even a success, may change a row. */
  readOnly?: boolean;
  /** What a successful answer must hold beyond its status (a list's shape and headers, say). */
  checkAnswer?: (c: C, res: Response, text: string) => void;
}

/** How many answers of each status the cases got. */
export type Statuses = Record<number, number>;

function messageOf(text: string): unknown {
  try {
    return (JSON.parse(text) as { message?: unknown }).message;
  } catch {
    return undefined;
  }
}

/**
 * Sends every case and holds the API to its word: never a 5xx, a refused request (4xx) answers JSON `{message}`
 * and changes no row of any table, and what a taken one stored obeys the text rule.
 */
export async function fuzz<S, C>(f: Fuzzing<S, C>): Promise<Statuses> {
  const { t, cases, valid, send, ignored } = f;
  const makeScene = f.scene ?? (() => Promise.resolve({} as S));
  const outside = f.outside ?? (() => Promise.resolve(null));
  let scene = await makeScene();
  const statuses: Statuses = {};
  await fc.assert(
    fc.asyncProperty(cases, async (c) => {
      const before = await fingerprint(t.database, ignored);
      const outsideBefore = await outside();
      const res = await send(scene, c);
      const text = await res.text();
      statuses[res.status] = (statuses[res.status] ?? 0) + 1;
      const answer = `${res.status} ${text.slice(0, 300)}`;
      expect(res.status, answer).toBeLessThan(500);
      const after = await fingerprint(t.database, ignored);
      const changed = changedTables(before, after);
      if (res.status < 400) f.checkAnswer?.(c, res, text);
      // Whatever was taken was taken by the text rule: no stored text holds what it keeps out.
      if (changed.length > 0) expect(await textsBreakingTheRule(t.database), answer).toEqual([]);
      if (res.status >= 400 || f.readOnly) {
        expect(changed, answer).toEqual([]);
        expect(await outside(), answer).toEqual(outsideBefore);
      }
      if (res.status >= 400) expect(messageOf(text), answer).toBeTypeOf("string");
      if (changed.length > 0) scene = await makeScene();
    }),
    { numRuns: f.runs ?? FUZZ_RUNS, examples: [[valid]] },
  );
  return statuses;
}

/** How many cases were not refused (2xx, 3xx): a fuzz that never gets past the checks proves little. */
export const successes = (statuses: Statuses) =>
  Object.entries(statuses).reduce((sum, [status, count]) => sum + (Number(status) < 400 ? count : 0), 0);
