import { paymentProviderOf, type Config } from "../config";
import type { Db } from "../db/client";
import type { PaymentProvider } from "./provider";
import { createStripeProvider } from "./stripe-provider";
import { createTestCardProvider } from "./test-card-provider";

export function createPaymentProvider(config: Config, db: Db): PaymentProvider {
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
