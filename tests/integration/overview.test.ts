import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { order, orderEvent, payment, type NewProductRow } from "@server/db/schema";
import { AppError } from "@server/errors";
import { shopOverview } from "@server/overview/overview";
import type { OrderStatus } from "@shared/order-flow";
import { eq, sql } from "drizzle-orm";
import { product as productTable } from "@server/db/schema";
import { asBearer, asCookie, jsonInit, signUp, signUpAdmin, type TestAccount } from "../support/accounts";
import { readAnswer } from "../support/action-answer";
import { as } from "../support/contexts";
import { makeProduct, messageOf } from "../support/orders";
import { sessionUserOf } from "../support/use-case-actors";
import type { SessionUser } from "@server/auth/session";
import { buyerOf } from "../support/order-rows";
import { catalogSettled } from "../support/catalog-feed";
import { usePageApp } from "../support/page-app";

/** The shop's clock for these tests: 10 March 2026, 18:00 in Dhaka. */
const NOW = new Date("2026-03-10T12:00:00Z");

interface Fixture {
  at: string;
  status: OrderStatus;
  payable: number;
  product?: { id: string; name: string } | { deleted: string };
  method?: "test" | "stripe" | "sslcommerz" | "cod";
  /** The order's payment: its status, and when it came (the order's time if not said). */
  paid?: { status: "succeeded" | "held" | "refund_due" | "refunded"; at?: string };
}

/**
 * Hand-computed fixtures around Dhaka's midnights (UTC+6: 18:00Z is midnight in Dhaka). The 7-day period ending
 * 10 March 2026 runs from 4 March 00:00 in Dhaka (3 March 18:00Z) to 10 March 24:00 in Dhaka (10 March 18:00Z).
 */
describe("the admins' overview", () => {
  const t = usePageApp();
  let admin: TestAccount;
  let customer: TestAccount;
  let adminUser: SessionUser;
  let customerUser: SessionUser;
  let chisel: { id: string; name: string };
  let saw: { id: string; name: string };
  let gauge: { id: string; name: string };

  async function place(f: Fixture, buyer: { id: string; email: string }) {
    const quantity = 10;
    const product = f.product && "id" in f.product ? f.product : null;
    const [row] = await t.database.db
      .insert(order)
      .values({
        buyerId: buyer.id,
        buyerEmail: buyer.email,
        productId: product?.id ?? null,
        productName: product?.name ?? (f.product && "deleted" in f.product ? f.product.deleted : "Marking Gauge"),
        image: "/images/products/marking-gauge.svg",
        pricePoisha: f.payable / quantity,
        quantity,
        payablePoisha: f.payable,
        status: f.status,
        paymentMethod: f.method ?? null,
        // As the store leaves them: an order owing money back says so; collected cash has its transaction id.
        refund: f.paid?.status === "refund_due" ? "due" : f.paid?.status === "refunded" ? "refunded" : null,
        transactionId: f.paid && f.paid.status !== "held" ? `TX-${randomUUID()}` : null,
        createdAt: new Date(f.at),
        updatedAt: new Date(f.at),
      })
      .returning({ id: order.id });
    if (f.paid) {
      await t.database.db.insert(payment).values({
        orderId: row!.id,
        provider: f.method!,
        providerRef: `REF-${randomUUID()}`,
        amountPoisha: f.payable,
        currency: "BDT",
        status: f.paid.status,
        createdAt: new Date(f.paid.at ?? f.at),
      });
    }
  }

  const product = async (fields: Partial<NewProductRow>) => {
    const row = await makeProduct(t, fields);
    return { id: row.id, name: row.name };
  };

  beforeAll(async () => {
    admin = await signUpAdmin(t);
    customer = await signUp(t);
    adminUser = await sessionUserOf(t, admin);
    customerUser = await sessionUserOf(t, customer);
    t.services.now = () => NOW;
    const buyer = await buyerOf(t, customer);
    // Running low: 30 < 2 × 20; 50 < its own 60. Not low: 500 ≥ 40; 10 ≥ its own 0.
    chisel = await product({ name: "Chisel", availability: 30, minimumQuantity: 20 });
    gauge = await product({ name: "Gauge", availability: 50, minimumQuantity: 20, lowStockThreshold: 60 });
    saw = await product({ name: "Saw", availability: 500, minimumQuantity: 20 });
    await product({ name: "Plane", availability: 10, minimumQuantity: 5, lowStockThreshold: 0 });
    const fixtures: Fixture[] = [
      // Paid at Dhaka's midnight opening the period: its first day.
      {
        at: "2026-03-03T18:00:00Z",
        status: "delivered",
        payable: 20_000,
        product: chisel,
        method: "test",
        paid: { status: "succeeded" },
      },
      // One second earlier: the day before the 7 days, inside the 30.
      {
        at: "2026-03-03T17:59:59Z",
        status: "paid",
        payable: 30_000,
        product: chisel,
        method: "stripe",
        paid: { status: "succeeded" },
      },
      // Placed 9 March 23:30 in Dhaka, paid 10 March 00:30 in Dhaka.
      {
        at: "2026-03-09T17:30:00Z",
        status: "shipped",
        payable: 50_000,
        product: saw,
        method: "sslcommerz",
        paid: { status: "succeeded", at: "2026-03-09T18:30:00Z" },
      },
      // Paid, then cancelled: the money is owed back and no longer counts.
      {
        at: "2026-03-05T06:00:00Z",
        status: "cancelled",
        payable: 40_000,
        product: saw,
        method: "sslcommerz",
        paid: { status: "refund_due" },
      },
      // Cash collected on delivery 10 March 23:59:59 in Dhaka, for a product since deleted.
      {
        at: "2026-03-08T06:00:00Z",
        status: "delivered",
        payable: 60_000,
        product: { deleted: "Old Plane" },
        method: "cod",
        paid: { status: "succeeded", at: "2026-03-10T17:59:59Z" },
      },
      // Cash still to collect: shipped, delivered (placed long before the period), confirmed.
      { at: "2026-03-06T06:00:00Z", status: "shipped", payable: 70_000, product: saw, method: "cod" },
      { at: "2026-01-01T06:00:00Z", status: "delivered", payable: 15_000, product: saw, method: "cod" },
      { at: "2026-03-07T06:00:00Z", status: "cod", payable: 5_000, product: gauge, method: "cod" },
      // Cancelled before it shipped: nothing to collect.
      { at: "2026-03-06T07:00:00Z", status: "cancelled", payable: 9_000, product: saw, method: "cod" },
      // Unpaid; one with a payment held for an admin's review, which is not money kept.
      { at: "2026-03-06T08:00:00Z", status: "unpaid", payable: 11_000, product: gauge, method: "test" },
      {
        at: "2026-03-07T06:00:00Z",
        status: "unpaid",
        payable: 12_000,
        product: gauge,
        method: "sslcommerz",
        paid: { status: "held" },
      },
      // Placed 10 March 23:00 in Dhaka, paid 11 March 00:00 in Dhaka: after the period.
      {
        at: "2026-03-10T17:00:00Z",
        status: "paid",
        payable: 13_000,
        product: gauge,
        method: "test",
        paid: { status: "succeeded", at: "2026-03-10T18:00:00Z" },
      },
      // Cash collected, then the order cancelled: owed back; and a refund already given back.
      {
        at: "2026-02-01T06:00:00Z",
        status: "cancelled",
        payable: 25_000,
        product: saw,
        method: "cod",
        paid: { status: "refund_due" },
      },
      {
        at: "2026-03-04T06:00:00Z",
        status: "cancelled",
        payable: 14_000,
        product: saw,
        method: "stripe",
        paid: { status: "refunded" },
      },
    ];
    for (const f of fixtures) await place(f, buyer);
  });

  const overview = (params: Record<string, string>, actor?: SessionUser) =>
    shopOverview(as(t, actor ?? adminUser), params);

  describe("the sums, computed in the database", () => {
    it("sums the money kept per Dhaka day over 7 days: succeeded payments and collected cash, not held, due or refunded", async () => {
      const o = await overview({ days: "7" });
      expect(o.period).toEqual({ first: "2026-03-04", last: "2026-03-10" });
      expect(o.revenue).toEqual([
        { day: "2026-03-04", poisha: 20_000 },
        { day: "2026-03-05", poisha: 0 },
        { day: "2026-03-06", poisha: 0 },
        { day: "2026-03-07", poisha: 0 },
        { day: "2026-03-08", poisha: 0 },
        { day: "2026-03-09", poisha: 0 },
        { day: "2026-03-10", poisha: 110_000 },
      ]);
    });

    it("counts the orders placed per Dhaka day by their status now", async () => {
      const o = await overview({ days: "7" });
      const nonZero = o.orders.map((d) => ({
        day: d.day,
        ...Object.fromEntries(Object.entries(d.byStatus).filter(([, n]) => n > 0)),
      }));
      expect(nonZero).toEqual([
        { day: "2026-03-04", delivered: 1, cancelled: 1 },
        { day: "2026-03-05", cancelled: 1 },
        { day: "2026-03-06", shipped: 1, cancelled: 1, unpaid: 1 },
        { day: "2026-03-07", cod: 1, unpaid: 1 },
        { day: "2026-03-08", delivered: 1 },
        { day: "2026-03-09", shipped: 1 },
        { day: "2026-03-10", paid: 1 },
      ]);
    });

    it("ranks the products by money kept, a deleted one under its order's name and without a link", async () => {
      const o = await overview({ days: "7" });
      expect(o.top).toEqual([
        { productId: null, name: "Old Plane", poisha: 60_000, pieces: 10 },
        { productId: saw.id, name: "Saw", poisha: 50_000, pieces: 10 },
        { productId: chisel.id, name: "Chisel", poisha: 20_000, pieces: 10 },
      ]);
    });

    it("splits the money kept by payment method", async () => {
      const o = await overview({ days: "7" });
      expect(o.methods).toEqual([
        { provider: "cod", payments: 1, poisha: 60_000 },
        { provider: "sslcommerz", payments: 1, poisha: 50_000 },
        { provider: "test", payments: 1, poisha: 20_000 },
      ]);
    });

    it("takes in the day before over 30 days, and defaults to 30 days", async () => {
      const o = await overview({ days: "30" });
      expect(o.revenue).toHaveLength(30);
      expect(o.period).toEqual({ first: "2026-02-09", last: "2026-03-10" });
      expect(o.revenue.find((d) => d.day === "2026-03-03")).toEqual({ day: "2026-03-03", poisha: 30_000 });
      expect(o.revenue.reduce((sum, d) => sum + d.poisha, 0)).toBe(160_000);
      expect(o.top[0]).toEqual({ productId: null, name: "Old Plane", poisha: 60_000, pieces: 10 });
      expect(o.top.find((p) => p.productId === chisel.id)).toEqual({
        productId: chisel.id,
        name: "Chisel",
        poisha: 50_000,
        pieces: 20,
      });
      expect(await overview({})).toEqual(o);
    });

    it("reaches back 90 days, to orders placed on 1 January", async () => {
      const o = await overview({ days: "90" });
      expect(o.period).toEqual({ first: "2025-12-11", last: "2026-03-10" });
      expect(o.orders).toHaveLength(90);
      expect(o.orders.find((d) => d.day === "2026-01-01")?.byStatus.delivered).toBe(1);
      expect(o.orders.find((d) => d.day === "2026-02-01")?.byStatus.cancelled).toBe(1);
    });

    it("sums the cash on delivery still to collect and the refunds due, whatever the period", async () => {
      for (const days of ["7", "90"]) {
        const o = await overview({ days });
        expect(o.cashToCollect).toEqual({ count: 3, poisha: 90_000 });
        expect(o.refundsDue).toEqual({ count: 2, poisha: 65_000 });
      }
    });

    it("lists the products below their low-stock line, fewest pieces first", async () => {
      const o = await overview({ days: "7" });
      expect(o.lowStock.total).toBe(2);
      expect(o.lowStock.items.map((p) => [p.name, p.availability, p.line])).toEqual([
        ["Chisel", 30, 40],
        ["Gauge", 50, 60],
      ]);
      const past = await overview({ days: "7", page: "2" });
      expect(past.lowStock).toMatchObject({ items: [], total: 2, page: 2 });
    });

    it("keeps a period's sums until an order changes, then sums again", async () => {
      const before = await overview({ days: "7" });
      expect(before.revenue.find((d) => d.day === "2026-03-09")?.poisha).toBe(0);
      // Written straight to the tables, with no history: unseen, the sums are kept.
      const buyer = await buyerOf(t, customer);
      await place(
        {
          at: "2026-03-09T06:00:00Z",
          status: "paid",
          payable: 7_000,
          product: gauge,
          method: "stripe",
          paid: { status: "succeeded" },
        },
        buyer,
      );
      expect(await overview({ days: "7" })).toEqual(before);
      // As the store pays an order: its history says so, and the next overview sums again.
      const [paid] = await t.database.db.select({ id: order.id }).from(order).where(eq(order.payablePoisha, 7_000));
      await t.database.db.insert(orderEvent).values({ orderId: paid!.id, status: "paid", by: "stripe" });
      const after = await overview({ days: "7" });
      expect(after.revenue.find((d) => d.day === "2026-03-09")?.poisha).toBe(7_000);
      expect(after.methods.find((m) => m.provider === "stripe")).toEqual({
        provider: "stripe",
        payments: 1,
        poisha: 7_000,
      });
      // Taken away again, for the page's tests below: the history's newest entry goes, and the sums with it.
      await t.database.db.delete(orderEvent).where(eq(orderEvent.orderId, paid!.id));
      await t.database.db.delete(payment).where(eq(payment.orderId, paid!.id));
      await t.database.db.delete(order).where(eq(order.id, paid!.id));
      expect(await overview({ days: "7" })).toEqual(before);
    });

    it("keeps the cash to collect until an order changes, then sums it again", async () => {
      const before = await overview({ days: "7" });
      // Shipped for cash on delivery, written straight to the table with no history: unseen, the sum is kept.
      await place(
        { at: "2026-03-09T07:00:00Z", status: "shipped", payable: 8_000, product: saw, method: "cod" },
        await buyerOf(t, customer),
      );
      expect((await overview({ days: "90" })).cashToCollect).toEqual(before.cashToCollect);
      // As the store ships an order: its history says so, and the next overview sums again.
      const [shipped] = await t.database.db.select({ id: order.id }).from(order).where(eq(order.payablePoisha, 8_000));
      await t.database.db.insert(orderEvent).values({ orderId: shipped!.id, status: "shipped", by: "store" });
      expect((await overview({ days: "90" })).cashToCollect).toEqual({
        count: before.cashToCollect.count + 1,
        poisha: before.cashToCollect.poisha + 8_000,
      });
      await t.database.db.delete(orderEvent).where(eq(orderEvent.orderId, shipped!.id));
      await t.database.db.delete(order).where(eq(order.id, shipped!.id));
      expect(await overview({ days: "7" })).toEqual(before);
    });

    it("keeps the shelves' figures while the catalog is unchanged, and reads them again once it changes", async () => {
      // On PostgreSQL the announcements of the products made before arrive a moment later.
      await catalogSettled(t.services.catalogVersion);
      const before = await overview({ days: "7" });
      // A change the catalog's announcement does not carry (its trigger off): unseen, the figures are kept.
      await t.database.db.execute(sql`alter table product disable trigger product_catalog_changed`);
      try {
        await t.database.db.update(productTable).set({ availability: 25 }).where(eq(productTable.id, gauge.id));
        const kept = await overview({ days: "7" });
        expect(kept.stockValue).toEqual(before.stockValue);
        expect(kept.lowStock).toEqual(before.lowStock);
        // The catalog's version moves (as a change of this process or another's announcement moves it).
        t.services.catalogVersion.bump();
        const after = await overview({ days: "7" });
        expect(after.stockValue.pieces).toBe(before.stockValue.pieces - 25);
        expect(after.lowStock.items.map((p) => [p.name, p.availability])).toEqual([
          ["Gauge", 25],
          ["Chisel", 30],
        ]);
      } finally {
        await t.database.db.update(productTable).set({ availability: 50 }).where(eq(productTable.id, gauge.id));
        await t.database.db.execute(sql`alter table product enable trigger product_catalog_changed`);
      }
      t.services.catalogVersion.bump();
      expect(await overview({ days: "7" })).toEqual(before);
    });

    it("is for admins only", async () => {
      await expect(overview({ days: "7" }, customerUser)).rejects.toMatchObject({ kind: "forbidden" });
      await expect(shopOverview(as(t, null), {})).rejects.toMatchObject({ kind: "unauthorized" });
    });

    it.each(["14", "0", "7.0", "abc", "-7"])("refuses days=%s", async (days) => {
      const refused = await overview({ days }).catch((err: unknown) => err);
      expect(refused).toBeInstanceOf(AppError);
      expect(refused).toMatchObject({ kind: "invalid", code: "list.days_invalid" });
    });
  });

  describe("the page", () => {
    const page = async (path: string, account: TestAccount = admin, language?: "bn") => {
      const headers = asCookie(account);
      if (language) headers.Cookie = `${account.cookie}; randa.lang=bn`;
      const res = await t.request(path, { headers, redirect: "manual" });
      return { status: res.status, html: await res.text() };
    };
    const tableOf = (html: string, chart: string) =>
      new RegExp(`data-testid="chart-${chart}"[\\s\\S]*?</figure>`).exec(html)?.[0] ?? "";

    it("shows the four charts, each with a table of its numbers, in English", async () => {
      const { status, html } = await page("/dashboard/overview?days=7");
      expect(status).toBe(200);
      for (const chart of ["revenue", "orders", "top", "methods"]) {
        const figure = tableOf(html, chart);
        expect(figure).toContain("<figcaption");
        expect(figure).toMatch(/<svg[^>]*aria-hidden="true"/);
        expect(figure).toMatch(/<table[\s\S]*<caption/);
      }
      expect(tableOf(html, "revenue")).toMatch(/10 Mar 2026<\/th><td[^>]*>Tk 1,100<\/td>/);
      expect(tableOf(html, "top")).toMatch(/Old Plane<\/th><td[^>]*>Tk 600<\/td><td[^>]*>10<\/td>/);
      expect(tableOf(html, "top")).toContain(`href="/detail/${saw.id}"`);
      expect(tableOf(html, "methods")).toMatch(
        /Cash on delivery<\/th><td[^>]*>1<\/td><td[^>]*>Tk 600<\/td><td[^>]*>46.2%/,
      );
      expect(html).toMatch(/data-testid="tile-revenue"[\s\S]*?Tk 1,300</);
      expect(html).toMatch(/data-testid="tile-cod"[\s\S]*?Tk 900</);
      expect(html).toMatch(
        /data-testid="tile-refunds"[\s\S]*?Tk 650<[\s\S]*?href="\/dashboard\/manageorder\?status=refund-due"/,
      );
      expect(html).toMatch(/data-testid="low-stock"[\s\S]*?Chisel[\s\S]*?30 Pis[\s\S]*?40 Pis/);
      expect(html).toContain('aria-current="page"');
    });

    it("shows the same numbers in Bangla with Bengali digits", async () => {
      const { status, html } = await page("/dashboard/overview?days=7", admin, "bn");
      expect(status).toBe(200);
      expect(tableOf(html, "revenue")).toMatch(/১০ মার্চ ২০২৬<\/th><td[^>]*>১,১০০৳<\/td>/);
      expect(tableOf(html, "top")).toMatch(/Old Plane<\/th><td[^>]*>৬০০৳<\/td><td[^>]*>১০<\/td>/);
      expect(tableOf(html, "methods")).toMatch(/ক্যাশ অন ডেলিভারি<\/th><td[^>]*>১<\/td>/);
      expect(html).toContain("গত ৯০ দিন");
      expect(html).toMatch(/data-testid="low-stock"[\s\S]*?৩০ পিস/);
    });

    it("answers a customer as the other admin pages do: 403", async () => {
      const { status, html } = await page("/dashboard/overview", customer);
      expect(status).toBe(403);
      expect(html).not.toContain('data-testid="chart-revenue"');
    });

    it("answers a bad period with 400, saying why, and the period links", async () => {
      const { status, html } = await page("/dashboard/overview?days=14");
      expect(status).toBe(400);
      expect(html).toContain("days must be 7, 30 or 90");
      expect(html).toContain('href="/dashboard/overview?days=30"');
    });

    it("is the first link of an admin's sidebar, and not in a customer's", async () => {
      const { html } = await page("/dashboard/profile");
      const links = [...html.matchAll(/<aside data-testid="sidebar"[\s\S]*?<\/aside>/g)][0]?.[0] ?? "";
      const hrefs = [...links.matchAll(/href="([^"]+)"/g)].map((m) => m[1]);
      expect(hrefs.slice(0, 2)).toEqual(["/dashboard/overview", "/dashboard/profile"]);
      expect((await page("/dashboard/profile", customer)).html).not.toContain('href="/dashboard/overview"');
    });
  });

  describe("a product's own low-stock line", () => {
    const stored = async (id: string) =>
      (await t.database.db.select().from(productTable).where(eq(productTable.id, id)))[0]!.lowStockThreshold;
    const body = (overrides: Record<string, unknown> = {}) => ({
      name: `Low Line Chisel ${randomUUID().slice(0, 6)}`,
      price: 780,
      Availability: 100,
      minimumQuantity: 20,
      desc: "Thick blade.",
      image: "/images/products/marking-gauge.svg",
      ...overrides,
    });
    const post = (b: unknown) => t.request("/api/product", jsonInit("POST", b, asBearer(admin)));
    const put = (id: string, b: unknown) => t.request(`/api/product/${id}`, jsonInit("PUT", b, asBearer(admin)));

    it("is taken by POST and PUT /api/product as lowStockThreshold, and null brings back the default", async () => {
      const res = await post(body({ lowStockThreshold: 70 }));
      expect(res.status).toBe(200);
      const { insertedId: id } = (await res.json()) as { insertedId: string };
      expect(await stored(id)).toBe(70);
      expect((await put(id, { lowStockThreshold: 0 })).status).toBe(200);
      expect(await stored(id)).toBe(0);
      expect((await put(id, { lowStockThreshold: null })).status).toBe(200);
      expect(await stored(id)).toBeNull();
      const plain = (await (await post(body())).json()) as { insertedId: string };
      expect(await stored(plain.insertedId)).toBeNull();
    });

    it.each([
      [-1, "Low stock below cannot be negative"],
      [2.5, "Low stock below must be a whole number of pieces"],
      ["ten", "Low stock below must be a number of pieces"],
      [2_000_000_000, "Low stock below can be at most 1,00,00,00,000 Pis"],
    ])("refuses lowStockThreshold %s with 400: %s", async (value, said) => {
      const res = await post(body({ lowStockThreshold: value }));
      expect(res.status).toBe(400);
      expect(await messageOf(res)).toBe(said);
    });

    it("is set on Edit Product's form, and emptied back to twice the minimum order", async () => {
      const row = await makeProduct(t, { availability: 100, minimumQuantity: 20 });
      const fields = (lowStockThreshold: string) => ({
        name: row.name,
        price: "950",
        availability: "100",
        minimumQuantity: "20",
        maxPerOrder: "",
        lowStockThreshold,
        description: "Pares end grain.",
        details: "",
        image: "/images/products/marking-gauge.svg",
      });
      const path = `/dashboard/manageproduct/${row.id}`;
      expect(await readAnswer(await t.postForm(path, fields("120"), admin))).toMatchObject({ status: 200, done: true });
      expect(await stored(row.id)).toBe(120);
      const edit = await (await t.request(path, { headers: asCookie(admin) })).text();
      expect(edit).toMatch(/<input[^>]*name="lowStockThreshold"[^>]*value="120"/);
      expect(await readAnswer(await t.postForm(path, fields("-5"), admin))).toMatchObject({
        status: 400,
        formErrors: { lowStockThreshold: "Low stock below cannot be negative" },
      });
      expect(await readAnswer(await t.postForm(path, fields(""), admin))).toMatchObject({ status: 200, done: true });
      expect(await stored(row.id)).toBeNull();
    });
  });
});
