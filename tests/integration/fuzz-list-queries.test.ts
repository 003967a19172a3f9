import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { placeOrder } from "@server/orders/orders";
import { PRODUCT_LIST_PARAMS } from "@shared/list-choices";
import { asBearer, signUp, signUpAdmin, type TestAccount } from "../support/accounts";
import { as } from "../support/contexts";
import { changedTables, fingerprint } from "../support/fingerprint";
import { useFuzzAccounts, type Accounts } from "../support/fuzz/fuzz-call";
import { expectListAnswer, listQueries, queryString, type ListQuery } from "../support/fuzz/list-query-cases";
import { FUZZ_RUNS, FUZZ_TIMEOUT, fuzz, successes } from "../support/fuzz/run-fuzz";
import { makeProduct, TEST_DELIVERY } from "../support/orders";
import { usePageApp } from "../support/page-app";
import { anOrder } from "../support/page-scenes";
import { useTestApp } from "../support/test-app";
import { sessionUserOf } from "../support/use-case-actors";

interface FuzzedList {
  /** The path; `{email}` is the owner's address, `{product}` one of the products ordered. */
  path: string;
  as: "anonymous" | "owner" | "admin";
  params: readonly string[];
  /** Whether the list is paged (X-Total-Count, Link); the categories are a short list of their own. */
  paged?: boolean;
}

// prettier-ignore
const LISTS: FuzzedList[] = [
  { path: "/api/product",       as: "anonymous", params: PRODUCT_LIST_PARAMS },
  { path: "/api/order",         as: "admin",     params: ["status", "q", "from", "to", "sort", "page", "limit", "cursor"] },
  { path: "/api/order/{email}", as: "owner",     params: ["page", "limit"] },
  { path: "/api/user",          as: "admin",     params: ["q", "page", "limit"] },
  { path: "/api/review",        as: "anonymous", params: ["page", "limit"] },
  { path: "/api/product/{product}/stock", as: "admin", params: ["page", "limit"] },
  { path: "/api/product/{product}/reviews", as: "anonymous", params: ["sort", "page", "limit"] },
  { path: "/api/category",      as: "anonymous", params: ["page", "limit", "q"], paged: false },
];

describe("fuzzing the lists' query parameters: never a 5xx, a refusal says why, and no answer changes a row", () => {
  const t = useTestApp();
  const accounts: Accounts = useFuzzAccounts(t);
  // Something to list: products, and a few orders of the owner's (and so a ledger of each product's stock).
  let productId = "";
  beforeAll(async () => {
    const buyer = await sessionUserOf(t, accounts.owner);
    for (let i = 0; i < 3; i++) {
      productId = (await makeProduct(t)).id;
      await placeOrder(as(t, buyer), { productId, quantity: 20, delivery: TEST_DELIVERY });
    }
  });

  for (const list of LISTS) {
    it(`GET ${list.path} as ${list.as}: ${FUZZ_RUNS} hostile queries`, { timeout: FUZZ_TIMEOUT }, async () => {
      const path = () =>
        list.path.replace("{email}", encodeURIComponent(accounts.owner.email)).replace("{product}", productId);
      const statuses = await fuzz<object, ListQuery>({
        t,
        cases: listQueries(list.params),
        valid: [],
        readOnly: true,
        send: (_, query) =>
          t.request(`${path()}${queryString(query)}`, {
            headers: list.as === "anonymous" ? {} : asBearer(accounts[list.as]),
          }),
        checkAnswer: (query, res, text) => expectListAnswer(path(), query, res, text, list.paged ?? true),
      });
      expect(successes(statuses), JSON.stringify(statuses)).toBeGreaterThan(0);
    });
  }
});

interface FuzzedListPage {
  path: string;
  as: "anonymous" | "owner" | "admin";
  params: readonly string[];
}

// prettier-ignore
const LIST_PAGES: FuzzedListPage[] = [
  { path: "/shop",                    as: "anonymous", params: PRODUCT_LIST_PARAMS },
  { path: "/dashboard/manageproduct", as: "admin",     params: PRODUCT_LIST_PARAMS },
  { path: "/dashboard/admin",         as: "admin",     params: ["q", "page", "limit"] },
  { path: "/dashboard/manageorder",   as: "admin",     params: ["status", "q", "from", "to", "sort", "page", "limit", "cursor"] },
  { path: "/dashboard/orders",        as: "owner",     params: ["page", "limit"] },
];

/** Each page renders in full (through Vite, in development mode): an eighth of the API's runs. */
const PAGE_RUNS = Math.ceil(FUZZ_RUNS / 8);

describe("fuzzing the list pages' URLs: never a 5xx, a refusal is a page that says why, and no page changes a row", () => {
  const t = usePageApp();
  const accounts = {} as Record<"owner" | "admin", TestAccount>;
  beforeAll(async () => {
    accounts.owner = await signUp(t);
    accounts.admin = await signUpAdmin(t);
    await anOrder(t, accounts.owner);
  });

  for (const page of LIST_PAGES) {
    it(`GET ${page.path} as ${page.as}: ${PAGE_RUNS} hostile URLs`, { timeout: FUZZ_TIMEOUT }, async () => {
      const statuses: Record<number, number> = {};
      await fc.assert(
        fc.asyncProperty(listQueries(page.params), async (query) => {
          const before = await fingerprint(t.database);
          const headers: Record<string, string> = page.as === "anonymous" ? {} : { Cookie: accounts[page.as].cookie };
          const res = await t.request(`${page.path}${queryString(query)}`, { headers });
          const html = await res.text();
          statuses[res.status] = (statuses[res.status] ?? 0) + 1;
          const seen = `${res.status} ${queryString(query).slice(0, 200)}`;
          expect(res.status, seen).toBeLessThan(500);
          expect([200, 400], seen).toContain(res.status);
          expect(changedTables(before, await fingerprint(t.database)), seen).toEqual([]);
          if (res.status === 400) expect(html, seen).toContain(`role="alert"`);
        }),
        { numRuns: PAGE_RUNS, examples: [[[]]] },
      );
      // Both ways were taken: pages shown, and wrong parameters refused with their reason.
      expect(statuses[200] ?? 0, JSON.stringify(statuses)).toBeGreaterThan(0);
      expect(statuses[400] ?? 0, JSON.stringify(statuses)).toBeGreaterThan(0);
    });
  }
});
