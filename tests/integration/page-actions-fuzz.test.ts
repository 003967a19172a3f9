import { randomUUID } from "node:crypto";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { signUp, signUpAdmin } from "../support/accounts";
import { readAnswer } from "../support/action-answer";
import { CALLS_COUNTED, changedTables, fingerprint } from "../support/fingerprint";
import { fuzzPageAction, type FuzzedAction, type PageAccounts } from "../support/fuzz/fuzz-page-action";
import { FUZZ_RUNS, FUZZ_TIMEOUT } from "../support/fuzz/run-fuzz";

const PAGE_RUNS = Math.ceil(FUZZ_RUNS / 4);
import { TEST_ORIGIN } from "../support/test-app";
import { TEST_DELIVERY } from "../support/orders";
import { usePageApp } from "../support/page-app";
import {
  aCashOnDeliveryOrder,
  aCustomer,
  aHeldPayment,
  anAdmin,
  anOrder,
  aProduct,
  aRefundDue,
  aShippedOrder,
  forgetOrdersAndProducts,
  type Scene,
} from "../support/page-scenes";

describe("fuzzing the page actions: a hostile form post never gets a 5xx, and a refused one changes no row", () => {
  const t = usePageApp();
  const accounts = {} as PageAccounts;
  beforeAll(async () => {
    accounts.owner = await signUp(t);
    accounts.admin = await signUpAdmin(t);
  });
  // Each action starts without the orders and products of the ones before: its posts cost the same at 1,000 runs.
  beforeEach(() => forgetOrdersAndProducts(t));

  const anOrderOfTheOwner = () => anOrder(t, accounts.owner);
  const profile = { education: "BSc in Forestry", number: "01712345678", location: "Gazipur" };
  const newProduct = {
    name: "Fuzzed Gauge",
    price: "100",
    availability: "10",
    minimumQuantity: "1",
    maxPerOrder: "5",
    description: "A gauge.",
    image: "/images/products/marking-gauge.svg",
  };
  const manageOrder = (intent: string) => (s: Scene) => ({ intent, orderId: s.orderId! });

  // prettier-ignore
  const ACTIONS: FuzzedAction[] = [
    { call: "POST /dashboard/profile",                        as: "owner", fields: () => profile },
    { call: "POST /dashboard/reviews",                        as: "owner", fields: () => ({ rating: "4.5", comment: "Sharp out of the box." }), ignored: CALLS_COUNTED },
    { call: "POST /detail/{id}",                              as: "owner", scene: () => aProduct(t), id: (s) => s.productId!, fields: () => ({ quantity: "20", idempotencyKey: randomUUID() }), ignored: CALLS_COUNTED },
    { call: "POST /dashboard/orders (Cancel)",                as: "owner", scene: anOrderOfTheOwner, fields: (s) => ({ orderId: s.orderId! }) },
    { call: "POST /dashboard/payment/{id} (delivery)",         as: "owner", scene: anOrderOfTheOwner, id: (s) => s.orderId!, fields: () => ({ intent: "delivery", ...TEST_DELIVERY }) },
    { call: "POST /dashboard/payment/{id} (cod)",              as: "owner", scene: anOrderOfTheOwner, id: (s) => s.orderId!, fields: () => ({ intent: "cod" }) },
    { call: "POST /dashboard/addproduct",                     as: "admin", fields: () => newProduct },
    { call: "POST /dashboard/manageproduct/{id} (edit)",      as: "admin", scene: () => aProduct(t), id: (s) => s.productId!, fields: () => ({ name: "Renamed Gauge", availability: "5" }) },
    { call: "POST /dashboard/admin (promote)",                as: "admin", scene: () => aCustomer(t), fields: (s) => ({ intent: "promote", email: s.email! }) },
    { call: "POST /dashboard/admin (demote)",                 as: "admin", scene: () => anAdmin(t), fields: (s) => ({ intent: "demote", email: s.email! }) },
    { call: "POST /dashboard/admin (delete)",                 as: "admin", scene: () => aCustomer(t), fields: (s) => ({ intent: "delete", email: s.email! }) },
    { call: "POST /dashboard/manageproduct (delete)",         as: "admin", scene: () => aProduct(t), fields: (s) => ({ productId: s.productId! }) },
    { call: "POST /dashboard/manageorder (accept)",           as: "admin", scene: () => aHeldPayment(t, accounts.owner), fields: manageOrder("accept") },
    { call: "POST /dashboard/manageorder (collect)",          as: "admin", scene: () => aCashOnDeliveryOrder(t, accounts.owner), fields: manageOrder("collect") },
    { call: "POST /dashboard/manageorder (shipped)",          as: "admin", scene: () => aCashOnDeliveryOrder(t, accounts.owner), fields: manageOrder("shipped") },
    { call: "POST /dashboard/manageorder (delivered)",        as: "admin", scene: () => aShippedOrder(t, accounts.owner), fields: manageOrder("delivered") },
    { call: "POST /dashboard/manageorder (cancel)",           as: "admin", scene: () => aCashOnDeliveryOrder(t, accounts.owner), fields: (s) => ({ intent: "cancel", orderId: s.orderId!, reason: "The tool is discontinued." }) },
    { call: "POST /dashboard/manageorder (refund)",           as: "admin", scene: () => aRefundDue(t, accounts.owner), fields: manageOrder("refund") },
    { call: "POST /dashboard/order/{id} (cancel)",            as: "admin", scene: anOrderOfTheOwner, id: (s) => s.orderId!, fields: () => ({ intent: "cancel", reason: "Out of stock at the maker." }) },
  ];

  // Each post renders the whole page (in development mode, through Vite), some 50 ms against the API's few: a
  // quarter of the API fuzz's runs keeps the file within minutes at 1,000 in CI, on each database.
  for (const action of ACTIONS) action.runs ??= PAGE_RUNS;

  const pathOf = (action: FuzzedAction, s: Scene) => action.call.split(" ")[1]!.replace("{id}", action.id?.(s) ?? "");

  for (const action of ACTIONS) {
    it(
      `${action.call} as ${action.as}: ${action.runs ?? FUZZ_RUNS} hostile forms never get a 5xx nor change a row unless done, and the valid form is done`,
      { timeout: FUZZ_TIMEOUT },
      async () => {
        const answers = await fuzzPageAction(t, action, accounts);
        expect(answers.done ?? 0, JSON.stringify(answers)).toBeGreaterThan(0);
      },
    );
  }

  /**
   * Bodies no form sends, each carrying the action's own valid fields where it can. (An empty form is a form: the
   * fuzz above sends fields left out.)
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

  for (const action of ACTIONS) {
    it(`${action.call} as ${action.as}: a body that is not a form is refused with a 4xx and changes no row`, async () => {
      for (const [kind, make] of Object.entries(NOT_A_FORM)) {
        const s = await (action.scene ?? (() => Promise.resolve({})))();
        const { type, body } = make(action.fields(s));
        const headers: Record<string, string> = { Origin: TEST_ORIGIN, Cookie: accounts[action.as].cookie };
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
