import fc from "fast-check";
import { expect } from "vitest";
import type { TestAccount } from "../accounts";
import { readAnswer } from "../action-answer";
import { changedTables, fingerprint, type Ignored } from "../fingerprint";
import { formInit, type PageContext } from "../page-app";
import type { Scene } from "../page-scenes";
import { formCases, renderForm, renderPath, VALID_FORM, type FormCase } from "./form-cases";
import { FUZZ_RUNS } from "./run-fuzz";
import { textsBreakingTheRule } from "./stored-text";

/** Who posts: a customer, an admin, or a guest (no session; a cart's cookie when the row gives one). */
export type PageActor = "owner" | "admin" | "guest";
export type PageAccounts = Record<PageActor, TestAccount>;

/** One row of a page fuzz table: a form, who may post it, and its valid fields. */
export interface FuzzedAction {
  /**
   * `POST /detail/{id}`: the page, with `{id}` where a hostile path segment may go, and after it, in brackets,
   * which of the page's forms when it has several (`POST /dashboard/admin (delete)`).
   */
  call: string;
  /** Who may post it, so that posts pass the guard and reach the checks behind it. */
  as: PageActor;
  /** Fresh rows for one valid post; made again whenever a post changed the database. */
  scene?: () => Promise<Scene>;
  /** The valid `{id}` of a scene. */
  id?: (s: Scene) => string;
  /** The valid form in a scene. */
  fields: (s: Scene) => Record<string, string>;
  /** The `Cookie` a scene's post carries instead of the actor's session: a guest's cart cookie. */
  cookie?: (s: Scene) => string;
  /**
   * Where a post that did what it asked sends the browser (Place order: its order's page). Such a redirect is done;
   * any other is neither done nor refused, and changes nothing.
   */
  redirectsWhenDone?: RegExp;
  /** What a refused post may still change, and why. */
  ignored?: Ignored;
  /** FUZZ_RUNS unless said otherwise. */
  runs?: number;
}

/** How many posts got each answer: a status, and `done` for the ones that did what they asked. */
export type Answers = Record<string, number>;

const noScene = () => Promise.resolve({});

/** What the post carries as the actor's browser: its session's cookie, or the scene's (a guest's cart). */
export function cookieFor(action: FuzzedAction, accounts: PageAccounts, s: Scene): string {
  return action.cookie?.(s) ?? accounts[action.as].cookie;
}

/** Sends one case of an action's form in a scene, as a browser without JavaScript would. */
export function postCase(t: PageContext, action: FuzzedAction, accounts: PageAccounts, s: Scene, c: FormCase) {
  const path = renderPath(action.call.split(" ")[1]!, c, action.id?.(s));
  const cookie = cookieFor(action, accounts, s);
  return t.request(
    path,
    formInit(renderForm(c, action.fields(s)), cookie ? { ...accounts[action.as], cookie } : undefined),
  );
}

/**
 * Posts every case and holds the page to the store's rules: never a 5xx, a post that is not done (refused with a
 * 4xx, a page that shows a form error or an error toast, or a redirect) changes no row of any table, and what a
 * done one stored obeys the text rule.
 */
export async function fuzzPageAction(t: PageContext, action: FuzzedAction, accounts: PageAccounts): Promise<Answers> {
  const makeScene = action.scene ?? noScene;
  let scene = await makeScene();
  const fields = Object.keys(action.fields(scene));
  const answers: Answers = {};
  await fc.assert(
    fc.asyncProperty(formCases(fields, action.id !== undefined), async (c) => {
      const before = await fingerprint(t.database, action.ignored);
      const answer = await readAnswer(await postCase(t, action, accounts, scene, c));
      const done = answer.done || (action.redirectsWhenDone?.test(answer.location ?? "") ?? false);
      const key = done ? "done" : String(answer.status);
      answers[key] = (answers[key] ?? 0) + 1;
      const seen = `${answer.status} ${(answer.message ?? "").slice(0, 300)}`;
      expect(answer.status, seen).toBeLessThan(500);
      const changed = changedTables(before, await fingerprint(t.database, action.ignored));
      if (!done) expect(changed, seen).toEqual([]);
      if (changed.length > 0) expect(await textsBreakingTheRule(t.database), seen).toEqual([]);
      if (changed.length > 0) scene = await makeScene();
    }),
    { numRuns: action.runs ?? FUZZ_RUNS, examples: [[VALID_FORM]] },
  );
  return answers;
}
