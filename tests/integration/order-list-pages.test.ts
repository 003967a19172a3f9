import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { order } from "@server/db/schema";
import { asCookie, signUp, signUpAdmin, type TestAccount } from "../support/accounts";
import { readAnswer } from "../support/action-answer";
import { buyerOf, idsSorted, insertOrders } from "../support/order-rows";
import { usePageApp } from "../support/page-app";
import { textOf } from "../support/page-text";

/** The table's rows: each order's id (from its link) and serial number. */
function rowsOf(html: string) {
  return [...html.matchAll(/<tr class="[^"]*">([\s\S]*?)<\/tr>/g)].map((m) => ({
    serial: /<td[^>]*>([^<]*)<\/td>/.exec(m[1]!)?.[1],
    id: /href="\/dashboard\/order\/([0-9a-f-]{36})"/.exec(m[1]!)?.[1],
  }));
}

/** The href of the link with this rel, entities decoded. */
const relLink = (html: string, rel: string) =>
  new RegExp(`<a[^>]*href="([^"]*)"[^>]*rel="${rel}"|<a[^>]*rel="${rel}"[^>]*href="([^"]*)"`)
    .exec(html)
    ?.slice(1)
    .find(Boolean)
    ?.replace(/&amp;/g, "&");

describe("Manage Orders and My Orders, a page at a time, without JavaScript", () => {
  const t = usePageApp();
  let admin: TestAccount;
  let buyer: TestAccount;
  let paidIds: string[];

  const page = async (path: string, who: TestAccount = admin, cookie = "") => {
    const res = await t.request(path, { headers: { ...asCookie(who), Cookie: `${who.cookie}${cookie}` } });
    return { status: res.status, html: await res.text() };
  };

  beforeAll(async () => {
    admin = await signUpAdmin(t);
    buyer = await signUp(t, { email: `shahana.${Date.now()}@example.test` });
    const b = await buyerOf(t, buyer);
    // 45 orders an hour apart: 30 unpaid, then 15 paid ones going to a phone, from 12:00 to 02:00 in Dhaka.
    await insertOrders(
      t,
      b,
      Array.from({ length: 30 }, (_, i) => ({ at: new Date(Date.UTC(2026, 5, 1, i)).toISOString() })),
    );
    paidIds = await insertOrders(
      t,
      b,
      Array.from({ length: 15 }, (_, i) => ({
        at: new Date(Date.UTC(2026, 5, 3, 6 + i)).toISOString(),
        status: "paid" as const,
        phone: "01555123456",
      })),
    );
  });

  it("shows 20 orders, the tabs with their counts, and a link to older orders that keeps the tab", async () => {
    const all = await idsSorted(t, "newest");
    const first = await page("/dashboard/manageorder");
    expect(first.status).toBe(200);
    const rows = rowsOf(first.html);
    expect(rows.map((r) => r.id)).toEqual(all.slice(0, 20));
    expect(rows.map((r) => r.serial)).toEqual(Array.from({ length: 20 }, (_, i) => String(i + 1)));
    const text = textOf(first.html);
    expect(text).toContain("All (45)");
    expect(text).toContain("Placed (30)");
    expect(text).toContain("Paid (15)");
    expect(text).toContain("Shipped (0)");
    expect(text).toContain("Refund due (0)");
    expect(text).toContain("Orders 1–20 of 45");
    expect(first.html).toMatch(/<a[^>]*aria-current="page"[^>]*>All/);
    expect(relLink(first.html, "prev")).toBeUndefined();

    const older = relLink(first.html, "next")!;
    expect(older).toMatch(/^\/dashboard\/manageorder\?cursor=[A-Za-z0-9_-]+$/);
    const second = await page(older);
    expect(rowsOf(second.html).map((r) => r.id)).toEqual(all.slice(20, 40));
    expect(rowsOf(second.html)[0]!.serial).toBe("21");
    expect(textOf(second.html)).toContain("Orders 21–40 of 45");
    const third = await page(relLink(second.html, "next")!);
    expect(rowsOf(third.html).map((r) => r.id)).toEqual(all.slice(40));
    expect(relLink(third.html, "next")).toBeUndefined();
    const backToSecond = await page(relLink(third.html, "prev")!);
    expect(rowsOf(backToSecond.html).map((r) => r.id)).toEqual(all.slice(20, 40));
  });

  it("opens a tab on its first page, and pages within it", async () => {
    const paid = await page("/dashboard/manageorder?status=paid");
    expect(rowsOf(paid.html).map((r) => r.id)).toEqual([...paidIds].reverse());
    expect(paid.html).toMatch(/<a[^>]*aria-current="page"[^>]*>Paid/);
    expect(paid.html).toContain('name="status" value="paid"');
    expect(relLink(paid.html, "next")).toBeUndefined();
  });

  it("searches by phone and dates with a plain GET form, and shows what was asked in the form", async () => {
    const found = await page("/dashboard/manageorder?q=%2B880+1555-123456&from=2026-06-03&to=2026-06-03&sort=oldest");
    expect(found.status).toBe(200);
    // 18:00 UTC on 3 June is already 4 June in Dhaka: the day holds the 12 paid orders placed before it.
    expect(rowsOf(found.html).map((r) => r.id)).toEqual(paidIds.slice(0, 12));
    expect(found.html).toContain('value="+880 1555-123456"');
    expect(found.html).toContain('name="from" value="2026-06-03"');
    expect(found.html).toMatch(/<option value="oldest" selected="">/);
    expect(found.html).toMatch(/<form(?=[^>]*method="get")(?=[^>]*role="search")[^>]*>/);
    // The tabs keep the search: Paid shows the same orders.
    expect(found.html).toMatch(
      /href="\/dashboard\/manageorder\?status=paid&amp;q=%2B880\+1555-123456&amp;from=2026-06-03/,
    );
  });

  it.each(
    (
      [
        ["?page=-1", "page must be a whole number from 1"],
        ["?from=2026-02-30", "Dates are written YYYY-MM-DD"],
        ["?from=2026-06-10&to=2026-06-01", "The from date must not be after the to date"],
        ["?sort=cheapest", "Unknown sort order"],
        ["?status=lost", "Unknown order status"],
        ["?cursor=forged", "This page link is not valid; start again from the first page"],
        [`?q=${"x".repeat(10_000)}`, "Search text can be at most 200 characters"],
      ] satisfies [string, string][]
    ).map(([query, said]) => ({
      name: query.length > 60 ? `?q= of ${query.length - 3} characters` : query,
      query,
      said,
    })),
  )("answers $name with 400 and says why beside the search form", async ({ query, said }) => {
    const answer = await page(`/dashboard/manageorder${query}`);
    expect(answer.status).toBe(400);
    expect(textOf(answer.html)).toContain(said);
    expect(answer.html).toMatch(/role="alert"/);
    expect(answer.html).toMatch(/role="search"/);
    expect(rowsOf(answer.html)).toEqual([]);
  });

  it("keeps the list from customers, whatever they ask", async () => {
    for (const query of ["", "?status=paid", "?page=-1"]) {
      const answer = await page(`/dashboard/manageorder${query}`, buyer);
      expect(answer.status, query).toBe(403);
      expect(answer.html).not.toContain("01555123456");
    }
  });

  it("returns a row's action to the same tab and search it was posted from", async () => {
    const target = paidIds.at(-1)!;
    const path = `/dashboard/manageorder?status=paid&q=01555123456`;
    const res = await t.postForm(path, { intent: "shipped", orderId: target }, admin);
    const html = await res.clone().text();
    const answer = await readAnswer(res);
    expect(answer.done).toBe(true);
    expect(answer.toast?.message).toBe("Order shipped");
    expect((await t.database.db.select().from(order).where(eq(order.id, target)))[0]!.status).toBe("shipped");
    // The same tab and search, answered again: the shipped order has left the Paid tab.
    expect(html).toMatch(/<a[^>]*aria-current="page"[^>]*>Paid/);
    expect(html).toContain('value="01555123456"');
    expect(rowsOf(html).map((r) => r.id)).toEqual([...paidIds].reverse().slice(1));
    // Each row's forms post back to this same URL.
    expect(html).toContain(`action="/dashboard/manageorder?status=paid&amp;q=01555123456"`);
  });

  it("says it in Bangla, with Bengali digits", async () => {
    const bn = await page("/dashboard/manageorder?status=paid", admin, "; randa.lang=bn");
    const text = textOf(bn.html);
    expect(text).toContain("সব (৪৫)");
    expect(text).toContain("অর্ডার আইডি, ক্রেতার ইমেইল বা ফোন");
    // One of the 15 paid orders was shipped by the test before.
    expect(text).toContain("১৪টির মধ্যে ১–১৪ নম্বর অর্ডার");
  });

  describe("My Orders", () => {
    it("shows the buyer's orders 20 a page, with a pager and serial numbers that go on", async () => {
      const b = await buyerOf(t, buyer);
      const mine = await idsSorted(t, "newest", eq(order.buyerId, b.id));
      const first = await page("/dashboard/orders", buyer);
      expect(first.status).toBe(200);
      expect(rowsOf(first.html).map((r) => r.id)).toEqual(mine.slice(0, 20));
      expect(textOf(first.html)).toContain("Page 1 of 3");
      const next = relLink(first.html, "next")!;
      expect(next).toBe("/dashboard/orders?page=2");
      const third = await page("/dashboard/orders?page=3", buyer);
      const rows = rowsOf(third.html);
      expect(rows.map((r) => r.id)).toEqual(mine.slice(40));
      expect(rows[0]!.serial).toBe("41");
      expect(relLink(third.html, "next")).toBeUndefined();
    });

    it("answers a bad page with 400 and a way back to the first", async () => {
      const answer = await page("/dashboard/orders?page=-1", buyer);
      expect(answer.status).toBe(400);
      expect(textOf(answer.html)).toContain("page must be a whole number from 1");
      expect(answer.html).toContain('href="/dashboard/orders"');
      expect(rowsOf(answer.html)).toEqual([]);
    });

    it("says so on a page past the last", async () => {
      const answer = await page("/dashboard/orders?page=9", buyer);
      expect(answer.status).toBe(200);
      expect(textOf(answer.html)).toContain("There are no orders on this page.");
    });
  });
});
