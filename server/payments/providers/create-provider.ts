import { paymentProviderOf, sslcommerzSandbox, type Config } from "../../config";
import type { Db } from "../../db/client";
import type { CardPaymentProvider, PaymentProvider } from "./provider";
import { createSslcommerzProvider } from "./sslcommerz-provider";
import { createStripeProvider } from "./stripe-provider";
import { createTestCardProvider } from "./test-card-provider";

/** The card provider of the Pay Order page; null when the store takes no card payments. */
export function createPaymentProvider(config: Config, db: Db): CardPaymentProvider | null {
  const provider = paymentProviderOf(config);
  if (provider === null) return null;
  if (provider === "stripe") {
    return createStripeProvider({
      secretKey: config.STRIPE_SECRET_KEY!,
      publishableKey: config.STRIPE_PUBLISHABLE_KEY!,
      webhookSecret: config.STRIPE_WEBHOOK_SECRET!,
      apiUrl: config.STRIPE_API_URL,
    });
  }
  return createTestCardProvider(db);
}

/** SSLCommerz, when the store has an SSLCommerz account; offered beside the card provider. */
export function createGateway(config: Config, db: Db, storeUrl: string): PaymentProvider | null {
  if (!config.SSLCOMMERZ_STORE_ID || !config.SSLCOMMERZ_STORE_PASSWORD) return null;
  return createSslcommerzProvider(db, {
    storeId: config.SSLCOMMERZ_STORE_ID,
    storePassword: config.SSLCOMMERZ_STORE_PASSWORD,
    sandbox: sslcommerzSandbox(config),
    apiUrl: config.SSLCOMMERZ_API_URL,
    storeUrl,
  });
}
