import { Hono, type Context } from "hono";
import { paramsOf } from "@shared/list-page";
import { BUYER_ORDER_LIST_PARAMS, ORDER_LIST_PARAMS } from "@shared/list-choices";
import type { Services } from "../services";
import * as orders from "./orders";
import { recordCardPayment } from "../payments";
import { actorOf } from "../context/session-of";
import { depsOf } from "../context/deps-of";
import { refundOrder } from "../payments";
import { jsonBody, optionalJsonBody } from "../http/json-body";
import { linkHeader, linkTo, setPageHeaders } from "../http/list-headers";
import { orderJson } from "../openapi/serialize";

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
      const params = paramsOf(new URL(c.req.url).searchParams, ORDER_LIST_PARAMS);
      const page = await orders.listAllOrders(services, await actor(c), params);
      c.header("X-Total-Count", String(page.total));
      // Cursor links: the next page starts after this one's last order, whatever arrives meanwhile.
      const to = (cursor: string | undefined) =>
        cursor === undefined ? undefined : linkTo(c, { cursor, page: undefined, limit: String(page.limit) });
      const link = linkHeader({ next: to(page.next), prev: to(page.prev) });
      if (link) c.header("Link", link);
      return c.json(await withHistories(page.items.map((o) => o.order)));
    })
    .get("/:email", async (c) => {
      const params = paramsOf(new URL(c.req.url).searchParams, BUYER_ORDER_LIST_PARAMS);
      const page = await orders.ordersOf(services, await actor(c), c.req.param("email"), params);
      setPageHeaders(c, page);
      return c.json(await withHistories(page.items));
    })
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
    .post("/:id/confirm", async (c) => {
      await orders.confirmOrder(services, await actor(c), id(c));
      return c.json({ modifiedCount: 1 });
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
