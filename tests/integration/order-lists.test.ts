import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { OrderJson } from "@server/orders";
import { order } from "@server/db/schema";
import type { SessionUser } from "@server/auth/session";
import { cancelByShop, listAllOrders, myOrders } from "@server/orders/orders";
import { english, M, type MessageCode } from "@shared/messages";
import { ORDER_SORTS, ORDER_TABS } from "@shared/list-choices";
import { asBearer, signUp, signUpAdmin, type TestAccount } from "../support/accounts";
import { as } from "../support/contexts";
import { buyerOf, idsSorted, insertOrders, linksOf } from "../support/order-rows";
import { holdPayment } from "../support/orders";
import { useTestApp } from "../support/test-app";
import { sessionUserOf } from "../support/use-case-actors";

/** Cases named by their query, a long one by its start and length. */
function named<T>(cases: [string, T][]) {
  return cases.map(([query, expected]) => ({
    name: query.length > 60 ? `${query.slice(0, 12)}… (${query.length} characters)` : query,
    query,
    expected,
  }));
}

/** Two ids that share their first six hex digits, and differ from the seventh. */
const TWIN_A = "abcdef12-3456-4789-8abc-def012345678";
const TWIN_B = "abcdef99-3456-4789-8abc-def012345678";

describe("the orders lists: GET /api/order and GET /api/order/{email}", () => {
  const t = useTestApp();
  let admin: TestAccount;
  let adminUser: SessionUser;
  let nasrin: TestAccount;
  let karim: TestAccount;
  let filler: TestAccount;
  /** Orders placed around midnight in Dhaka on 10 March 2026 (18:00 UTC the day before). */
  const edge = {} as Record<"lastOf9th" | "firstOf10th" | "lastOf10th" | "firstOf11th", string>;
  const phoneOrders: string[] = [];
  let sameTime: string[] = [];

  const get = (path: string, who: TestAccount = admin) => t.request(path, { headers: asBearer(who) });
  const idsOf = async (res: Response) => ((await res.json()) as OrderJson[]).map((o) => o._id);

  beforeAll(async () => {
    admin = await signUpAdmin(t);
    adminUser = await sessionUserOf(t, admin);
    nasrin = await signUp(t, { email: `Nasrin.Akter.${Date.now()}@example.test` });
    karim = await signUp(t, { email: `karim.${Date.now()}@example.test` });
    filler = await signUp(t, { email: `rahim.${Date.now()}@example.test` });
    const n = await buyerOf(t, nasrin);
    const k = await buyerOf(t, karim);
    const r = await buyerOf(t, filler);

    const edges = await insertOrders(t, n, [
      { at: "2026-03-09T17:59:59.999Z", status: "paid", pricePoisha: 70_000 },
      { at: "2026-03-09T18:00:00.000Z", status: "shipped", pricePoisha: 71_000 },
      { at: "2026-03-10T17:59:59.999Z", status: "delivered", pricePoisha: 72_000 },
      { at: "2026-03-10T18:00:00.000Z", status: "cod", pricePoisha: 73_000 },
    ]);
    [edge.lastOf9th, edge.firstOf10th, edge.lastOf10th, edge.firstOf11th] = edges as [string, string, string, string];
    phoneOrders.push(
      ...(await insertOrders(t, k, [
        { at: "2026-04-01T06:00:00.000Z", status: "cancelled", refund: "due", phone: "01712345678", id: TWIN_A },
        { at: "2026-04-02T06:00:00.000Z", status: "expired", phone: "01712345678", id: TWIN_B },
      ])),
    );
    await insertOrders(t, k, [{ at: "2026-04-03T06:00:00.000Z", status: "paid", phone: "01898765432" }]);
    // Five at the very same moment, with the same amount: only the id tells them apart.
    sameTime = await insertOrders(
      t,
      r,
      Array.from({ length: 5 }, () => ({ at: "2025-06-01T00:00:00.000Z", pricePoisha: 60_000 })),
    );
    // 130 more, an hour apart, in every state and at many amounts, so that lists have pages.
    const statuses = ["unpaid", "paid", "cod", "shipped", "delivered", "returned", "cancelled", "expired"] as const;
    await insertOrders(
      t,
      r,
      Array.from({ length: 130 }, (_, i) => ({
        at: new Date(Date.UTC(2025, 0, 1, i)).toISOString(),
        status: statuses[i % statuses.length],
        pricePoisha: 10_000 + (i % 17) * 1_000,
        refund: i % 11 === 0 ? ("due" as const) : null,
      })),
    );
  });

  /** Follows `Link: rel="next"` from `first` to the end: the ids met, page by page. */
  async function walk(first: string, who: TestAccount = admin) {
    const pages: string[][] = [];
    let path: string | undefined = first;
    while (path) {
      const res = await get(path, who);
      expect(res.status, path).toBe(200);
      pages.push(await idsOf(res));
      path = linksOf(res).next;
      expect(pages.length).toBeLessThan(100);
    }
    return pages;
  }

  async function refusal(path: string, code: MessageCode) {
    const res = await get(path);
    expect(res.status, path).toBe(400);
    expect(await res.json(), path).toEqual({ code, message: english(code) });
  }

  describe("pages", () => {
    it("answers, without parameters, the newest 100 orders; X-Total-Count counts them all; Link leads on", async () => {
      const res = await get("/api/order");
      expect(res.status).toBe(200);
      const all = await idsSorted(t, "newest");
      expect(all.length).toBeGreaterThan(100);
      expect(await idsOf(res)).toEqual(all.slice(0, 100));
      expect(res.headers.get("X-Total-Count")).toBe(String(all.length));
      const links = linksOf(res);
      expect(links.next).toMatch(/^\/api\/order\?cursor=[A-Za-z0-9_-]+&limit=100$/);
      expect(links.prev).toBeUndefined();
    });

    it.each(ORDER_SORTS)("walks every order once in the %s sort, by cursor, and back again by prev", async (sort) => {
      const expected = await idsSorted(t, sort);
      const pages = await walk(`/api/order?sort=${sort}&limit=30`);
      expect(pages.flat()).toEqual(expected);
      expect(pages.slice(0, -1).every((p) => p.length === 30)).toBe(true);

      // From the third page back: the second, then the first (which has no prev).
      const third = await get(`/api/order?sort=${sort}&limit=30&page=3`);
      expect(await idsOf(third)).toEqual(expected.slice(60, 90));
      const second = await get(linksOf(third).prev!);
      expect(await idsOf(second)).toEqual(expected.slice(30, 60));
      const first = await get(linksOf(second).prev!);
      expect(await idsOf(first)).toEqual(expected.slice(0, 30));
      expect(linksOf(first).prev).toBeUndefined();
      expect(await idsOf(await get(linksOf(first).next!))).toEqual(expected.slice(30, 60));
    });

    it("keeps orders placed at the same moment apart by id: none repeated, none skipped", async () => {
      const pages = await walk("/api/order?from=2025-06-01&to=2025-06-01&limit=2");
      expect(pages.map((p) => p.length)).toEqual([2, 2, 1]);
      expect(pages.flat()).toEqual([...sameTime].sort().reverse());
    });

    it("neither repeats nor skips an order when new ones arrive between pages", async () => {
      const r = await buyerOf(t, filler);
      const before = await idsSorted(t, "newest");
      const first = await get("/api/order?limit=25");
      const seen = await idsOf(first);
      // One newer than every order listed, and one among those still to come.
      const [newest] = await insertOrders(t, r, [{ at: new Date().toISOString() }]);
      const [among] = await insertOrders(t, r, [{ at: "2025-01-02T12:30:00.000Z" }]);
      const rest = await walk(linksOf(first).next!);
      const walked = [...seen, ...rest.flat()];
      expect(new Set(walked).size).toBe(walked.length);
      expect(walked).not.toContain(newest);
      expect(walked).toEqual((await idsSorted(t, "newest")).filter((id) => id !== newest));
      expect(walked.filter((id) => !before.includes(id))).toEqual([among]);
      await t.database.db.delete(order).where(sql`${order.id} in (${newest}, ${among})`);
    });

    it("answers page numbers up to the 10,000th order, and refuses a page past it", async () => {
      const all = await idsSorted(t, "newest");
      expect(await idsOf(await get("/api/order?page=2&limit=50"))).toEqual(all.slice(50, 100));
      const past = await get("/api/order?page=3&limit=100");
      expect(past.status).toBe(200);
      expect(await idsOf(past)).toEqual([]);
      expect(past.headers.get("X-Total-Count")).toBe(String(all.length));
      await refusal("/api/order?page=101&limit=100", M.list.too_deep);
      await refusal("/api/order?page=10001", M.list.too_deep);
    });

    it("answers at most 100 orders a page, and refuses a larger limit rather than cutting it", async () => {
      expect(await idsOf(await get("/api/order?limit=100"))).toHaveLength(100);
      expect(await idsOf(await get("/api/order?limit=1"))).toHaveLength(1);
      await refusal("/api/order?limit=101", M.list.limit_invalid);
      await refusal("/api/order?limit=100000", M.list.limit_invalid);
    });
  });

  describe("tabs", () => {
    it.each(ORDER_TABS)("status=%s lists only those orders, and counts them", async (tab) => {
      const where = tab === "refund-due" ? eq(order.refund, "due") : eq(order.status, tab);
      const expected = await idsSorted(t, "newest", where);
      expect(expected.length).toBeGreaterThan(0);
      const res = await get(`/api/order?status=${tab}`);
      expect(await idsOf(res)).toEqual(expected.slice(0, 100));
      expect(res.headers.get("X-Total-Count")).toBe(String(expected.length));
    });

    it("counts every tab for the search and dates in force", async () => {
      const page = await listAllOrders(as(t, adminUser), { from: "2026-03-01", to: "2026-04-30" });
      expect(page.counts).toEqual({
        all: 7,
        unpaid: 0,
        paid: 2,
        cod: 1,
        shipped: 1,
        delivered: 1,
        returned: 0,
        cancelled: 1,
        expired: 1,
        "refund-due": 1,
      });
      expect(page.total).toBe(7);
      const searched = await listAllOrders(as(t, adminUser), { status: "expired", q: "01712345678" });
      expect(searched.items.map((o) => o.order.id)).toEqual([TWIN_B]);
      expect(searched.total).toBe(1);
      expect(searched.counts).toMatchObject({ all: 2, cancelled: 1, expired: 1, "refund-due": 1, paid: 0 });
    });
  });

  describe("counts kept between changes", () => {
    it("counts again as soon as an order is placed or changes", async () => {
      const before = (await listAllOrders(as(t, adminUser))).counts;
      const [placed] = await insertOrders(t, await buyerOf(t, filler), [{ at: new Date().toISOString() }]);
      const after = (await listAllOrders(as(t, adminUser))).counts;
      expect(after).toEqual({ ...before, all: before.all + 1, unpaid: before.unpaid + 1 });
      await cancelByShop(as(t, adminUser), placed, { reason: "Counted twice" });
      expect((await listAllOrders(as(t, adminUser))).counts).toEqual({
        ...after,
        unpaid: after.unpaid - 1,
        cancelled: after.cancelled + 1,
      });
    });
  });

  describe("search", () => {
    it("finds an order by its whole id, in either case", async () => {
      for (const q of [edge.lastOf10th, edge.lastOf10th.toUpperCase(), ` ${edge.lastOf10th} `]) {
        const res = await get(`/api/order?q=${encodeURIComponent(q)}`);
        expect(await idsOf(res)).toEqual([edge.lastOf10th]);
        expect(res.headers.get("X-Total-Count")).toBe("1");
      }
    });

    it("finds orders by the start of an id, six hex digits or more, hyphens or not", async () => {
      expect(await idsOf(await get("/api/order?q=abcdef"))).toEqual([TWIN_B, TWIN_A]);
      expect(await idsOf(await get("/api/order?q=ABCDEF1"))).toEqual([TWIN_A]);
      expect(await idsOf(await get("/api/order?q=abcdef99-34"))).toEqual([TWIN_B]);
      expect(await idsOf(await get("/api/order?q=abcdef1234564789"))).toEqual([TWIN_A]);
      // Five digits say too little: no id is searched.
      expect(await idsOf(await get("/api/order?q=abcde"))).toEqual([]);
    });

    it("finds a buyer's orders by their e-mail or its beginning, in any case, wildcards taken literally", async () => {
      const hers = [edge.firstOf11th, edge.lastOf10th, edge.firstOf10th, edge.lastOf9th];
      expect(await idsOf(await get(`/api/order?q=${encodeURIComponent(nasrin.email.toLowerCase())}`))).toEqual(hers);
      expect(await idsOf(await get("/api/order?q=NASRIN.akter"))).toEqual(hers);
      expect(await idsOf(await get("/api/order?q=nasrin"))).toEqual(hers);
      expect(await idsOf(await get("/api/order?q=%25"))).toEqual([]);
      expect(await idsOf(await get("/api/order?q=_asrin"))).toEqual([]);
      expect(await idsOf(await get("/api/order?q=akter"))).toEqual([]);
    });

    it("finds orders by the phone they go to, written as people write it", async () => {
      for (const q of ["01712345678", "+880 1712-345678", "8801712345678", "01712 345678", "০১৭১২৩৪৫৬৭৮"]) {
        const res = await get(`/api/order?q=${encodeURIComponent(q)}`);
        expect(await idsOf(res), q).toEqual([TWIN_B, TWIN_A]);
      }
      expect(await idsOf(await get("/api/order?q=01898765432"))).toHaveLength(1);
    });

    it("finds nothing for words that are none of these", async () => {
      const res = await get("/api/order?q=hand%20plane");
      expect(await idsOf(res)).toEqual([]);
      expect(res.headers.get("X-Total-Count")).toBe("0");
      expect(res.headers.get("Link")).toBeNull();
    });
  });

  describe("dates, whole days in Dhaka time, both ends included", () => {
    it.each([
      ["from=2026-03-10&to=2026-03-31", ["firstOf11th", "lastOf10th", "firstOf10th"]],
      ["from=2026-03-01&to=2026-03-09", ["lastOf9th"]],
      ["from=2026-03-10&to=2026-03-10", ["lastOf10th", "firstOf10th"]],
      ["from=2026-03-11&to=2026-03-11", ["firstOf11th"]],
      ["from=2026-03-09&to=2026-03-11", ["firstOf11th", "lastOf10th", "firstOf10th", "lastOf9th"]],
    ] as const)("%s", async (range, names) => {
      const res = await get(`/api/order?${range}`);
      expect(await idsOf(res)).toEqual(names.map((name) => edge[name]));
      expect(res.headers.get("X-Total-Count")).toBe(String(names.length));
    });
  });

  describe("bad input: 400 with its message, never a 5xx", () => {
    it.each(
      named<MessageCode>([
        ["page=-1", M.list.page_invalid],
        ["page=0", M.list.page_invalid],
        ["page=1.5", M.list.page_invalid],
        ["page=abc", M.list.page_invalid],
        ["limit=0", M.list.limit_invalid],
        ["limit=-5", M.list.limit_invalid],
        ["sort=price", M.list.sort_unknown],
        ["status=pending", M.list.status_unknown],
        ["status=PAID", M.list.status_unknown],
        [`q=${"x".repeat(201)}`, M.list.query_too_long],
        [`q=${"x".repeat(10_000)}`, M.list.query_too_long],
        ["from=2026-02-30", M.list.date_invalid],
        ["from=20260301", M.list.date_invalid],
        ["to=yesterday", M.list.date_invalid],
        ["from=0000-01-01", M.list.date_invalid],
        ["to=99999-01-01", M.list.date_invalid],
        ["from=2026-03-11&to=2026-03-10", M.list.dates_reversed],
        ["cursor=!!!", M.list.cursor_invalid],
        ["cursor=bm90IGpzb24", M.list.cursor_invalid],
        ["cursor=e30", M.list.cursor_invalid],
      ]),
    )("$name", async ({ query, expected: code }) => {
      await refusal(`/api/order?${query}`, code);
    });

    it("refuses a cursor made for another sort, or with a key it could not have made", async () => {
      const next = linksOf(await get("/api/order?limit=5")).next!;
      const cursor = new URL(next, "http://x").searchParams.get("cursor")!;
      expect((await get(`/api/order?cursor=${cursor}`)).status).toBe(200);
      await refusal(`/api/order?cursor=${cursor}&sort=amount-high`, M.list.cursor_invalid);
      const place = JSON.parse(Buffer.from(cursor, "base64url").toString()) as Record<string, unknown>;
      const forged = (changes: Record<string, unknown>) =>
        Buffer.from(JSON.stringify({ ...place, ...changes })).toString("base64url");
      for (const changes of [
        { k: "2026-13-01T00:00:00.000000Z" },
        { k: "2026-02-30T00:00:00.000000Z" },
        { k: "yesterday" },
        { k: 500 },
        { i: "not-an-id" },
        { i: '\'; drop table "order"; --' },
        { d: "sideways" },
        { o: -1 },
        { extra: true },
      ]) {
        await refusal(`/api/order?cursor=${forged(changes)}`, M.list.cursor_invalid);
      }
      const amountCursor = forged({ s: "amount-high", k: 1_000_000 });
      expect((await get(`/api/order?sort=amount-high&cursor=${amountCursor}`)).status).toBe(200);
      await refusal(
        `/api/order?sort=amount-high&cursor=${forged({ s: "amount-high", k: 1.5 })}`,
        M.list.cursor_invalid,
      );
    });

    it("refuses the buyer's list's bad pages too", async () => {
      const path = `/api/order/${encodeURIComponent(karim.email)}`;
      for (const [query, code] of [
        ["page=-1", M.list.page_invalid],
        ["limit=100000", M.list.limit_invalid],
        ["page=10001", M.list.too_deep],
      ] as const) {
        const res = await get(`${path}?${query}`, karim);
        expect(res.status, query).toBe(400);
        expect(await res.json()).toEqual({ code, message: english(code) });
      }
    });
  });

  describe("who may read them", () => {
    it("keeps the shop's list from customers (403) and strangers (401), whatever they ask", async () => {
      for (const query of ["", "?status=paid", "?page=-1", "?q=01712345678"]) {
        expect((await get(`/api/order${query}`, karim)).status, query).toBe(403);
        expect((await t.request(`/api/order${query}`)).status, query).toBe(401);
      }
    });

    it("lets a buyer page through their own orders (not those they cancelled), and no one else's", async () => {
      const k = await buyerOf(t, karim);
      await insertOrders(t, k, [
        { at: "2026-05-01T06:00:00.000Z", status: "cancelled", cancelledBy: "buyer" },
        ...Array.from({ length: 4 }, (_, i) => ({ at: `2026-05-0${i + 2}T06:00:00.000Z` })),
      ]);
      const listed = await idsSorted(
        t,
        "newest",
        sql`${order.buyerId} = ${k.id} and not (${order.status} = 'cancelled' and ${order.cancelledBy} = 'buyer')`,
      );
      expect(listed).toHaveLength(7);
      const path = `/api/order/${encodeURIComponent(karim.email)}`;
      const first = await get(`${path}?limit=3`, karim);
      expect(first.headers.get("X-Total-Count")).toBe("7");
      expect(await idsOf(first)).toEqual(listed.slice(0, 3));
      const pages = await walk(`${path}?limit=3`, karim);
      expect(pages.flat()).toEqual(listed);
      const second = await get(`${path}?limit=3&page=2`, karim);
      expect(linksOf(second)).toEqual({
        next: `${path}?limit=3&page=3`,
        prev: `${path}?limit=3&page=1`,
      });
      // The admin reads the same list; another customer may not.
      expect(await idsOf(await get(path))).toEqual(listed);
      expect((await get(path, nasrin)).status).toBe(403);
      expect((await t.request(path)).status).toBe(401);
    });

    it("My Orders answers 20 a page, newest first, with what the buyer may do to each", async () => {
      const r = await buyerOf(t, filler);
      const mine = await idsSorted(t, "newest", eq(order.buyerId, r.id));
      const me = await sessionUserOf(t, filler);
      const first = await myOrders(as(t, me));
      expect(first.items.map((o) => o.order.id)).toEqual(mine.slice(0, 20));
      expect(first).toMatchObject({ total: mine.length, page: 1, limit: 20 });
      const third = await myOrders(as(t, me), { page: "3" });
      expect(third.items.map((o) => o.order.id)).toEqual(mine.slice(40, 60));
      await expect(myOrders(as(t, me), { page: "0" })).rejects.toMatchObject({ code: M.list.page_invalid });
    });

    it("reads held payments for the page's orders: an order held for review offers Accept", async () => {
      const [held, other] = await insertOrders(t, await buyerOf(t, karim), [
        { at: "2026-06-01T06:00:00.000Z" },
        { at: "2026-06-01T07:00:00.000Z" },
      ]);
      await holdPayment(t, held!);
      const page = await listAllOrders(as(t, adminUser), { from: "2026-06-01", to: "2026-06-01" });
      expect(page.items.map((o) => [o.order.id, o.heldPayment, o.actions.includes("accept_payment")])).toEqual([
        [other, false, false],
        [held, true, true],
      ]);
    });
  });
});
