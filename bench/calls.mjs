// The calls the bench loads the store with, and how many requests each is measured over (after its warm-up).
import { randomUUID } from "node:crypto";

export const AMOUNTS = { "GET /api/product": 100_000, "GET /detail/{id}": 20_000, "POST /api/order": 5_000 };

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
