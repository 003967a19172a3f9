import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { user } from "@server/db/auth-schema";
import { review } from "@server/db/schema";
import { findUserByEmail } from "@server/accounts/sql/user-rows";
import { asCookie, signUpAdmin, type TestAccount } from "../support/accounts";
import { usePageApp, type PageContext } from "../support/page-app";

const BASE = new Date("2025-01-01T00:00:00Z").getTime();
const minutes = (n: number) => new Date(BASE + n * 60_000);
const two = (n: number) => String(n).padStart(2, "0");

/** The table's body rows (the header row has no class). */
const rowsOf = (html: string) => [...html.matchAll(/<tr class="border-t[\s\S]*?<\/tr>/g)].map((m) => m[0]);
/** The targets of the post forms on a page of `path` (not the navbar's own, such as the language switch). */
const formTargets = (html: string, path: string) =>
  [...html.matchAll(/<form(?=[^>]*method="post")[^>]*action="([^"]*)"/g)]
    .map((m) => m[1]!.replaceAll("&amp;", "&"))
    .filter((target) => target.startsWith(path));
const hrefsOf = (html: string, pattern: RegExp) =>
  [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]!.replaceAll("&amp;", "&")).filter((h) => pattern.test(h));

async function pageOf(t: PageContext, path: string, as: TestAccount, cookie = "") {
  const res = await t.request(path, { headers: { ...asCookie(as), Cookie: `${as.cookie}${cookie}` } });
  const html = await res.text();
  return { status: res.status, html, rows: rowsOf(html) };
}

describe("Make Admin: a page of accounts at a time, searched by any part of a name or e-mail", () => {
  const t = usePageApp();
  let admin: TestAccount;
  const person = (n: number) => `pager.person${two(n)}@mail.example`;

  beforeAll(async () => {
    await t.database.db.insert(user).values(
      Array.from({ length: 25 }, (_, n) => ({
        id: randomUUID(),
        name: `Pager Person ${two(n)}`,
        email: person(n),
        createdAt: minutes(n),
      })),
    );
    admin = await signUpAdmin(t);
  });

  it("shows 20 accounts, newest first, and a pager whose links keep the search", async () => {
    const first = await pageOf(t, "/dashboard/admin?q=pager.person", admin);
    expect(first.status).toBe(200);
    expect(first.rows).toHaveLength(20);
    expect(first.rows[0]).toContain(`>${person(24)}<`);
    expect(first.rows[19]).toContain(`>${person(5)}<`);
    expect(first.html).toContain("Accounts found: 25");
    expect(first.html).toContain("Page 1 of 2");
    expect(hrefsOf(first.html, /^\/dashboard\/admin\?/)).toEqual(
      expect.arrayContaining(["/dashboard/admin?q=pager.person&page=2"]),
    );
    expect(first.html).toMatch(/<input[^>]*name="q"[^>]*value="pager.person"/);

    const second = await pageOf(t, "/dashboard/admin?q=pager.person&page=2", admin);
    expect(second.rows).toHaveLength(5);
    expect(second.rows[0]).toMatch(/<td[^>]*>21<\/td>/);
    expect(second.rows.at(-1)).toContain(`>${person(0)}<`);
    expect(second.html).toContain("Page 2 of 2");
    expect(hrefsOf(second.html, /^\/dashboard\/admin\?/)).toContain("/dashboard/admin?q=pager.person");
  });

  it("finds an account by part of its name, and says when nothing matches", async () => {
    const found = await pageOf(t, "/dashboard/admin?q=person%2003", admin);
    expect(found.rows).toHaveLength(1);
    expect(found.rows[0]).toContain(`>${person(3)}<`);
    expect(found.html).not.toContain("Page 1 of");

    const none = await pageOf(t, "/dashboard/admin?q=no-such-carpenter", admin);
    expect(none.rows).toHaveLength(0);
    expect(none.html).toContain("No account matches this search.");
  });

  it("posts each button to the page's own URL, and answers the same page and search after it", async () => {
    const shown = await pageOf(t, "/dashboard/admin?q=pager.person&page=2", admin);
    const targets = formTargets(shown.html, "/dashboard/admin");
    expect(targets.length).toBeGreaterThan(5);
    expect(new Set(targets)).toEqual(new Set(["/dashboard/admin?q=pager.person&page=2"]));

    const res = await t.postForm(
      "/dashboard/admin?q=pager.person&page=2",
      { intent: "promote", email: person(0) },
      admin,
    );
    expect(res.status).toBe(200);
    const html = await res.text();
    expect((await findUserByEmail(t.database.db, person(0)))?.role).toBe("admin");
    const rows = rowsOf(html);
    expect(rows).toHaveLength(5);
    expect(rows.at(-1)).toContain("Already Admin");
    expect(html).toContain("Page 2 of 2");
  });

  it.each([
    ["page=-1", "page=-1", "page must be a whole number from 1"],
    ["limit=101", "limit=101", "limit must be a whole number from 1 to 100"],
    ["page=600 (past 10,000 accounts)", "page=600", "Pages reach only the first 10,000 items"],
    ["a 10 KB q", `q=${"y".repeat(10_240)}`, "Search text can be at most 200 characters"],
  ])("answers %s with 400 and a message saying why, and a way back to the list", async (_, query, said) => {
    const { status, html } = await pageOf(t, `/dashboard/admin?${query}`, admin);
    expect(status).toBe(400);
    expect(html).toContain(said);
    expect(html).toMatch(/href="\/dashboard\/admin"[^>]*>Show all</);
  });
});

describe("the home page's testimonials", () => {
  const t = usePageApp();

  it("are the newest six reviews, however many there are", async () => {
    await t.database.db.insert(review).values(
      Array.from({ length: 9 }, (_, n) => ({
        authorName: `Reviewer ${n}`,
        ratingHalves: 9,
        comment: `Testimonial number ${n}`,
        createdAt: minutes(n),
      })),
    );
    const html = await (await t.request("/")).text();
    const shown = [...html.matchAll(/Testimonial number (\d)/g)].map((m) => Number(m[1]));
    expect([...new Set(shown)]).toEqual([8, 7, 6, 5, 4, 3]);
  });
});
