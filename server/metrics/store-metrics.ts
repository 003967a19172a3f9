import { processWide } from "../process-wide";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";

/** What a database connection pool holds right now (PostgreSQL's; the embedded database has none). */
export interface PoolStats {
  size: number;
  inUse: number;
  waiting: number;
}

/**
 * The process's measurements, served at GET /metrics in Prometheus's text format. One set per process, as
 * Prometheus scrapes each copy of the store on its own and adds them up itself.
 */
function createStoreMetrics() {
  const registry = new Registry();
  // Memory, CPU, event-loop lag (nodejs_eventloop_lag_*), heap and handles, under their usual names.
  collectDefaultMetrics({ register: registry });
  let pool: () => PoolStats | null = () => null;
  let poolGauges = false;
  const poolGauge = (name: string, help: string, read: (stats: PoolStats) => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        const stats = pool();
        if (stats) this.set(read(stats));
      },
    });

  return {
    registry,
    /** Which pool the gauges read (the one the services opened); the embedded database has none to show. */
    watchPool(read: () => PoolStats | null) {
      pool = read;
      if (poolGauges || !read()) return;
      poolGauges = true;
      poolGauge("randa_db_pool_size", "PostgreSQL connections open in the pool.", (s) => s.size);
      poolGauge("randa_db_pool_in_use", "PostgreSQL connections running a query or a transaction.", (s) => s.inUse);
      poolGauge("randa_db_pool_waiting", "Queries waiting for a free PostgreSQL connection.", (s) => s.waiting);
    },
    httpDuration: new Histogram({
      name: "randa_http_request_duration_seconds",
      help: "Time to answer a request, by method, route pattern and status (499: the client left first).",
      labelNames: ["method", "route", "status"] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    orderEvents: new Counter({
      name: "randa_order_events_total",
      help: "Changes of orders, counted when committed: placed, paid, cod, cancelled, expired, shipped, delivered, refunded, …",
      labelNames: ["event"] as const,
      registers: [registry],
    }),
    payments: new Counter({
      name: "randa_payments_total",
      help: "Payments a provider vouched for or refused, by provider and outcome: paid, held, refund_due, repeated (told again), declined or failed (no money), cancelled, rejected (not a payment of this store).",
      labelNames: ["provider", "outcome"] as const,
      registers: [registry],
    }),
    mailSent: new Counter({
      name: "randa_mail_sent_total",
      help: "Order e-mails the outbox job tried to send, by outcome: sent, retry (a failure to try again), failed (given up).",
      labelNames: ["outcome"] as const,
      registers: [registry],
    }),
    smsSent: new Counter({
      name: "randa_sms_sent_total",
      help: "Text messages the SMS outbox job tried to send, by outcome: sent, retry (a failure to try again), failed (given up).",
      labelNames: ["outcome"] as const,
      registers: [registry],
    }),
    orderLines: new Counter({
      name: "randa_order_lines_total",
      help: "Lines of the orders placed, counted when committed, by the door they came through: checkout (the cart, or Buy It Now's one line) or order (the spec's one-line call).",
      labelNames: ["via"] as const,
      registers: [registry],
    }),
    cartChanges: new Counter({
      name: "randa_cart_changes_total",
      help: "Changes to carts: add, set (a line's quantity), remove, merge (a guest's cart joined an account's at sign-in).",
      labelNames: ["change"] as const,
      registers: [registry],
    }),
    stockOuts: new Counter({
      name: "randa_stock_outs_total",
      help: "Orders that left their product below its minimum order (the product shows Stock Out).",
      registers: [registry],
    }),
  };
}

export const storeMetrics = processWide("store-metrics", createStoreMetrics);
