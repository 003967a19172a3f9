import { beforeAll, describe, expect, it } from "vitest";
import { asBearer, jsonInit, signUp, signUpAdmin, type TestAccount } from "../support/accounts";
import { readAnswer } from "../support/action-answer";
import { changedTables, fingerprint } from "../support/fingerprint";
import { messageOf } from "../support/orders";
import { usePageApp } from "../support/page-app";
import { nobody } from "../support/page-scenes";

/**
 * The store has two doors, the JSON API and the pages' forms, and one set of rules behind them: the same mistake
 * gets the same status and the same English message through either, and changes nothing.
 */
/** The text rule's refusal (shared/schemas/text.ts), naming the field. */
const UNSAFE = (field: string) => `${field} cannot contain control or text-direction characters`;

interface Accounts {
  customer: TestAccount;
  admin: TestAccount;
}

interface SameMistake {
  mistake: string;
  expected: { status: number; message: string };
  api: (a: Accounts) => { path: string; init: RequestInit };
  page: (a: Accounts) => { path: string; fields: Record<string, string>; as: TestAccount };
}

const unknownEmail = nobody().email;

const CASES: SameMistake[] = [
  {
    mistake: "Make Admin on an email no account has",
    expected: { status: 404, message: "No user with that email" },
    api: (a) => ({
      path: `/api/user/admin/${encodeURIComponent(unknownEmail)}`,
      init: { method: "PUT", headers: asBearer(a.admin) },
    }),
    page: (a) => ({ path: "/dashboard/admin", fields: { intent: "promote", email: unknownEmail }, as: a.admin }),
  },
  {
    mistake: "a NUL character in the profile form",
    expected: { status: 400, message: UNSAFE("Education") },
    api: (a) => ({
      path: `/api/profile/${encodeURIComponent(a.customer.email)}`,
      init: jsonInit("PUT", { education: "a\u0000b" }, asBearer(a.customer)),
    }),
    page: (a) => ({ path: "/dashboard/profile", fields: { education: "a\u0000b" }, as: a.customer }),
  },
  {
    mistake: "a NUL character in a review",
    expected: { status: 400, message: UNSAFE("Comment") },
    api: (a) => ({
      path: "/api/review",
      init: jsonInit("POST", { rating: 4, comment: "a\u0000b" }, asBearer(a.customer)),
    }),
    page: (a) => ({ path: "/dashboard/reviews", fields: { rating: "4", comment: "a\u0000b" }, as: a.customer }),
  },
];

describe("the same mistake gets the same verdict through the API and through the page", () => {
  const t = usePageApp();
  const accounts = {} as Accounts;

  beforeAll(async () => {
    accounts.customer = await signUp(t);
    accounts.admin = await signUpAdmin(t);
  });

  for (const c of CASES) {
    it(`${c.mistake}: ${c.expected.status} "${c.expected.message}" through both doors, and nothing changes`, async () => {
      const before = await fingerprint(t.database);
      const { path, init } = c.api(accounts);
      const res = await t.request(path, init);
      const api = { status: res.status, message: await messageOf(res) };
      const post = c.page(accounts);
      const answer = await readAnswer(await t.postForm(post.path, post.fields, post.as));
      const page = { status: answer.status, message: answer.message };
      const changed = changedTables(before, await fingerprint(t.database));

      expect.soft(api, "through the API").toEqual(c.expected);
      expect.soft(page, `through the page (the API said ${JSON.stringify(api)})`).toEqual(api);
      expect(changed).toEqual([]);
    });
  }
});
