// The calls the bench loads the store with, and how many requests each is measured over (after its warm-up).
import { randomUUID } from "node:crypto";
import { LOAD } from "./load.mjs";

export const CHECKOUT = "POST /api/checkout (3 lines)";

export const AMOUNTS = {
  "GET /api/product": 100_000,
  "GET /detail/{id}": 20_000,
  "POST /api/order": 5_000,
  [CHECKOUT]: 1_000,
};

/**
 * A checkout empties its buyer's cart, so its load is one filled cart per request: its warm-up is this many
 * checkouts (not LOAD.warmupSeconds), and each load signs up buyers for the warm-up, the count and one spare a
 * connection.
 */
export const CHECKOUT_WARMUP = 200;

/**
 * Buyers for one checkout load, its warm-up and count, and a spare for each connection after each (autocannon sets
 * up a connection's next request before it knows none is due).
 */
export const CHECKOUT_BUYERS = CHECKOUT_WARMUP + AMOUNTS[CHECKOUT] + 2 * LOAD.connections;

/** Where the checkouts deliver: Gazipur, the Dhaka suburbs' zone (its charge reckoned by weight). */
export const BENCH_DELIVERY = {
  name: "Karim Uddin",
  phone: "01712345678",
  division: "Dhaka",
  district: "Gazipur",
  address: "House 12, Road 3, Tongi",
};

/** Short names for `npm run bench:profile`. */
export const CALL_NAMES = { product: "GET /api/product", detail: "GET /detail/{id}", order: "POST /api/order" };

/**
 * Each call as `measure` takes it: a GET as a path; an order as autocannon's request list, each request from the
 * next of the signed-in buyers, with an idempotency key of its own, for one piece of the bench's product.
 */
export async function benchCalls(baseUrl, buyerTokens, benchProductId) {
  const products = await (await fetch(`${baseUrl}/api/product`)).json();
  const detailId = products.find((p) => p._id !== benchProductId)._id;
  let next = 0;
  const order = {
    method: "POST",
    path: "/api/order",
    setupRequest: (req) => ({
      ...req,
      headers: {
        "Content-Type": "application/json",
        Authorization: `Bearer ${buyerTokens[next++ % buyerTokens.length]}`,
        "Idempotency-Key": randomUUID(),
      },
      body: JSON.stringify({ productId: benchProductId, quantity: 1 }),
    }),
  };
  return {
    detailPath: `/detail/${detailId}`,
    calls: {
      "GET /api/product": { path: "/api/product" },
      "GET /detail/{id}": { path: `/detail/${detailId}` },
      "POST /api/order": { requests: [order] },
    },
  };
}

/**
 * The 3-line checkout as `measure` takes it: autocannon's request list, each request from the next buyer of
 * `buyerTokens` (each with a filled cart of its own, used once), with an idempotency key of its own, delivering to
 * BENCH_DELIVERY and paid later (the order waits unpaid, as a card or SSLCommerz order does).
 */
export function checkoutCall(buyerTokens) {
  let next = 0;
  return {
    requests: [
      {
        method: "POST",
        path: "/api/checkout",
        setupRequest: (req) => ({
          ...req,
          headers: {
            "Content-Type": "application/json",
            Authorization: `Bearer ${buyerTokens[next++ % buyerTokens.length]}`,
            "Idempotency-Key": randomUUID(),
          },
          body: JSON.stringify({ delivery: BENCH_DELIVERY }),
        }),
      },
    ],
  };
}
