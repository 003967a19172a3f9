import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { signUp, signUpAdmin } from "../accounts";
import { readAnswer } from "../action-answer";
import { changedTables, fingerprint } from "../fingerprint";
import { usePageApp, type PageContext } from "../page-app";
import { forgetOrdersAndProducts, type Scene } from "../page-scenes";
import { TEST_ORIGIN } from "../test-app";
import { cookieFor, fuzzPageAction, type FuzzedAction, type PageAccounts } from "./fuzz-page-action";
import { FUZZ_RUNS, FUZZ_TIMEOUT } from "./run-fuzz";

/**
 * Each post renders the whole page (in development mode, through Vite), some 50 ms against the API's few: a quarter
 * of the API fuzz's runs keeps each file within minutes at 1,000 in CI, on each database.
 */
const PAGE_RUNS = Math.ceil(FUZZ_RUNS / 4);

/**
 * Bodies no form sends, each carrying the action's own valid fields where it can. (An empty form is a form: the
 * fuzz sends fields left out.)
 */
const NOT_A_FORM: Record<string, (fields: Record<string, string>) => { type?: string; body?: string }> = {
  JSON: (f) => ({ type: "application/json", body: JSON.stringify(f) }),
  "plain text": (f) => ({ type: "text/plain", body: new URLSearchParams(f).toString() }),
  "no content type": (f) => ({ body: new URLSearchParams(f).toString() }),
  "no body, no content type": () => ({}),
  "multipart without a boundary": (f) => ({ type: "multipart/form-data", body: new URLSearchParams(f).toString() }),
  "multipart cut short": () => ({
    type: "multipart/form-data; boundary=x",
    body: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb',
  }),
};

const pathOf = (action: FuzzedAction, s: Scene) => action.call.split(" ")[1]!.replace("{id}", action.id?.(s) ?? "");

/**
 * A page app with a customer, an admin and a guest (no session) and, for each page action `actionsOf` lists: hostile form posts never
 * get a 5xx nor change a row unless done, the valid form is done, and a body that is not a form is refused. The
 * page actions are spread over a few files that call this, so that they run side by side on the test workers.
 * `env` is the store's settings beyond the tests' own (a courier's stand-in, say), read when the app starts.
 */
export function fuzzPageActions(
  what: string,
  actionsOf: (t: PageContext, accounts: PageAccounts) => FuzzedAction[],
  env?: () => Record<string, string>,
) {
  describe(`fuzzing the page actions (${what}): a hostile form post never gets a 5xx, and a refused one changes no row`, () => {
    const t = usePageApp(env);
    const accounts = {} as PageAccounts;
    beforeAll(async () => {
      accounts.owner = await signUp(t);
      accounts.admin = await signUpAdmin(t);
      accounts.guest = { name: "", email: "", password: "", cookie: "", token: "" };
    });
    // Each action starts without the orders and products of the ones before: its posts cost the same at 1,000 runs.
    beforeEach(() => forgetOrdersAndProducts(t));

    const actions = actionsOf(t, accounts);
    for (const action of actions) action.runs ??= PAGE_RUNS;

    for (const action of actions) {
      it(
        `${action.call} as ${action.as}: ${action.runs ?? FUZZ_RUNS} hostile forms never get a 5xx nor change a row unless done, and the valid form is done`,
        { timeout: FUZZ_TIMEOUT },
        async () => {
          const answers = await fuzzPageAction(t, action, accounts);
          expect(answers.done ?? 0, JSON.stringify(answers)).toBeGreaterThan(0);
        },
      );
    }

    for (const action of actions) {
      it(`${action.call} as ${action.as}: a body that is not a form is refused with a 4xx and changes no row`, async () => {
        for (const [kind, make] of Object.entries(NOT_A_FORM)) {
          const s = await (action.scene ?? (() => Promise.resolve({})))();
          const { type, body } = make(action.fields(s));
          const headers: Record<string, string> = { Origin: TEST_ORIGIN };
          const cookie = cookieFor(action, accounts, s);
          if (cookie) headers.Cookie = cookie;
          if (type) headers["Content-Type"] = type;
          const before = await fingerprint(t.database);
          const answer = await readAnswer(await t.request(pathOf(action, s), { method: "POST", headers, body }));
          const seen = `${kind}: ${answer.status} ${(answer.message ?? "").slice(0, 200)}`;
          expect.soft(answer.status, seen).toBeGreaterThanOrEqual(400);
          expect.soft(answer.status, seen).toBeLessThan(500);
          expect.soft(changedTables(before, await fingerprint(t.database)), seen).toEqual([]);
        }
      });
    }
  });
}
