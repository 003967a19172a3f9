import { z } from "zod";
import { PaymentIntentSchema, TestCardConfirmSchema } from "@shared/schemas/payment";
import { jsonBody } from "../http/json-body";
import { Received } from "../openapi/common-answers";
import { BAD_INPUT } from "../openapi/common-params";
import { apiCall, formBody, json, jsonBody as jsonInput, redirect, refused } from "../openapi/route-types";
import { named } from "../openapi/schema-names";
import * as payments from "./payments";
import { GatewaySession, PaymentStarted, TestCardPaid } from "./wire";

const NO_ORDER = "No such order (unknown, malformed or cancelled).";

const PaymentIntentInput = named("PaymentIntentInput", PaymentIntentSchema);

/** The bodies the providers send, read as they come: the store checks them with the provider, not by their shape. */
const StripeEvent = named(
  "StripeEvent",
  z
    .looseObject({ id: z.string(), type: z.string(), data: z.looseObject({ object: z.looseObject({}) }) })
    .meta({ description: "A Stripe event, read exactly as sent (the signature covers the raw body)." }),
);
const SslcommerzNotification = named(
  "SslcommerzNotification",
  z
    .looseObject({
      val_id: z.string().optional().meta({ description: "The only field read: validated with SSLCommerz." }),
    })
    .meta({ description: "SSLCommerz's IPN form; every other field is ignored." }),
);
const SslcommerzReturn = named(
  "SslcommerzReturn",
  z.looseObject({
    val_id: z.string().optional(),
    value_a: z.string().optional().meta({ description: "The order's id, as the store gave it to the gateway." }),
    status: z
      .string()
      .optional()
      .meta({ examples: ["VALID", "FAILED", "CANCELLED"] }),
  }),
);

/** Starting a payment (spec §7 POST /api/create-payment-intent), and the providers' own endpoints under /api/payments. */
export const paymentCalls = [
  apiCall({
    method: "post",
    path: "/api/create-payment-intent",
    operationId: "startPayment",
    tag: "payments",
    summary: "Start paying for an order",
    description:
      "The amount is the order's, in BDT; nothing the client sends about money is read. A card provider answers a " +
      "client secret for its card form, a hosted gateway a page to send the customer to.",
    who: "the buyer (unpaid orders)",
    session: "required",
    body: jsonInput(PaymentIntentInput),
    answers: {
      200: json(PaymentStarted, "Started."),
      400: refused(BAD_INPUT),
      403: refused("Not your order; or a cookie-carried write from another site."),
      404: refused(NO_ORDER),
      409: refused(
        "Already paid, to be paid in cash, or no delivery details yet; or the store takes no card payments.",
      ),
      502: refused("The payment provider did not answer."),
    },
    handler: async (c) => {
      const started = await payments.startCardPayment(c.get("ctx"), await jsonBody(c));
      return started.kind === "card" ? c.json({ clientSecret: started.clientSecret }) : c.json({ url: started.url });
    },
  }),
  apiCall({
    method: "post",
    path: "/api/payments/sslcommerz/session",
    operationId: "startSslcommerzPayment",
    tag: "payments",
    summary: "Start paying for an order on SSLCommerz's page",
    description: "Only when the store is configured for SSLCommerz (bKash, Nagad, cards and banks in Bangladesh).",
    who: "the buyer (unpaid orders)",
    session: "required",
    body: jsonInput(PaymentIntentInput),
    answers: {
      200: json(GatewaySession, "The gateway's page to send the customer to."),
      400: refused(BAD_INPUT),
      403: refused("Not your order; or a cookie-carried write from another site."),
      404: refused("No such order, or the store does not take SSLCommerz payments."),
      409: refused("Already paid, to be paid in cash, or no delivery details yet."),
      502: refused("SSLCommerz did not answer."),
    },
    handler: async (c) => {
      const started = await payments.startGatewayPayment(c.get("ctx"), await jsonBody(c));
      return c.json({ url: started.kind === "redirect" ? started.url : null });
    },
  }),
  apiCall({
    method: "post",
    path: "/api/payments/sslcommerz/ipn",
    operationId: "sslcommerzIpn",
    tag: "payments",
    summary: "SSLCommerz's payment notification (IPN)",
    description: "The validation id is checked with SSLCommerz's validation API; only its answer counts.",
    who: "SSLCommerz",
    session: "none",
    body: formBody(SslcommerzNotification),
    answers: {
      200: json(Received, "Read; a validated payment marks its order paid."),
      400: refused("The payment was for another order, amount or currency."),
      402: refused("The payment has not succeeded."),
      404: refused("The store does not take SSLCommerz payments."),
      409: refused("The order was cancelled or is paid with another transaction."),
      502: refused("SSLCommerz's validation API did not answer."),
    },
    handler: async (c) => {
      await payments.receiveGatewayNotification(c.get("ctx"), await c.req.text(), c.req.raw.headers);
      return c.json({ received: true });
    },
  }),
  apiCall({
    method: "post",
    path: "/api/payments/sslcommerz/return",
    operationId: "sslcommerzReturn",
    tag: "payments",
    summary: "The customer's browser coming back from SSLCommerz",
    description: "Settles the payment the way the IPN does, then sends the browser to the order's Pay Order page.",
    who: "the customer's browser, posted by SSLCommerz's page",
    session: "none",
    body: formBody(SslcommerzReturn),
    answers: {
      303: redirect(
        "To `/dashboard/payment/{orderId}?gateway=paid|held|refund_due|failed|cancelled`, or to My Orders.",
      ),
      404: refused("The store does not take SSLCommerz payments."),
    },
    // The customer's browser comes back from the gateway with a form post; it goes the IPN's way, then home.
    handler: async (c) => {
      const form = new URLSearchParams(await c.req.text());
      const { orderId, outcome } = await payments.gatewayReturn(c.get("ctx"), form);
      const page = orderId ? `/dashboard/payment/${orderId}?gateway=${outcome}` : "/dashboard/orders";
      return c.redirect(page, 303);
    },
  }),
  apiCall({
    method: "post",
    path: "/api/payments/test/confirm",
    operationId: "confirmTestCard",
    tag: "payments",
    summary: "Pay with a test card (built-in test processor only)",
    description:
      "Shaped like Stripe's confirm call, and honours Stripe's published test card numbers. Only in a store that " +
      "runs the test processor (the demo, or PAYMENT_PROVIDER=test); elsewhere 404. No money moves.",
    who: "holder of the client secret",
    session: "none",
    body: jsonInput(named("TestCardConfirmInput", TestCardConfirmSchema)),
    answers: {
      200: json(TestCardPaid, "Paid; the order is paid too."),
      400: refused(BAD_INPUT),
      402: refused("The card was declined, or its details are wrong."),
      404: refused("No such payment intent, or the store does not use the test processor."),
      409: refused("Already paid, or the order cannot be paid."),
    },
    handler: async (c) => c.json(await payments.confirmTestCard(c.get("ctx"), await jsonBody(c))),
  }),
  apiCall({
    method: "post",
    path: "/api/payments/{provider}/webhook",
    operationId: "providerWebhook",
    tag: "payments",
    summary: "A card provider's webhook (Stripe)",
    description: "`payment_intent.succeeded` marks the order paid; other events are acknowledged and ignored.",
    who: "the payment provider (signed)",
    session: "none",
    params: { provider: { description: "The store's card provider: `stripe` (or `test`).", example: "stripe" } },
    headers: {
      "Stripe-Signature": { description: "Checked against STRIPE_WEBHOOK_SECRET.", example: "t=1700000000,v1=…" },
    },
    body: jsonInput(StripeEvent),
    answers: {
      200: json(Received, "Read."),
      400: refused("A bad signature, or an event that cannot be read."),
      402: refused("The payment has not succeeded."),
      404: refused("Not the store's card provider."),
      409: refused("The order was cancelled or is paid with another transaction."),
    },
    // The signature covers the raw body: it is read as text, exactly as sent, with the request's headers.
    handler: async (c) => {
      const body = await c.req.text();
      const provider = c.req.param("provider") ?? "";
      await payments.receiveCardNotification(c.get("ctx"), provider, body, c.req.raw.headers);
      return c.json({ received: true });
    },
  }),
];
