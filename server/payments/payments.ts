import { M } from "@shared/messages";
import { PaymentIntentSchema, PaymentProofSchema, TestCardConfirmSchema } from "@shared/schemas/payment";
import { confirmOrderPayment, settlePayment, startOrderPayment, type Settlement } from "./sql/payment-rows";
import { isId, orderFacts } from "../orders";
import { refundNote } from "@shared/order-flow";
import { AppError, conflict, notFound } from "../errors";
import type { CardPaymentProvider, PaymentProvider } from "./providers/provider";
import { confirmTestCardPayment } from "./providers/test-card-confirm";
import { signedIn } from "../context/actor";
import { storeMetrics } from "../metrics/store-metrics";
import { key, parseInput } from "../context/parse";
import type { RequestContext } from "../context/request-context";

export type { Settlement };

function gatewayOf(ctx: RequestContext): PaymentProvider {
  if (!ctx.gateway) throw notFound(M.payment.no_such_provider);
  return ctx.gateway;
}

/** The store's card provider; a store that takes no cards says so (409), whatever else it offers. */
function cardProviderOf(ctx: RequestContext): CardPaymentProvider {
  if (!ctx.payments) throw conflict(M.payment.cards_not_set_up);
  return ctx.payments;
}

/** The buyer starts paying by card: the provider's client secret for the order's amount. */
export async function startCardPayment(ctx: RequestContext, raw: unknown) {
  const actor = await ctx.actor();
  const buyer = signedIn(actor);
  const cards = cardProviderOf(ctx);
  const { orderId } = parseInput(PaymentIntentSchema, raw);
  return startOrderPayment(ctx.db, cards, buyer, orderId);
}

/** The buyer starts paying at the hosted gateway (SSLCommerz): the page to send them to. */
export async function startGatewayPayment(ctx: RequestContext, raw: unknown) {
  const actor = await ctx.actor();
  const buyer = signedIn(actor);
  const gateway = gatewayOf(ctx);
  const { orderId } = parseInput(PaymentIntentSchema, raw);
  return startOrderPayment(ctx.db, gateway, buyer, orderId);
}

/** The buyer names the card payment that paid their order; the provider is asked, and only its word counts. */
export async function recordCardPayment(ctx: RequestContext, orderId: unknown, raw: unknown): Promise<Settlement> {
  const actor = await ctx.actor();
  const buyer = signedIn(actor);
  const cards = cardProviderOf(ctx);
  const { transactionId } = parseInput(PaymentProofSchema, raw);
  const paid = await confirmOrderPayment(ctx.db, cards, buyer, key(orderId), transactionId, ctx.mushakRate);
  // The money was taken and is recorded, but this order cannot keep it: the buyer is told it will come back.
  if (paid.refundDue) throw conflict(refundNote(orderFacts(paid.order, false)) ?? M.order.already_paid);
  return paid;
}

/**
 * The test processor's confirm call; the client secret is the caller's credential, as at Stripe. A store that
 * does not run the test processor has no such call (404).
 */
export async function confirmTestCard(ctx: RequestContext, raw: unknown) {
  if (ctx.payments?.name !== "test") throw notFound(M.payment.no_such_provider);
  return confirmTestCardPayment(ctx.db, parseInput(TestCardConfirmSchema, raw), ctx.mushakRate, ctx.now?.());
}

async function settleNotified(ctx: RequestContext, provider: PaymentProvider, body: string, headers: Headers) {
  const proof = await provider.readNotification(body, headers);
  return proof ? settlePayment(ctx.db, proof, ctx.mushakRate) : null;
}

/** The card provider's webhook (Stripe's), authenticated by its signature; another provider's name is not ours. */
export async function receiveCardNotification(
  ctx: RequestContext,
  providerName: string,
  body: string,
  headers: Headers,
) {
  if (!ctx.payments || providerName !== ctx.payments.name) throw notFound(M.payment.no_such_provider);
  return settleNotified(ctx, ctx.payments, body, headers);
}

/** The gateway's IPN: it names a validation id, and only the gateway's answer about it counts. */
export async function receiveGatewayNotification(ctx: RequestContext, body: string, headers: Headers) {
  return settleNotified(ctx, gatewayOf(ctx), body, headers);
}

export type GatewayOutcome = "paid" | "held" | "refund_due" | "failed" | "cancelled";

/**
 * The customer's browser back from the gateway: its word is only a validation id, which the gateway itself is
 * asked about, exactly as for the IPN. Never refuses: the outcome says what the customer is shown.
 */
export async function gatewayReturn(
  ctx: RequestContext,
  form: URLSearchParams,
): Promise<{ orderId: string | null; outcome: GatewayOutcome }> {
  const gateway = gatewayOf(ctx);
  const orderId = form.get("value_a");
  const valId = form.get("val_id");
  let outcome: GatewayOutcome = form.get("status") === "CANCELLED" ? "cancelled" : "failed";
  // Without a validation id nothing was paid: the gateway sent the customer back failed or cancelled.
  if (!valId) storeMetrics.payments.inc({ provider: gateway.name, outcome });
  if (valId) {
    try {
      const proof = await gateway.retrieve(valId);
      if (proof) {
        const settled = await settlePayment(ctx.db, proof, ctx.mushakRate);
        outcome = settled.refundDue ? "refund_due" : settled.held ? "held" : "paid";
      }
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
    }
  }
  return { orderId: isId(orderId) ? orderId : null, outcome };
}
