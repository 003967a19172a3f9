import type { BrowserPaymentConfig } from "@shared/views";
import type { Delivery } from "@shared/schemas/delivery";
import type { PaymentProviderName } from "../../db/schema";

/** Every payment the store takes is in Bangladeshi taka, counted in poisha. */
export const STORE_CURRENCY = "BDT";

export interface PaymentRequest {
  orderId: string;
  amountPoisha: number;
  currency: typeof STORE_CURRENCY;
  customer: { name: string; email: string };
  productName: string;
  /** Where the order goes; hosted gateways ask for the customer's address and phone. */
  delivery: Delivery | null;
}

/**
 * How the browser goes on after a payment has been started: a card form confirms it with a client secret
 * (the test provider, Stripe); a hosted gateway (SSLCommerz) is a page the customer is sent to.
 */
export type PaymentStart =
  { kind: "card"; reference: string; clientSecret: string } | { kind: "redirect"; reference: string; url: string };

/** What the provider itself says about one payment: the only thing that can make an order paid. */
export interface ProviderPayment {
  provider: PaymentProviderName;
  /** The provider's id for the payment; recorded as the order's transaction id. */
  reference: string;
  /** The order the payment was started for, as the provider recorded it (metadata, value fields). */
  orderId: string | null;
  amountPoisha: number;
  /** Upper-case ISO 4217 code. */
  currency: string;
  /** `held`: the gateway took the money but flags the transaction as risky; an admin decides. */
  status: "succeeded" | "held" | "pending" | "failed";
  /** The provider's second handle on the payment, where its refunds need one (SSLCommerz's bank_tran_id). */
  gatewayRef?: string | null;
}

/** A payment to give back: its references and the amount the store recorded for it. */
export interface RefundRequest {
  reference: string;
  gatewayRef: string | null;
  amountPoisha: number;
  currency: string;
  /** The same key for every try of one refund: the provider makes it once. */
  idempotencyKey: string;
}

/**
 * One interface for every way of taking money (Medusa's payment-provider shape): start a payment for an
 * order, ask about a payment, and read the provider's server-to-server notification. A redirect gateway
 * answers `start` with a page address and vouches for a payment through its notification and validation call.
 */
export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** What a card form in the browser needs; null for a hosted gateway, which has no form of ours. */
  readonly browser: BrowserPaymentConfig | null;
  /**
   * Origins the payment form loads scripts and frames from and sends requests to, and where a form post may send
   * the browser on (a hosted gateway's page): the page's CSP.
   */
  readonly pageSources: { script: string[]; frame: string[]; connect: string[]; form?: string[] };
  start(request: PaymentRequest): Promise<PaymentStart>;
  /** The provider's record of a payment; null when it has none by that reference. */
  retrieve(reference: string): Promise<ProviderPayment | null>;
  /**
   * Authenticates a notification (webhook, IPN) and returns the payment it vouches for, or null when it is
   * about something else. Throws `invalid` when the notification cannot be authenticated.
   */
  readNotification(body: string, headers: Headers): Promise<ProviderPayment | null>;
  /**
   * Gives a payment back, in full, once per idempotency key: asked again with the same key, the provider answers
   * the refund it already made. Answers the provider's id for the refund.
   */
  refund(request: RefundRequest): Promise<{ refundRef: string }>;
  /**
   * Cancels a payment that was started and not completed (its order was cancelled or expired), where the provider
   * allows it; a payment that completed anyway is still recorded when it is reported, as refund due.
   */
  cancelAttempt(reference: string): Promise<void>;
}

/** A provider whose card form runs on the Pay Order page (the test processor, Stripe). */
export type CardPaymentProvider = PaymentProvider & { readonly browser: BrowserPaymentConfig };
