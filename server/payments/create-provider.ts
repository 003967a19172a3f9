import { paymentProviderOf, type Config } from "../config";
import type { Db } from "../db/client";
import type { CardPaymentProvider, PaymentProvider } from "./provider";
import { createSslcommerzProvider } from "./sslcommerz-provider";
import { createStripeProvider } from "./stripe-provider";
import { createTestCardProvider } from "./test-card-provider";

export function createPaymentProvider(config: Config, db: Db): CardPaymentProvider {
  if (paymentProviderOf(config) === "stripe") {
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
    sandbox: config.SSLCOMMERZ_SANDBOX,
    apiUrl: config.SSLCOMMERZ_API_URL,
    storeUrl,
  });
}
