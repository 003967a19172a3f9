import { afterAll, beforeAll } from "vitest";
import { startSslcommerzStandIn, type SslcommerzStandIn } from "./sslcommerz-stand-in";
import { startStripeStandIn, type StripeStandIn } from "./stripe-stand-in";
import { startPathaoStandIn, type PathaoStandIn } from "./pathao-stand-in";
import { startSteadfastStandIn, type SteadfastStandIn } from "./steadfast-stand-in";
import { useTestApp, type TestContext } from "./test-app";

export const STRIPE_SECRET_KEY = "sk_test_stand_in_0123456789";
export const STRIPE_WEBHOOK_SECRET = "whsec_stand_in_0123456789";

/**
 * A test app whose card provider is Stripe, reached through a stand-in for the Stripe API that is started before
 * the app and stopped after the file. The stand-in is filled in when it has started.
 */
export function useStripeApp(): { t: TestContext; stripeApi: StripeStandIn } {
  const stripeApi = {} as StripeStandIn;
  beforeAll(async () => void Object.assign(stripeApi, await startStripeStandIn(STRIPE_SECRET_KEY)));
  afterAll(() => stripeApi.close());
  const t = useTestApp(() => ({
    PAYMENT_PROVIDER: "stripe",
    STRIPE_SECRET_KEY,
    STRIPE_PUBLISHABLE_KEY: "pk_test_stand_in",
    STRIPE_WEBHOOK_SECRET,
    STRIPE_API_URL: stripeApi.url,
  }));
  return { t, stripeApi };
}

const STORE_ID = "randa-test";
const STORE_PASSWORD = "randa-test-password";

/** A test app that offers SSLCommerz, reached through a stand-in for its sandbox (as `useStripeApp`). */
export function useSslcommerzApp(): { t: TestContext; gateway: SslcommerzStandIn } {
  const gateway = {} as SslcommerzStandIn;
  beforeAll(async () => void Object.assign(gateway, await startSslcommerzStandIn(STORE_ID, STORE_PASSWORD)));
  afterAll(() => gateway.close());
  const t = useTestApp(() => ({
    SSLCOMMERZ_STORE_ID: STORE_ID,
    SSLCOMMERZ_STORE_PASSWORD: STORE_PASSWORD,
    SSLCOMMERZ_API_URL: gateway.url,
  }));
  return { t, gateway };
}

export const STEADFAST_WEBHOOK_TOKEN = "steadfast-webhook-token-0123456789";

/** A test app that books parcels with Steadfast, reached through a stand-in for its merchant API. */
export function useSteadfastApp(env: Record<string, string> = {}): { t: TestContext; steadfast: SteadfastStandIn } {
  const steadfast = {} as SteadfastStandIn;
  beforeAll(async () => void Object.assign(steadfast, await startSteadfastStandIn()));
  afterAll(() => steadfast.close());
  const t = useTestApp(() => ({
    STEADFAST_API_KEY: steadfast.apiKey,
    STEADFAST_SECRET_KEY: steadfast.secretKey,
    STEADFAST_BASE_URL: steadfast.url,
    STEADFAST_WEBHOOK_TOKEN,
    ...env,
  }));
  return { t, steadfast };
}

/** A test app that books parcels with Pathao, reached through a stand-in for its merchant API. */
export function usePathaoApp(env: Record<string, string> = {}): { t: TestContext; pathao: PathaoStandIn } {
  const pathao = {} as PathaoStandIn;
  beforeAll(async () => void Object.assign(pathao, await startPathaoStandIn()));
  afterAll(() => pathao.close());
  const t = useTestApp(() => ({
    PATHAO_BASE_URL: pathao.url,
    PATHAO_CLIENT_ID: pathao.clientId,
    PATHAO_CLIENT_SECRET: pathao.clientSecret,
    PATHAO_USERNAME: pathao.username,
    PATHAO_PASSWORD: pathao.password,
    PATHAO_STORE_ID: String(pathao.storeId),
    PATHAO_WEBHOOK_SECRET: pathao.webhookSecret,
    ...env,
  }));
  return { t, pathao };
}
