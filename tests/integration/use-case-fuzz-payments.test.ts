import fc from "fast-check";
import Stripe from "stripe";
import { describe } from "vitest";
import * as payments from "@server/payments/payments";
import { as } from "../support/contexts";
import { fuzzEachUseCase } from "../support/fuzz/fuzz-use-case";
import { hostileHeaderValue } from "../support/fuzz/hostile-values";
import { BILLING, DECLINES_RECORDED, GOOD_CARD } from "../support/fuzz/use-case-fixtures";
import { body, choice, form, formText, headers, id, jsonText, text } from "../support/fuzz/use-case-params";
import { orderRow } from "../support/orders";
import { STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, useStripeApp, useSslcommerzApp } from "../support/provider-apps";
import { useTestApp } from "../support/test-app";
import { useActors } from "../support/use-case-actors";
import { anIntentOf, anOrderOf, aPaymentNotYetSettledOf, type Scene } from "../support/use-case-scenes";

/**
 * Every use case that takes raw input, called directly (no door) by someone it lets through, with hostile raw
 * values in each parameter: it resolves, or rejects with an AppError of a 4xx kind (never a TypeError or a
 * database error), and a rejected call changes no row. The use cases that take only an actor (myProfile) or nothing
 * (popularProducts, featuredProducts, testimonials, listCategories) have no raw input to fuzz; the use-case matrix
 * calls the first kind. The lists take their query parameters raw, and are fuzzed with them. This file holds the payments': the gateway's use cases need a gateway, and the card provider's notification and the buyer's word about a payment are fuzzed again with Stripe, each block below an app of its own, with its provider's stand-in.
 */
describe("fuzzing every use case that takes raw input (payments): it resolves or refuses with a 4xx AppError, and a refusal changes no row", () => {
  const t = useTestApp();
  const actors = useActors(t);
  const anOrder = () => anOrderOf(t, actors.owner);

  // prettier-ignore
  fuzzEachUseCase(t, [
    { useCase: "payments.startCardPayment",        as: "owner",    scene: anOrder,  params: [body((s) => ({ orderId: s.orderId }))], call: (ctx, [raw]) => payments.startCardPayment(ctx, raw) },
    { useCase: "payments.recordCardPayment",       as: "owner",    scene: () => aPaymentNotYetSettledOf(t, actors.owner), params: [id((s) => s.orderId!), body((s) => ({ transactionId: s.intentId }))], call: (ctx, [orderId, raw]) => payments.recordCardPayment(ctx, orderId, raw) },
    { useCase: "payments.confirmTestCard",         as: "stranger", scene: () => anIntentOf(t, actors.owner), params: [body((s) => ({ clientSecret: s.clientSecret, card: GOOD_CARD, billingDetails: BILLING }))], call: (ctx, [raw]) => payments.confirmTestCard(ctx, raw), ignored: DECLINES_RECORDED },
    // The test processor hears of payments when its card is confirmed: a notification to it names none.
    { useCase: "payments.receiveCardNotification", as: "stranger",                  params: [text("test"), text("{}"), headers], call: (ctx, [provider, raw, sent]) => payments.receiveCardNotification(ctx, provider as string, raw as string, sent as Headers) },
  ], actors);
});

describe("fuzzing the gateway's use cases (SSLCommerz, through a stand-in): they resolve or refuse with a 4xx AppError, and a refusal changes no row", () => {
  const { t, gateway } = useSslcommerzApp();
  const actors = useActors(t);

  const anOrder = () => anOrderOf(t, actors.owner);
  /** An order paid at the gateway: the fields its IPN and the browser's return post carry. */
  const paidAtGateway = async () => {
    const { orderId } = await anOrder();
    const started = await payments.startGatewayPayment(as(t, actors.owner), { orderId });
    if (started.kind !== "redirect") throw new Error(`the gateway answered ${started.kind}`);
    return Object.fromEntries(gateway.approve(started.url.split("/").pop()!));
  };
  /** The usual order of things: the gateway's IPN has paid the order before the customer's browser comes back. */
  const paidAndNotified = async () => {
    const fields = await paidAtGateway();
    await payments.receiveGatewayNotification(as(t, null), new URLSearchParams(fields).toString(), new Headers());
    return fields;
  };

  // prettier-ignore
  fuzzEachUseCase(t, [
    { useCase: "payments.startGatewayPayment",        as: "owner",    scene: anOrder,         params: [body((s) => ({ orderId: s.orderId }))], call: (ctx, [raw]) => payments.startGatewayPayment(ctx, raw) },
    { useCase: "payments.receiveGatewayNotification", as: "stranger", scene: paidAtGateway,   params: [formText((s) => ({ val_id: s.val_id! })), headers], call: (ctx, [raw, sent]) => payments.receiveGatewayNotification(ctx, raw as string, sent as Headers) },
    { useCase: "payments.gatewayReturn",              as: "stranger", scene: paidAndNotified, params: [form((s) => ({ status: s.status!, val_id: s.val_id!, value_a: s.value_a! }))], call: (ctx, [fields]) => payments.gatewayReturn(ctx, fields as URLSearchParams) },
  ], actors);
});

describe("fuzzing the card provider's use cases with Stripe (through a stand-in): they resolve or refuse with a 4xx AppError, and a refusal changes no row", () => {
  const { t, stripeApi } = useStripeApp();
  const actors = useActors(t);
  const signer = new Stripe(STRIPE_SECRET_KEY);

  /** An order whose card payment Stripe took; the webhook or the buyer's word is how the store hears of it. */
  const aSucceededPayment = async () => {
    const { orderId } = await anOrderOf(t, actors.owner);
    const { payablePoisha } = await orderRow(t, orderId!);
    const intent = stripeApi.addIntent({
      amount: payablePoisha,
      currency: "bdt",
      status: "succeeded",
      metadata: { orderId: orderId! },
    });
    return { orderId: orderId!, intentId: intent.id };
  };
  const succeededEvent = (s: Scene) => ({
    id: `evt_${s.intentId}`,
    object: "event",
    type: "payment_intent.succeeded",
    data: { object: { ...stripeApi.intents.get(s.intentId!) } },
  });

  /** How a fuzzed webhook is signed: mostly right, so that hostile payloads get past the signature check. */
  const signature = choice(
    "signed",
    fc.oneof(fc.constantFrom("signed with another secret", "signed an hour ago", "unsigned"), hostileHeaderValue),
  );
  function signed(payload: string, how: unknown): Headers {
    const sign = (secret: string, timestamp?: number) =>
      new Headers({ "stripe-signature": signer.webhooks.generateTestHeaderString({ payload, secret, timestamp }) });
    if (how === "signed") return sign(STRIPE_WEBHOOK_SECRET);
    if (how === "signed with another secret") return sign("whsec_someone_else");
    if (how === "signed an hour ago") return sign(STRIPE_WEBHOOK_SECRET, Math.floor(Date.now() / 1000) - 3600);
    if (how === "unsigned") return new Headers();
    return new Headers({ "stripe-signature": String(how) });
  }

  // prettier-ignore
  fuzzEachUseCase(t, [
    { useCase: "payments.receiveCardNotification", as: "stranger", scene: aSucceededPayment, params: [text("stripe"), jsonText(succeededEvent), signature], call: (ctx, [provider, raw, how]) => payments.receiveCardNotification(ctx, provider as string, raw as string, signed(raw as string, how)) },
    { useCase: "payments.recordCardPayment",       as: "owner",    scene: aSucceededPayment, params: [id((s) => s.orderId!), body((s) => ({ transactionId: s.intentId }))], call: (ctx, [orderId, raw]) => payments.recordCardPayment(ctx, orderId, raw) },
  ], actors);
});
