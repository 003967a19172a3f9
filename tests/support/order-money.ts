// Helpers for the tests of money and stock staying whole (expiry, refunds, admin cancels, an order's history):
// placing an order and reading its stock, paying it through each provider's real path, and reading the order
// back as the API shows it.
import Stripe from "stripe";
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import type { OrderEventJson, OrderJson } from "@server/orders";
import { orderEvent, paymentAttempt, product, testPaymentIntent } from "@server/db/schema";
import { asBearer, jsonInit, type TestAccount } from "./accounts";
import { makeProduct, TEST_DELIVERY } from "./orders";
import { STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET } from "./provider-apps";
import type { SslcommerzStandIn } from "./sslcommerz-stand-in";
import type { StandInIntent, StripeStandIn } from "./stripe-stand-in";
import type { TestContext } from "./test-app";

export const GOOD_CARD = { number: "4242 4242 4242 4242", expMonth: 12, expYear: 2034, cvc: "123" };

/** A call as an account (bearer) or as nobody, with a JSON body. */
export function call(t: TestContext, who: TestAccount | null, method: string, path: string, body: unknown = {}) {
  return t.request(path, jsonInit(method, body, who ? asBearer(who) : {}));
}

/** `{message, code}` of an error answer. */
export async function errorOf(res: Response) {
  return (await res.json()) as { message: string; code: string };
}

/** An order of `quantity` pieces of a product of its own, with delivery details, placed through POST /api/order. */
export async function placeOrder(t: TestContext, buyer: TestAccount, quantity = 20) {
  const { id: productId, availability } = await makeProduct(t);
  const res = await call(t, buyer, "POST", "/api/order", { productId, quantity, delivery: TEST_DELIVERY });
  expect(res.status).toBe(200);
  const orderId = ((await res.json()) as { insertedId: string }).insertedId;
  return { orderId, productId, stockBefore: availability, quantity };
}

export async function stockOf(t: TestContext, productId: string) {
  const [row] = await t.database.db
    .select({ availability: product.availability })
    .from(product)
    .where(eq(product.id, productId));
  return row!.availability;
}

/** The order as its buyer sees it in GET /api/order/{email}; undefined when it is not listed for them. */
export async function buyerView(t: TestContext, buyer: TestAccount, orderId: string) {
  const res = await t.request(`/api/order/${encodeURIComponent(buyer.email)}`, { headers: asBearer(buyer) });
  expect(res.status).toBe(200);
  return ((await res.json()) as OrderJson[]).find((o) => o._id === orderId);
}

/** The order as an admin sees it in GET /api/order, found by its id (the list is paged). */
export async function adminView(t: TestContext, admin: TestAccount, orderId: string) {
  const res = await t.request(`/api/order?q=${orderId}`, { headers: asBearer(admin) });
  expect(res.status).toBe(200);
  return ((await res.json()) as OrderJson[]).find((o) => o._id === orderId)!;
}

/** The order's history as stored, oldest first: `[status, by, reason]`. */
export async function historyRows(t: TestContext, orderId: string) {
  const rows = await t.database.db
    .select()
    .from(orderEvent)
    .where(eq(orderEvent.orderId, orderId))
    .orderBy(orderEvent.id);
  return rows.map((r) => [r.status, r.by, r.reason] as const);
}

/** `[status, by]` of each event, for comparing histories at a glance. */
export const steps = (history: OrderEventJson[]) => history.map((e) => `${e.status} by ${e.by}`);

export function attemptsOf(t: TestContext, orderId: string) {
  return t.database.db.select().from(paymentAttempt).where(eq(paymentAttempt.orderId, orderId));
}

// The test processor ------------------------------------------------------------------------------------------

/** The buyer opens the card form: the test processor's client secret. */
export async function startTestCard(t: TestContext, buyer: TestAccount, orderId: string) {
  const res = await call(t, buyer, "POST", "/api/create-payment-intent", { orderId });
  expect(res.status).toBe(200);
  return ((await res.json()) as { clientSecret: string }).clientSecret;
}

/** What the card form does: confirm the intent with a card. */
export function confirmTestCard(t: TestContext, clientSecret: string) {
  return t.request(
    "/api/payments/test/confirm",
    jsonInit("POST", { clientSecret, card: GOOD_CARD, billingDetails: { name: "Karim", email: "k@example.test" } }),
  );
}

/** Pays the order by test card, as the Pay Order page does; the intent's id. */
export async function payByTestCard(t: TestContext, buyer: TestAccount, orderId: string) {
  const res = await confirmTestCard(t, await startTestCard(t, buyer, orderId));
  expect(res.status).toBe(200);
  return ((await res.json()) as { paymentIntent: { id: string } }).paymentIntent.id;
}

export async function testIntentOf(t: TestContext, orderId: string) {
  const [row] = await t.database.db.select().from(testPaymentIntent).where(eq(testPaymentIntent.orderId, orderId));
  return row!;
}

// Stripe (through its stand-in) -------------------------------------------------------------------------------

export function stripeHelpers(t: TestContext, stripeApi: StripeStandIn) {
  const signer = new Stripe(STRIPE_SECRET_KEY);
  return {
    /** The buyer opens the card form: the PaymentIntent Stripe made for the order. */
    async start(buyer: TestAccount, orderId: string) {
      const res = await call(t, buyer, "POST", "/api/create-payment-intent", { orderId });
      expect(res.status).toBe(200);
      const { clientSecret } = (await res.json()) as { clientSecret: string };
      return [...stripeApi.intents.values()].find((i) => i.client_secret === clientSecret)!;
    },
    /** What Stripe.js does in the browser: confirm the intent with a test card at Stripe. */
    confirmAtStripe(intent: StandInIntent, paymentMethod = "pm_card_visa") {
      return fetch(`${stripeApi.url}/v1/payment_intents/${intent.id}/confirm`, {
        method: "POST",
        headers: { Authorization: `Bearer ${STRIPE_SECRET_KEY}`, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ payment_method: paymentMethod }),
      });
    },
    /** Stripe's signed payment_intent.succeeded event for the intent, as it now is. */
    webhook(intent: StandInIntent) {
      const payload = JSON.stringify({
        id: `evt_${intent.id}`,
        object: "event",
        type: "payment_intent.succeeded",
        data: { object: { ...stripeApi.intents.get(intent.id) } },
      });
      const signature = signer.webhooks.generateTestHeaderString({ payload, secret: STRIPE_WEBHOOK_SECRET });
      return t.request("/api/payments/stripe/webhook", {
        method: "POST",
        headers: { "Content-Type": "application/json", "Stripe-Signature": signature },
        body: payload,
      });
    },
    /** The browser's PATCH /api/order/{id} naming the intent. */
    patch(buyer: TestAccount, orderId: string, intentId: string) {
      return call(t, buyer, "PATCH", `/api/order/${orderId}`, { transactionId: intentId });
    },
    /** A refund made at Stripe by someone else (the dashboard): its own idempotency key. */
    refundAtStripe(intentId: string, amount: number) {
      return fetch(`${stripeApi.url}/v1/refunds`, {
        method: "POST",
        headers: {
          Authorization: `Bearer ${STRIPE_SECRET_KEY}`,
          "Content-Type": "application/x-www-form-urlencoded",
          "Idempotency-Key": `dashboard-${intentId}`,
        },
        body: new URLSearchParams({ payment_intent: intentId, amount: String(amount) }),
      });
    },
    refundsOf: (intentId: string) => [...stripeApi.refunds.values()].filter((r) => r.payment_intent === intentId),
  };
}

// SSLCommerz (through its stand-in) ---------------------------------------------------------------------------

export function sslcommerzHelpers(t: TestContext, gateway: SslcommerzStandIn) {
  return {
    /** Opens a gateway session for the order and pays it there; the fields the IPN carries (none is sent yet). */
    async payAtGateway(buyer: TestAccount, orderId: string) {
      const res = await call(t, buyer, "POST", "/api/payments/sslcommerz/session", { orderId });
      expect(res.status).toBe(200);
      const { url } = (await res.json()) as { url: string };
      return gateway.approve(url.split("/").pop()!);
    },
    ipn(fields: URLSearchParams) {
      return t.request("/api/payments/sslcommerz/ipn", {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: fields.toString(),
      });
    },
    browserReturn(fields: URLSearchParams) {
      return t.request("/api/payments/sslcommerz/return", {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: gateway.url },
        body: fields.toString(),
      });
    },
    /** The bank transaction id the validation API gave for the transaction. */
    bankTranIdOf(fields: URLSearchParams) {
      return gateway.sessions.find((s) => s.form.get("tran_id") === fields.get("tran_id"))!.bankTranId!;
    },
    refundsOf(bankTranId: string) {
      return [...gateway.refunds.values()].filter((r) => r.bankTranId === bankTranId);
    },
  };
}
