import { Hono } from "hono";
import type { Services } from "../services";
import * as payments from "./payments";
import { actorOf } from "../context/session-of";
import { jsonBody } from "../http/json-body";

/** POST /api/create-payment-intent (spec §7): the order's owner starts paying; the amount is the order's. */
export function paymentIntentRoutes(services: Services) {
  return new Hono().post("/", async (c) => {
    const started = await payments.startCardPayment(services, await actorOf(services.auth, c), await jsonBody(c));
    return started.kind === "card" ? c.json({ clientSecret: started.clientSecret }) : c.json({ url: started.url });
  });
}

/** The providers' own endpoints: the test processor's confirm call and the notifications providers send. */
export function providerRoutes(services: Services) {
  return (
    new Hono()
      .post("/sslcommerz/session", async (c) => {
        const actor = await actorOf(services.auth, c);
        const started = await payments.startGatewayPayment(services, actor, await jsonBody(c));
        return c.json({ url: started.kind === "redirect" ? started.url : null });
      })
      .post("/sslcommerz/ipn", async (c) => {
        await payments.receiveGatewayNotification(services, await c.req.text(), c.req.raw.headers);
        return c.json({ received: true });
      })
      // The customer's browser comes back from the gateway with a form post; it goes the IPN's way, then home.
      .post("/sslcommerz/return", async (c) => {
        const form = new URLSearchParams(await c.req.text());
        const { orderId, outcome } = await payments.gatewayReturn(services, form);
        const page = orderId ? `/dashboard/payment/${orderId}?gateway=${outcome}` : "/dashboard/orders";
        return c.redirect(page, 303);
      })
      .post("/test/confirm", async (c) => c.json(await payments.confirmTestCard(services, await jsonBody(c))))
      .post("/:provider/webhook", async (c) => {
        const body = await c.req.text();
        await payments.receiveCardNotification(services, c.req.param("provider"), body, c.req.raw.headers);
        return c.json({ received: true });
      })
  );
}
