import fc from "fast-check";
import { expect, it } from "vitest";
import { AppError, STATUS_OF } from "@server/errors";
import type { RequestContext } from "@server/context/request-context";
import { as } from "../contexts";
import { changedTables, fingerprint, type Ignored } from "../fingerprint";
import type { TestContext } from "../test-app";
import type { Actors } from "../use-case-actors";
import type { Scene } from "../use-case-scenes";
import { FUZZ_RUNS, FUZZ_TIMEOUT } from "./run-fuzz";
import { VALID, type ArgPlan, type Param } from "./use-case-params";

/** One row of a use-case fuzz table. */
export interface FuzzedUseCase {
  /** `orders.setDelivery`: the feature module and the function. */
  useCase: string;
  /** Who calls it: someone it lets through (a stranger for those without an actor), so cases reach the parsing. */
  as: "stranger" | "owner" | "admin";
  /** Fresh rows for its valid call; made again whenever a call changed the database. */
  scene?: () => Promise<Scene>;
  params: Param[];
  /** Called with the context of a request by `as` (its actor signed in; a stranger's has none). */
  call: (ctx: RequestContext, args: unknown[]) => Promise<unknown>;
  /** What a refused call may still change, and why. */
  ignored?: Ignored;
  /** State outside the database that a refused call must leave as it was (the uploaded files). */
  outside?: () => Promise<unknown>;
  /** FUZZ_RUNS unless said otherwise (and why). */
  runs?: number;
  /** What the input is about, when one use case is fuzzed with inputs of different shapes ("a new tool"). */
  shape?: string;
}

/** How the calls ended: resolved, or refused, counted by `kind code`. */
export interface Tally {
  resolved: number;
  refused: Record<string, number>;
}

const SHORT = 400;

/** fast-check prints a failing case; a megabyte of text in it is cut short. */
function printable(plans: ArgPlan[]): ArgPlan[] {
  const print = () => {
    const text = fc.stringify([...plans]);
    return text.length > SHORT ? `${text.slice(0, SHORT)}… (${text.length} characters)` : text;
  };
  Object.defineProperty(plans, fc.toStringMethod, { value: print, configurable: true });
  return plans;
}

function describeError(err: unknown): string {
  if (!(err instanceof Error)) return `a thrown ${typeof err}: ${String(err)}`;
  const where = err.stack?.split("\n").slice(1, 4).join(" | ") ?? "";
  return `${err.name}: ${err.message.slice(0, SHORT)} (${where})`;
}

/**
 * Calls the use case with every case and holds it to its word: it resolves, or rejects with an AppError whose
 * kind a door answers with a 4xx status; and a refused call changes no row of any table.
 */
export async function fuzzUseCase(t: TestContext, f: FuzzedUseCase, actors: Actors): Promise<Tally> {
  const actor = f.as === "stranger" ? null : actors[f.as];
  const makeScene = f.scene ?? (() => Promise.resolve({}));
  const outside = f.outside ?? (() => Promise.resolve(null));
  let scene = await makeScene();
  const validWeight = f.params.length > 1 ? 3 : 1;
  const cases = fc.tuple(...f.params.map((p) => p.plans(validWeight, scene))).map(printable);
  const tally: Tally = { resolved: 0, refused: {} };

  await fc.assert(
    fc.asyncProperty(cases, async (plans) => {
      const args = await Promise.all(f.params.map((p, i) => p.render(plans[i]!, scene)));
      const before = await fingerprint(t.database, f.ignored);
      const outsideBefore = await outside();
      let refusal: AppError | null = null;
      try {
        await f.call(as(t, actor), args);
        tally.resolved++;
      } catch (err) {
        if (!(err instanceof AppError)) {
          throw new Error(`${f.useCase} rejected with ${describeError(err)}, not an AppError`, { cause: err });
        }
        refusal = err;
      }
      const changed = changedTables(before, await fingerprint(t.database, f.ignored));
      if (refusal) {
        const verdict = `${refusal.kind} ${refusal.code}`;
        tally.refused[verdict] = (tally.refused[verdict] ?? 0) + 1;
        const answer = `${f.useCase}: ${verdict} "${refusal.message.slice(0, SHORT)}"`;
        expect(STATUS_OF[refusal.kind], answer).toBeGreaterThanOrEqual(400);
        expect(STATUS_OF[refusal.kind], answer).toBeLessThan(500);
        expect(changed, answer).toEqual([]);
        expect(await outside(), answer).toEqual(outsideBefore);
      }
      if (changed.length > 0) scene = await makeScene();
    }),
    { numRuns: f.runs ?? FUZZ_RUNS, examples: [[f.params.map(() => VALID)]] },
  );
  return tally;
}

/** One test per row: its hostile calls hold to `fuzzUseCase`'s rules, and the valid one at least succeeds. */
export function fuzzEachUseCase(t: TestContext, table: FuzzedUseCase[], actors: Actors) {
  for (const f of table) {
    const shape = f.shape ? ` (${f.shape})` : "";
    it(`${f.useCase}${shape} as ${f.as}: ${f.runs ?? FUZZ_RUNS} hostile calls`, { timeout: FUZZ_TIMEOUT }, async () => {
      const tally = await fuzzUseCase(t, f, actors);
      expect(tally.resolved, JSON.stringify(tally)).toBeGreaterThan(0);
    });
  }
}
