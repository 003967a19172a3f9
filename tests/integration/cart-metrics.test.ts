import { describe, expect, it } from "vitest";
import { asBearer, jsonInit, signUp } from "../support/accounts";
import { makeProduct, TEST_DELIVERY } from "../support/orders";
import { parsePrometheusText, valueOf, type Sample } from "../support/prometheus-text";
import { useTestApp } from "../support/test-app";

describe("GET /metrics: carts and the lines of orders", () => {
  const t = useTestApp();

  async function scrape(): Promise<Sample[]> {
    return parsePrometheusText(await (await t.request("/metrics")).text());
  }
  const lines = (s: Sample[], via: string) => valueOf(s, "randa_order_lines_total", { via });
  const changes = (s: Sample[], change: string) => valueOf(s, "randa_cart_changes_total", { change });

  it("counts cart changes by kind, and the lines of placed orders by the door they came through", async () => {
    const buyer = await signUp(t);
    const [a, b, c] = await Promise.all([makeProduct(t), makeProduct(t), makeProduct(t)]);
    const before = await scrape();
    const call = (method: string, path: string, body?: unknown) =>
      t.request(path, jsonInit(method, body ?? {}, asBearer(buyer)));
    for (const p of [a, b, c])
      expect((await call("POST", "/api/cart/items", { productId: p.id, quantity: 20 })).status).toBe(200);
    const cart = (await (await t.request("/api/cart", { headers: asBearer(buyer) })).json()) as {
      items: { id: string }[];
    };
    expect((await call("PATCH", `/api/cart/items/${cart.items[0]!.id}`, { quantity: 40 })).status).toBe(200);
    expect((await call("DELETE", `/api/cart/items/${cart.items[2]!.id}`)).status).toBe(200);
    expect((await call("POST", "/api/checkout", { delivery: TEST_DELIVERY })).status).toBe(200);
    expect((await call("POST", "/api/order", { productId: c.id, quantity: 20 })).status).toBe(200);
    // A refused checkout (the cart is empty now) counts no line.
    expect((await call("POST", "/api/checkout", { delivery: TEST_DELIVERY })).status).toBe(409);
    const after = await scrape();
    expect(changes(after, "add") - changes(before, "add")).toBe(3);
    expect(changes(after, "set") - changes(before, "set")).toBe(1);
    expect(changes(after, "remove") - changes(before, "remove")).toBe(1);
    expect(lines(after, "checkout") - lines(before, "checkout")).toBe(2);
    expect(lines(after, "order") - lines(before, "order")).toBe(1);
  });
});
