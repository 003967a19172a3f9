import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { user } from "@server/db/auth-schema";
import { asBearer, signUp, signUpAdmin, type TestAccount } from "../support/accounts";
import { useTestApp } from "../support/test-app";

interface UserJson {
  _id: string;
  name: string;
  email: string;
  role: string;
}

/** Accounts written straight to the database, one a minute from `start` in the order given (signing up is slow). */
async function accounts(t: ReturnType<typeof useTestApp>, start: string, people: { name: string; email: string }[]) {
  const at = new Date(start).getTime();
  await t.database.db
    .insert(user)
    .values(people.map((p, i) => ({ id: randomUUID(), ...p, createdAt: new Date(at + i * 60_000) })));
}

describe("GET /api/user: a page of accounts, newest first, searched by any part of a name or e-mail", () => {
  const t = useTestApp();
  let admin: TestAccount;
  let customer: TestAccount;

  const list = async (query: string, as: TestAccount = admin) => {
    const res = await t.request(`/api/user${query}`, { headers: asBearer(as) });
    const text = await res.text();
    return { res, text, body: res.status === 200 ? (JSON.parse(text) as UserJson[]) : [] };
  };
  const emails = (body: UserJson[]) => body.map((u) => u.email);

  beforeAll(async () => {
    // Older than the two signed-up accounts, which are the newest two.
    await accounts(t, "2024-01-01T00:00:00Z", [
      { name: "Shahana Parvin", email: "shahana.p@mail.example" },
      { name: "Rafiq Islam", email: "rafiq@bogra.example" },
      { name: "100% Teak Works", email: "teak_works@mail.example" },
      { name: "Teak Works Two", email: "teakxworks@mail.example" },
      { name: "Back\\slash Tools", email: "backslash@mail.example" },
      { name: "Plain Percent", email: "plain@mail.example" },
    ]);
    customer = await signUp(t, { name: "Nadia Rahman" });
    admin = await signUpAdmin(t, { name: "Store Admin" });
  });

  it("finds an account by part of its name or of its e-mail, case ignored", async () => {
    expect(emails((await list("?q=PARV")).body)).toEqual(["shahana.p@mail.example"]);
    expect(emails((await list("?q=bogra.ex")).body)).toEqual(["rafiq@bogra.example"]);
    // The name and the e-mail are searched as one text: the end of one and the start of the other.
    expect(emails((await list("?q=islam%20rafiq@")).body)).toEqual(["rafiq@bogra.example"]);
    expect(emails((await list("?q=nobody-at-all")).body)).toEqual([]);
  });

  it("looks for %, _ and \\ as the characters themselves, not as wildcards", async () => {
    expect(emails((await list("?q=100%25")).body)).toEqual(["teak_works@mail.example"]);
    expect(emails((await list("?q=%25")).body)).toEqual(["teak_works@mail.example"]);
    expect(emails((await list("?q=teak_works")).body)).toEqual(["teak_works@mail.example"]);
    expect(emails((await list("?q=k%5Cs")).body)).toEqual(["backslash@mail.example"]);
  });

  it("answers newest first, a page at a time, with X-Total-Count and Link headers that keep the search", async () => {
    const all = (await list("")).body;
    expect(emails(all).slice(0, 3)).toEqual([admin.email, customer.email, "plain@mail.example"]);

    const { res, body } = await list("?limit=2&page=2");
    expect(res.status).toBe(200);
    expect(emails(body)).toEqual(emails(all).slice(2, 4));
    expect(res.headers.get("X-Total-Count")).toBe(String(all.length));
    expect(res.headers.get("Link")).toBe(
      '</api/user?limit=2&page=3>; rel="next", </api/user?limit=2&page=1>; rel="prev"',
    );

    const searched = await list("?q=mail.example&limit=4");
    expect(searched.body).toHaveLength(4);
    expect(searched.res.headers.get("X-Total-Count")).toBe("5");
    expect(searched.res.headers.get("Link")).toBe('</api/user?q=mail.example&limit=4&page=2>; rel="next"');
    const last = await list("?q=mail.example&limit=4&page=2");
    expect(emails(last.body)).toEqual(["shahana.p@mail.example"]);
    expect(last.res.headers.get("Link")).toBe('</api/user?q=mail.example&limit=4&page=1>; rel="prev"');
  });

  it("answers a page past the end with an empty array and the total", async () => {
    const { res, body } = await list("?page=50&limit=100");
    expect(res.status).toBe(200);
    expect(body).toEqual([]);
    expect(res.headers.get("X-Total-Count")).toBe("8");
  });

  it("keeps the list from customers (403) and strangers (401), whatever the parameters", async () => {
    expect((await list("?q=a", customer)).res.status).toBe(403);
    expect((await list("?limit=100000", customer)).res.status).toBe(403);
    expect((await t.request("/api/user?q=a")).status).toBe(401);
  });

  it.each([
    ["page=-1", "page must be a whole number from 1"],
    ["page=0", "page must be a whole number from 1"],
    ["page=1.5", "page must be a whole number from 1"],
    ["page=two", "page must be a whole number from 1"],
    ["limit=0", "limit must be a whole number from 1 to 100"],
    ["limit=101", "limit must be a whole number from 1 to 100"],
    ["limit=100000", "limit must be a whole number from 1 to 100"],
    ["page=101&limit=100", "Pages reach only the first 10,000 items"],
    [`q=${"x".repeat(10_240)}`, "Search text can be at most 200 characters"],
  ])("refuses %s with 400 and a message saying why", async (query, said) => {
    const { res, text } = await list(`?${query}`);
    expect(res.status).toBe(400);
    const body = JSON.parse(text) as { message: string; code: string };
    expect(body.message).toContain(said);
    expect(body.code).toMatch(/^list\./);
  });

  it("refuses a search the database cannot hold (a NUL) with 400, never a 5xx", async () => {
    const { res } = await list("?q=a%00b");
    expect(res.status).toBe(400);
  });
});

describe("GET /api/user without parameters: its first 100 accounts, the rest said in its headers", () => {
  const t = useTestApp();

  it("answers 100 of 106 accounts, with X-Total-Count 106 and a Link to the next 100", async () => {
    await accounts(
      t,
      "2024-01-01T00:00:00Z",
      Array.from({ length: 105 }, (_, i) => ({ name: `Carpenter ${i}`, email: `carpenter${i}@mail.example` })),
    );
    const admin = await signUpAdmin(t);
    const res = await t.request("/api/user", { headers: asBearer(admin) });
    expect(res.status).toBe(200);
    const body = (await res.json()) as UserJson[];
    expect(body).toHaveLength(100);
    expect(body[0]!.email).toBe(admin.email);
    expect(body[1]!.email).toBe("carpenter104@mail.example");
    expect(res.headers.get("X-Total-Count")).toBe("106");
    expect(res.headers.get("Link")).toBe('</api/user?page=2&limit=100>; rel="next"');

    const next = await t.request("/api/user?page=2&limit=100", { headers: asBearer(admin) });
    const rest = (await next.json()) as UserJson[];
    expect(rest.map((u) => u.email)).toEqual(Array.from({ length: 6 }, (_, i) => `carpenter${5 - i}@mail.example`));
  });
});
