import fc from "fast-check";
import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { casesOf, fuzzEach, sendCase, useFuzzAccounts, type FuzzedCall } from "../support/fuzz/fuzz-call";
import { hostileHeaderValue } from "../support/fuzz/hostile-values";
import { validCase } from "../support/fuzz/request-cases";
import { FUZZ_RUNS, FUZZ_TIMEOUT, fuzz, successes } from "../support/fuzz/run-fuzz";
import { orderFor, orderRow } from "../support/orders";
import { STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, useStripeApp } from "../support/provider-apps";

/** How a fuzzed webhook is signed: mostly right, so that hostile payloads get past the signature check. */
type Signature = "signed" | "signed with another secret" | "signed an hour ago" | "unsigned" | { forged: string };
const signatures: fc.Arbitrary<Signature> = fc.oneof(
  { weight: 6, arbitrary: fc.constant("signed" as const) },
  { weight: 3, arbitrary: fc.constantFrom("signed with another secret", "signed an hour ago", "unsigned") },
  { weight: 1, arbitrary: hostileHeaderValue.map((forged) => ({ forged })) },
);

describe("fuzzing Stripe's webhook and PATCH /api/order/{id} with Stripe (through a stand-in)", () => {
  const { t, stripeApi } = useStripeApp();
  const accounts = useFuzzAccounts(t);
  const signer = new Stripe(STRIPE_SECRET_KEY);

  /** An order whose card payment Stripe took; the webhook or PATCH is how the store hears of it. */
  const aSucceededPayment = async () => {
    const orderId = await orderFor(t, accounts.owner);
    const { payablePoisha } = await orderRow(t, orderId);
    const intent = stripeApi.addIntent({
      amount: payablePoisha,
      currency: "bdt",
      status: "succeeded",
      metadata: { orderId },
    });
    return { orderId, intentId: intent.id };
  };

  // prettier-ignore
  fuzzEach(t, [
    { call: "PATCH /api/order/{id}", as: "owner", scene: aSucceededPayment, id: (s) => s.orderId!, body: (s) => ({ transactionId: s.intentId }) },
  ], accounts);

  const webhook: FuzzedCall = {
    call: "POST /api/payments/stripe/webhook",
    as: "anonymous",
    scene: aSucceededPayment,
    body: (s) => ({
      id: `evt_${s.intentId}`,
      object: "event",
      type: "payment_intent.succeeded",
      data: { object: { ...stripeApi.intents.get(s.intentId!) } },
    }),
  };

  function signatureHeader(
    signature: Signature,
    body: string | Uint8Array<ArrayBuffer> | undefined,
  ): Record<string, string> {
    const payload = typeof body === "string" ? body : Buffer.from(body ?? "").toString();
    const sign = (secret: string, timestamp?: number) =>
      signer.webhooks.generateTestHeaderString({ payload, secret, timestamp });
    if (signature === "unsigned") return {};
    if (typeof signature === "object") return { "Stripe-Signature": signature.forged };
    if (signature === "signed with another secret") return { "Stripe-Signature": sign("whsec_someone_else") };
    if (signature === "signed an hour ago") {
      return { "Stripe-Signature": sign(STRIPE_WEBHOOK_SECRET, Math.floor(Date.now() / 1000) - 3600) };
    }
    return { "Stripe-Signature": sign(STRIPE_WEBHOOK_SECRET) };
  }

  it(`${webhook.call}, signed and forged: ${FUZZ_RUNS} hostile requests`, { timeout: FUZZ_TIMEOUT }, async () => {
    const statuses = await fuzz({
      t,
      scene: webhook.scene,
      cases: fc.record({ request: await casesOf(webhook), signature: signatures }),
      valid: { request: validCase(true, "json"), signature: "signed" },
      send: (s, c) => sendCase(t, webhook, accounts, s, c.request, (body) => signatureHeader(c.signature, body)),
    });
    expect(successes(statuses), JSON.stringify(statuses)).toBeGreaterThan(0);
  });
});
