import { Hono, type Context } from "hono";
import type { Services } from "../services";
import * as orders from "../use-cases/orders";
import { recordCardPayment } from "../use-cases/payments";
import { actorOf } from "./actor";
import { depsOf } from "./deps";
import { refundOrder } from "../use-cases/refunds";
import { jsonBody, optionalJsonBody } from "./body";
import { orderJson } from "./serialize";

export function orderRoutes(services: Services) {
  const actor = (c: Context) => actorOf(services.auth, c);
  const id = (c: Context) => c.req.param("id");
  const withHistories = async (list: orders.Order[]) => {
    const histories = await orders.historiesOf(services, list);
    return list.map((o) => orderJson(o, histories.get(o.id)));
  };
  return new Hono()
    .post("/", async (c) => {
      const key = c.req.header("idempotency-key");
      const placed = await orders.placeOrder(depsOf(services, c), await actor(c), await jsonBody(c), key);
      if (placed.replayed) c.header("Idempotent-Replayed", "true");
      return c.json({ insertedId: placed.order.id });
    })
    .get("/", async (c) => {
      const all = (await orders.listAllOrders(services, await actor(c))).map((o) => o.order);
      return c.json(await withHistories(all));
    })
    .get("/:email", async (c) =>
      c.json(await withHistories(await orders.ordersOf(services, await actor(c), c.req.param("email")))),
    )
    .get("/:email/:orderId", async (c) => {
      const order = await orders.orderOf(services, await actor(c), c.req.param("email"), c.req.param("orderId"));
      return c.json((await withHistories([order]))[0]);
    })
    .patch("/:id", async (c) => {
      const paid = await recordCardPayment(services, await actor(c), id(c), await jsonBody(c));
      return c.json({ modifiedCount: paid.settled ? 1 : 0, paid: true, transactionId: paid.transactionId });
    })
    .post("/:id/refund", async (c) => {
      await refundOrder(services, await actor(c), id(c));
      return c.json({ modifiedCount: 1, refund: "refunded" as const });
    })
    .put("/:id/delivery", async (c) => {
      await orders.setDelivery(services, await actor(c), id(c), await jsonBody(c));
      return c.json({ modifiedCount: 1 });
    })
    .post("/:id/cash-on-delivery", async (c) => {
      await orders.chooseCashOnDelivery(services, await actor(c), id(c));
      return c.json({ modifiedCount: 1, status: "cod" as const });
    })
    .post("/:id/collect", async (c) => {
      const collected = await orders.collectCash(services, await actor(c), id(c));
      return c.json({ modifiedCount: 1, transactionId: collected.transactionId });
    })
    .post("/:id/accept-payment", async (c) => {
      const accepted = await orders.acceptPayment(services, await actor(c), id(c));
      return c.json({ modifiedCount: 1, transactionId: accepted.transactionId });
    })
    .put("/:id/status", async (c) => {
      await orders.advance(services, await actor(c), id(c), await jsonBody(c));
      return c.json({ modifiedCount: 1 });
    })
    .delete("/:id", async (c) => {
      await orders.cancelOrder(services, await actor(c), id(c), await optionalJsonBody(c));
      return c.json({ deletedCount: 1 });
    });
}
