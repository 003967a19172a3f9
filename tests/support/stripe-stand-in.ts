// A small HTTP stand-in for the part of the Stripe API the store uses: PaymentIntents (create with an
// Idempotency-Key, retrieve, confirm with a test PaymentMethod, cancel) and Refunds (create by payment_intent,
// once per Idempotency-Key). The store's Stripe SDK reaches it through its host/port/protocol options; errors
// come back in Stripe's JSON error shape, so the SDK raises its own error classes. Everything is kept in memory.
import { randomBytes } from "node:crypto";
import { createServer, type ServerResponse } from "node:http";
import { readBody } from "./stand-in-http";
import type { AddressInfo } from "node:net";

export interface StandInIntent {
  id: string;
  object: "payment_intent";
  amount: number;
  currency: string;
  status: "requires_payment_method" | "processing" | "succeeded" | "canceled";
  client_secret: string;
  metadata: Record<string, string>;
  created: number;
  livemode: false;
}

export interface StandInRefund {
  id: string;
  object: "refund";
  amount: number;
  currency: string;
  payment_intent: string;
  status: "succeeded";
  created: number;
  metadata: Record<string, string>;
}

export interface RecordedCall {
  method: string;
  path: string;
  params: URLSearchParams;
  idempotencyKey: string | undefined;
  authorization: string | undefined;
}

export interface StripeStandIn {
  /** `http://127.0.0.1:<port>`, for STRIPE_API_URL. */
  url: string;
  intents: Map<string, StandInIntent>;
  /** Every refund made, by its id: what the store actually gave back. */
  refunds: Map<string, StandInRefund>;
  calls: RecordedCall[];
  /** Faults to play: `refunds` makes refund requests fail as Stripe's API does when it is in trouble (500). */
  faults: { refunds: boolean };
  /** Makes an intent directly, as someone with the secret key could: for tests of tampered payments. */
  addIntent(fields: Partial<StandInIntent> & Pick<StandInIntent, "amount" | "currency">): StandInIntent;
  close(): Promise<void>;
}

/** Test PaymentMethods of Stripe's that the stand-in's confirm knows. */
const PAYMENT_METHODS: Record<string, { declined?: string }> = {
  pm_card_visa: {},
  pm_card_chargeDeclined: { declined: "Your card was declined." },
};

const token = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`;

function stripeError(res: ServerResponse, status: number, error: Record<string, string>) {
  res.writeHead(status, { "content-type": "application/json", "request-id": token("req") });
  res.end(JSON.stringify({ error }));
}

/** What Stripe answers when an intent is not in a state the call can act on. */
const unexpectedState = (message: string) => ({
  type: "invalid_request_error",
  code: "payment_intent_unexpected_state",
  message,
});

/** The statuses an intent may be cancelled from (of those the stand-in knows). */
const CANCELABLE = new Set(["requires_payment_method", "processing"]);

function send(res: ServerResponse, body: unknown) {
  res.writeHead(200, { "content-type": "application/json", "request-id": token("req") });
  res.end(JSON.stringify(body));
}

/** `metadata[orderId]=…` as Stripe's form encoding writes nested fields. */
function metadataOf(params: URLSearchParams): Record<string, string> {
  const metadata: Record<string, string> = {};
  for (const [key, value] of params) {
    const match = /^metadata\[(.+)\]$/.exec(key);
    if (match) metadata[match[1]!] = value;
  }
  return metadata;
}

export async function startStripeStandIn(secretKey: string): Promise<StripeStandIn> {
  const intents = new Map<string, StandInIntent>();
  const byIdempotencyKey = new Map<string, StandInIntent>();
  const refunds = new Map<string, StandInRefund>();
  const refundByIdempotencyKey = new Map<string, StandInRefund>();
  const calls: RecordedCall[] = [];
  const faults = { refunds: false };

  const refundedOf = (intentId: string) =>
    [...refunds.values()].filter((r) => r.payment_intent === intentId).reduce((sum, r) => sum + r.amount, 0);

  function addIntent(fields: Partial<StandInIntent> & Pick<StandInIntent, "amount" | "currency">) {
    const id = fields.id ?? token("pi");
    const intent: StandInIntent = {
      id,
      object: "payment_intent",
      status: "requires_payment_method",
      client_secret: `${id}_secret_${randomBytes(8).toString("hex")}`,
      metadata: {},
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      ...fields,
    };
    intents.set(id, intent);
    return intent;
  }

  /**
   * POST /v1/refunds by payment_intent, as Stripe does it: the same Idempotency-Key answers the refund it made;
   * an intent without a successful charge, one already refunded in full, or more than is left, is refused.
   */
  function createRefund(res: ServerResponse, params: URLSearchParams, idempotencyKey: string | undefined) {
    const earlier = idempotencyKey ? refundByIdempotencyKey.get(idempotencyKey) : undefined;
    if (earlier) return send(res, earlier);
    if (faults.refunds) {
      // Stripe says when a retry would not help; the SDK then gives up at once instead of retrying.
      res.writeHead(500, { "content-type": "application/json", "stripe-should-retry": "false" });
      return res.end(JSON.stringify({ error: { type: "api_error", message: "An unknown error occurred" } }));
    }
    const intentId = params.get("payment_intent") ?? "";
    const intent = intents.get(intentId);
    if (!intent) {
      return stripeError(res, 400, {
        type: "invalid_request_error",
        code: "resource_missing",
        param: "payment_intent",
        message: `No such payment_intent: '${intentId}'`,
      });
    }
    if (intent.status !== "succeeded") {
      return stripeError(res, 400, {
        type: "invalid_request_error",
        message: `This PaymentIntent (${intent.id}) does not have a successful charge to refund.`,
      });
    }
    const left = intent.amount - refundedOf(intent.id);
    if (left <= 0) {
      return stripeError(res, 400, {
        type: "invalid_request_error",
        code: "charge_already_refunded",
        message: `Charge for ${intent.id} has already been refunded.`,
      });
    }
    const asked = params.has("amount") ? Number(params.get("amount")) : left;
    if (!Number.isInteger(asked) || asked < 1) {
      return stripeError(res, 400, { type: "invalid_request_error", param: "amount", message: "Invalid integer" });
    }
    if (asked > left) {
      return stripeError(res, 400, {
        type: "invalid_request_error",
        code: "amount_too_large",
        param: "amount",
        message: `Refund amount (${asked}) is greater than unrefunded amount on charge (${left})`,
      });
    }
    const refund: StandInRefund = {
      id: token("re"),
      object: "refund",
      amount: asked,
      currency: intent.currency,
      payment_intent: intent.id,
      status: "succeeded",
      created: Math.floor(Date.now() / 1000),
      metadata: metadataOf(params),
    };
    refunds.set(refund.id, refund);
    if (idempotencyKey) refundByIdempotencyKey.set(idempotencyKey, refund);
    return send(res, refund);
  }

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? "/", "http://stand-in");
      const params = new URLSearchParams(req.method === "GET" ? url.search : await readBody(req));
      const idempotencyKey = req.headers["idempotency-key"] as string | undefined;
      calls.push({
        method: req.method ?? "",
        path: url.pathname,
        params,
        idempotencyKey,
        authorization: req.headers.authorization,
      });
      if (req.headers.authorization !== `Bearer ${secretKey}`) {
        return stripeError(res, 401, { type: "invalid_request_error", message: "Invalid API Key provided." });
      }
      const missing = (id: string) =>
        stripeError(res, 404, {
          type: "invalid_request_error",
          code: "resource_missing",
          param: "intent",
          message: `No such payment_intent: '${id}'`,
        });

      if (req.method === "POST" && url.pathname === "/v1/payment_intents") {
        const earlier = idempotencyKey ? byIdempotencyKey.get(idempotencyKey) : undefined;
        if (earlier) return send(res, earlier);
        const amount = Number(params.get("amount"));
        if (!Number.isInteger(amount) || amount < 1) {
          return stripeError(res, 400, { type: "invalid_request_error", param: "amount", message: "Invalid integer" });
        }
        const intent = addIntent({ amount, currency: params.get("currency") ?? "", metadata: metadataOf(params) });
        if (idempotencyKey) byIdempotencyKey.set(idempotencyKey, intent);
        return send(res, intent);
      }

      if (req.method === "POST" && url.pathname === "/v1/refunds") return createRefund(res, params, idempotencyKey);

      const one = /^\/v1\/payment_intents\/([^/]+)(?:\/(confirm|cancel))?$/.exec(url.pathname);
      const intent = one ? intents.get(decodeURIComponent(one[1]!)) : undefined;
      if (one && !intent) return missing(decodeURIComponent(one[1]!));
      if (intent && req.method === "GET" && !one![2]) return send(res, intent);
      if (intent && req.method === "POST" && one![2] === "confirm") {
        if (intent.status !== "requires_payment_method") {
          return stripeError(
            res,
            400,
            unexpectedState(
              `You cannot confirm this PaymentIntent because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be confirmed: requires_payment_method.`,
            ),
          );
        }
        const method = PAYMENT_METHODS[params.get("payment_method") ?? ""];
        if (!method) return stripeError(res, 400, { type: "invalid_request_error", message: "No such PaymentMethod" });
        if (method.declined) {
          return stripeError(res, 402, { type: "card_error", code: "card_declined", message: method.declined });
        }
        intent.status = "succeeded";
        return send(res, intent);
      }
      if (intent && req.method === "POST" && one![2] === "cancel") {
        if (!CANCELABLE.has(intent.status)) {
          return stripeError(
            res,
            400,
            unexpectedState(
              `You cannot cancel this PaymentIntent because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be canceled: requires_payment_method, requires_capture, requires_confirmation, requires_action, processing.`,
            ),
          );
        }
        intent.status = "canceled";
        return send(res, intent);
      }
      stripeError(res, 404, {
        type: "invalid_request_error",
        message: `Unrecognized request URL (${req.method}: ${url.pathname})`,
      });
    })();
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    intents,
    refunds,
    calls,
    faults,
    addIntent,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
