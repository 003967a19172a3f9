import { beforeAll, describe, expect, it } from "vitest";
import { createApp } from "@server/app";
import { afterCommit } from "@server/db/after-commit";
import { recordEvent } from "@server/orders/sql/order-history";
import { expireOrders } from "@server/orders/expire-orders";
import { asBearer, jsonInit, signUp, type TestAccount } from "../support/accounts";
import { expiryJob } from "../support/contexts";
import { makeProduct, orderFor, TEST_DELIVERY } from "../support/orders";
import { parsePrometheusText, valueOf, type Sample } from "../support/prometheus-text";
import { TEST_ORIGIN, useTestApp } from "../support/test-app";

const TOKEN = "metrics-token-0123456789abcdef";
const PAYS = "4242424242424242";
const DECLINED = "4000000000000002";

describe("GET /metrics", () => {
  const t = useTestApp();
  let buyer: TestAccount;

  beforeAll(async () => {
    buyer = await signUp(t);
  });

  async function scrape(): Promise<Sample[]> {
    const res = await t.request("/metrics");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    return parsePrometheusText(await res.text());
  }
  const events = (samples: Sample[], event: string) => valueOf(samples, "randa_order_events_total", { event });
  const payments = (samples: Sample[], outcome: string) =>
    valueOf(samples, "randa_payments_total", { provider: "test", outcome });

  async function payByCard(orderId: string, number: string) {
    const intent = await t.request("/api/create-payment-intent", jsonInit("POST", { orderId }, asBearer(buyer)));
    const { clientSecret } = (await intent.json()) as { clientSecret: string };
    return t.request(
      "/api/payments/test/confirm",
      jsonInit("POST", {
        clientSecret,
        card: { number, expMonth: 12, expYear: 2034, cvc: "123" },
        billingDetails: { name: "Karim", email: buyer.email },
      }),
    );
  }

  it("answers in Prometheus's text format, with the process's memory, event-loop lag and the requests' durations", async () => {
    await t.request("/api/product/not-a-product");
    const samples = await scrape();
    expect(valueOf(samples, "process_resident_memory_bytes")).toBeGreaterThan(10_000_000);
    expect(samples.some((s) => s.name === "nodejs_eventloop_lag_seconds")).toBe(true);
    expect(
      valueOf(samples, "randa_http_request_duration_seconds_count", {
        method: "GET",
        route: "/api/product/:id",
        status: "404",
      }),
    ).toBeGreaterThanOrEqual(1);
    const buckets = samples.filter(
      (s) => s.name === "randa_http_request_duration_seconds_bucket" && s.labels.route === "/api/product/:id",
    );
    expect(buckets.map((s) => s.labels.le)).toContain("+Inf");
  });

  it("counts orders placed, paid, cancelled and expired, payments by outcome, and stock-outs, as they happen", async () => {
    const before = await scrape();
    const paidOrder = await orderFor(t, buyer);
    expect((await payByCard(paidOrder, PAYS)).status).toBe(200);
    const declinedOrder = await orderFor(t, buyer);
    expect((await payByCard(declinedOrder, DECLINED)).status).toBe(402);
    const cancelled = await orderFor(t, buyer);
    expect((await t.request(`/api/order/${cancelled}`, { method: "DELETE", headers: asBearer(buyer) })).status).toBe(
      200,
    );
    // The last pieces above the minimum: the product goes to Stock Out.
    const scarce = await makeProduct(t, { availability: 30, minimumQuantity: 20, maxPerOrder: 30 });
    const last = await t.request(
      "/api/order",
      jsonInit("POST", { productId: scarce.id, quantity: 20, delivery: TEST_DELIVERY }, asBearer(buyer)),
    );
    expect(last.status).toBe(200);
    // An order refused for want of stock is no order and no stock-out.
    const refused = await t.request(
      "/api/order",
      jsonInit("POST", { productId: scarce.id, quantity: 20, delivery: TEST_DELIVERY }, asBearer(buyer)),
    );
    expect(refused.status).toBe(409);
    const later = new Date(Date.now() + 24 * 60 * 60 * 1000);
    const expired = await expireOrders(expiryJob({ ...t.services, now: () => later }));

    const after = await scrape();
    expect(events(after, "placed") - events(before, "placed")).toBe(4);
    expect(events(after, "paid") - events(before, "paid")).toBe(1);
    expect(events(after, "cancelled") - events(before, "cancelled")).toBe(1);
    expect(expired).toBeGreaterThanOrEqual(2);
    expect(events(after, "expired") - events(before, "expired")).toBe(expired);
    expect(payments(after, "paid") - payments(before, "paid")).toBe(1);
    expect(payments(after, "declined") - payments(before, "declined")).toBe(1);
    expect(valueOf(after, "randa_stock_outs_total") - valueOf(before, "randa_stock_outs_total")).toBe(1);
  });

  it("counts a change only when its transaction commits", async () => {
    const orderId = await orderFor(t, buyer);
    const before = events(await scrape(), "shipped");
    await t.database.db
      .transaction(async (tx) => {
        await recordEvent(tx, orderId, "shipped", { by: "store" });
        throw new Error("rolled back");
      })
      .catch(() => {});
    expect(events(await scrape(), "shipped")).toBe(before);
    await t.database.db.transaction(async (tx) => {
      // a savepoint that rolls back takes its effects with it; the one released keeps them for the commit
      await tx.transaction(async (inner) => recordEvent(inner, orderId, "shipped", { by: "store" }));
      await tx
        .transaction(async (inner) => {
          await recordEvent(inner, orderId, "shipped", { by: "store" });
          throw new Error("savepoint rolled back");
        })
        .catch(() => {});
      expect(events(await scrape(), "shipped")).toBe(before);
    });
    expect(events(await scrape(), "shipped")).toBe(before + 1);
    let ran = false;
    afterCommit(t.database.db, () => (ran = true));
    expect(ran).toBe(true);
  });

  it("reports the PostgreSQL pool's connections in use and waiting", async () => {
    const samples = await scrape();
    if (t.database.kind === "postgres") {
      expect(valueOf(samples, "randa_db_pool_size")).toBeGreaterThanOrEqual(1);
      expect(samples.some((s) => s.name === "randa_db_pool_in_use")).toBe(true);
      expect(samples.some((s) => s.name === "randa_db_pool_waiting")).toBe(true);
    } else {
      // the embedded database is one connection inside the process: no pool to report
      expect(samples.some((s) => s.name === "randa_db_pool_size")).toBe(false);
    }
  });

  describe("who may read it", () => {
    it("without METRICS_TOKEN: this machine, but not a request a proxy passed on", async () => {
      expect((await t.request("/metrics")).status).toBe(200);
      for (const header of ["X-Forwarded-For", "Forwarded", "X-Real-IP"]) {
        const res = await t.request("/metrics", { headers: { [header]: "203.0.113.9" } });
        expect(res.status).toBe(403);
        expect(await res.text()).toMatch(/METRICS_TOKEN/);
      }
    });

    it("with METRICS_TOKEN: its bearer only, from anywhere", async () => {
      const app = createApp({ services: { ...t.services, metricsToken: TOKEN } });
      const get = (headers: Record<string, string>) => app.request(`${TEST_ORIGIN}/metrics`, { headers });
      const none = await get({});
      expect(none.status).toBe(401);
      expect(none.headers.get("www-authenticate")).toBe('Bearer realm="metrics"');
      expect((await get({ Authorization: "Bearer not-the-token-at-all" })).status).toBe(401);
      expect((await get({ Authorization: `Basic ${TOKEN}` })).status).toBe(401);
      const ok = await get({ Authorization: `Bearer ${TOKEN}`, "X-Forwarded-For": "203.0.113.9" });
      expect(ok.status).toBe(200);
      expect(parsePrometheusText(await ok.text()).length).toBeGreaterThan(10);
    });
  });
});
