import type Stripe from "stripe";
import { z } from "zod";
import { M } from "@shared/messages";
import { AppError, conflict, invalid, unavailable } from "../../errors";
import { loadOnce } from "../../load-once";
import type { CardPaymentProvider, ProviderPayment } from "./provider";
import { reportError } from "../../log/report-error";

export interface StripeSettings {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Where the Stripe API is; tests point it at a local stand-in. Default: Stripe's own. */
  apiUrl?: string;
}

const INTENT_ID = /^pi_[A-Za-z0-9_]+$/;

/** The fields of a PaymentIntent the store reads. */
const IntentFields = z.object({
  id: z.string().regex(INTENT_ID),
  amount: z.number(),
  currency: z.string(),
  status: z.string(),
  metadata: z.record(z.string(), z.string()).nullish(),
});

/** A signed event is Stripe's word, but its shape is still checked before anything is read from it. */
const SucceededEvent = z.object({ data: z.object({ object: IntentFields }) });

function apiLocation(apiUrl: string | undefined): Stripe.StripeConfig {
  if (!apiUrl) return {};
  const url = new URL(apiUrl);
  const protocol = url.protocol === "http:" ? "http" : "https";
  return { host: url.hostname, port: url.port || (protocol === "http" ? 80 : 443), protocol };
}

function stripePayment(intent: z.infer<typeof IntentFields>): ProviderPayment {
  return {
    provider: "stripe",
    reference: intent.id,
    orderId: intent.metadata?.orderId ?? null,
    amountPoisha: intent.amount,
    currency: intent.currency.toUpperCase(),
    status: intent.status === "succeeded" ? "succeeded" : intent.status === "canceled" ? "failed" : "pending",
  };
}

/** Stripe's answer, or null when it has no such object; its refusals become 400s, its silence a 502. */
async function asked<T>(sdk: typeof Stripe, call: () => Promise<T>): Promise<T | null> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof sdk.errors.StripeError && err.statusCode === 404) return null;
    if (err instanceof sdk.errors.StripeInvalidRequestError) {
      throw new AppError("invalid", M.payment.stripe_refused, { message: err.message });
    }
    reportError("Stripe did not answer", err);
    throw unavailable(M.payment.stripe_unreachable);
  }
}

/** Stripe PaymentIntents in BDT, confirmed in the browser by Stripe.js and settled by a signed webhook. */
export function createStripeProvider(settings: StripeSettings): CardPaymentProvider {
  // The SDK (some 4 MB of the server's heap and 20 MB of its memory) loads with the first call to Stripe, not in
  // every store that takes no cards through it.
  const connect = loadOnce(() =>
    import("stripe").then(({ default: sdk }) => ({
      sdk,
      stripe: new sdk(settings.secretKey, { maxNetworkRetries: 2, ...apiLocation(settings.apiUrl) }),
    })),
  );
  return {
    name: "stripe",
    browser: { provider: "stripe", publishableKey: settings.publishableKey },
    pageSources: {
      script: ["https://js.stripe.com"],
      frame: ["https://js.stripe.com", "https://hooks.stripe.com"],
      connect: ["https://api.stripe.com"],
    },

    async start(request) {
      const { sdk, stripe } = await connect();
      const intent = await asked(sdk, () =>
        stripe.paymentIntents.create(
          {
            amount: request.amountPoisha,
            currency: request.currency.toLowerCase(),
            allowed_payment_method_types: ["card"],
            metadata: { orderId: request.orderId },
            receipt_email: request.customer.email || undefined,
          },
          // One PaymentIntent per order: a reloaded payment page gets the same one back.
          { idempotencyKey: `randa-order-${request.orderId}` },
        ),
      );
      if (!intent?.client_secret) throw unavailable(M.payment.stripe_unreachable);
      return { kind: "card", reference: intent.id, clientSecret: intent.client_secret };
    },

    async retrieve(reference) {
      if (!INTENT_ID.test(reference)) return null;
      const { sdk, stripe } = await connect();
      const intent = await asked(sdk, () => stripe.paymentIntents.retrieve(reference));
      return intent ? stripePayment(intent) : null;
    },

    async refund(request) {
      const { sdk, stripe } = await connect();
      const refund = await asked(sdk, () =>
        stripe.refunds.create(
          { payment_intent: request.reference, amount: request.amountPoisha },
          { idempotencyKey: request.idempotencyKey },
        ),
      ).catch((err: unknown) => {
        // Stripe refused it (refunded already, say): the admin asked rightly; the refund was not made, as with the
        // other providers.
        if (err instanceof AppError && err.code === M.payment.stripe_refused) {
          reportError("Stripe refused the refund", err);
          throw conflict(M.refund.failed);
        }
        throw err;
      });
      if (!refund) throw invalid(M.payment.not_found);
      return { refundRef: refund.id };
    },

    async cancelAttempt(reference) {
      if (!INTENT_ID.test(reference)) return;
      const { sdk, stripe } = await connect();
      try {
        await stripe.paymentIntents.cancel(reference);
      } catch (err) {
        // Already succeeded or cancelled: nothing is open. A succeeded one is recorded when Stripe reports it.
        if (err instanceof sdk.errors.StripeInvalidRequestError) return;
        throw err;
      }
    },

    async readNotification(body, headers) {
      const { stripe } = await connect();
      let event: unknown;
      try {
        event = stripe.webhooks.constructEvent(body, headers.get("stripe-signature") ?? "", settings.webhookSecret);
      } catch {
        throw invalid(M.payment.bad_webhook_signature);
      }
      if ((event as { type?: unknown } | null)?.type !== "payment_intent.succeeded") return null;
      const succeeded = SucceededEvent.safeParse(event);
      if (!succeeded.success) throw invalid(M.payment.unreadable_event);
      return stripePayment(succeeded.data.data.object);
    },
  };
}
