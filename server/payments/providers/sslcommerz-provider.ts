import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { paymentAttempt } from "../../db/schema";
import { M } from "@shared/messages";
import { conflict, unavailable } from "../../errors";
import type { PaymentProvider, ProviderPayment } from "./provider";
import { reportError } from "../../log/report-error";

export interface SslcommerzSettings {
  storeId: string;
  storePassword: string;
  sandbox: boolean;
  /** The gateway's address; tests point it at a local stand-in. Default: SSLCommerz's sandbox or live host. */
  apiUrl?: string;
  /** The store's own address, for the gateway's return and IPN calls. */
  storeUrl: string;
}

const SessionAnswer = z.object({
  status: z.string(),
  GatewayPageURL: z.string().optional(),
  failedreason: z.string().optional(),
});

/** SSLCommerz's validation API answer (the fields the store reads). */
const Validation = z.object({
  status: z.string(),
  tran_id: z.string().optional(),
  val_id: z.string().optional(),
  amount: z.string().optional(),
  currency_type: z.string().optional(),
  currency_amount: z.string().optional(),
  value_a: z.string().optional(),
  risk_level: z.string().optional(),
  bank_tran_id: z.string().optional(),
});

/** SSLCommerz's refund API answer (the fields the store reads). */
const RefundAnswer = z.object({
  APIConnect: z.string(),
  status: z.string().optional(),
  refund_ref_id: z.string().optional(),
  errorReason: z.string().optional(),
});

/** SSLCommerz's validation ids are short and alphanumeric; anything else is not one, and is not sent on. */
const VAL_ID = /^[A-Za-z0-9_-]{1,100}$/;

const toPoisha = (amount: string | undefined) => {
  const tk = Number(amount);
  return Number.isFinite(tk) ? Math.round(tk * 100) : -1;
};

/**
 * SSLCommerz (cards, bKash, Nagad and banks in Bangladesh): a hosted payment page. `start` opens a session
 * and answers the gateway page; the IPN and the browser's return both name a validation id, and only the
 * validation API's answer counts: VALID or VALIDATED, for a transaction id this store issued for that order,
 * with the same amount in BDT. A risky transaction (risk_level 1) is held for an admin.
 *
 * Not the `sslcommerz-lts` SDK: it turns network failures into resolved values, puts the validation id into
 * its URL unencoded, and has no timeout; this client is the same two calls with those fixed.
 */
export function createSslcommerzProvider(db: Db, settings: SslcommerzSettings): PaymentProvider {
  const api = (settings.apiUrl ?? `https://${settings.sandbox ? "sandbox" : "securepay"}.sslcommerz.com`).replace(
    /\/$/,
    "",
  );

  async function call(url: string, init?: RequestInit): Promise<unknown> {
    try {
      const res = await fetch(url, { ...init, signal: AbortSignal.timeout(20_000) });
      return await res.json();
    } catch (err) {
      reportError("SSLCommerz did not answer", err);
      throw unavailable(M.payment.gateway_unreachable);
    }
  }

  async function validate(valId: string): Promise<ProviderPayment | null> {
    if (!VAL_ID.test(valId)) return null;
    const query = new URLSearchParams({
      val_id: valId,
      store_id: settings.storeId,
      store_passwd: settings.storePassword,
      v: "1",
      format: "json",
    });
    const parsed = Validation.safeParse(await call(`${api}/validator/api/validationserverAPI.php?${query}`));
    if (!parsed.success || !parsed.data.tran_id) return null;
    const answer = parsed.data;
    const [attempt] = await db.select().from(paymentAttempt).where(eq(paymentAttempt.reference, answer.tran_id!));
    const valid = answer.status === "VALID" || answer.status === "VALIDATED";
    return {
      provider: "sslcommerz",
      reference: answer.tran_id!,
      // The transaction must be one this store issued, for the order the gateway repeats back to us.
      orderId: attempt && attempt.orderId === answer.value_a ? attempt.orderId : null,
      amountPoisha: toPoisha(answer.currency_amount ?? answer.amount),
      currency: (answer.currency_type ?? "").toUpperCase(),
      status: !valid ? "failed" : answer.risk_level === "1" ? "held" : "succeeded",
      gatewayRef: answer.bank_tran_id ?? null,
    };
  }

  return {
    name: "sslcommerz",
    browser: null,
    // Pay Order's form post is answered with a redirect to the gateway's page.
    pageSources: { script: [], frame: [], connect: [], form: [new URL(api).origin] },

    async start(request) {
      const reference = `RANDA-${request.orderId.slice(0, 8)}-${randomBytes(6).toString("hex")}`.toUpperCase();
      const back = `${settings.storeUrl}/api/payments/sslcommerz/return`;
      const delivery = request.delivery;
      const form = new URLSearchParams({
        store_id: settings.storeId,
        store_passwd: settings.storePassword,
        total_amount: (request.amountPoisha / 100).toFixed(2),
        currency: request.currency,
        tran_id: reference,
        success_url: back,
        fail_url: back,
        cancel_url: back,
        ipn_url: `${settings.storeUrl}/api/payments/sslcommerz/ipn`,
        cus_name: delivery?.name ?? request.customer.name,
        cus_email: request.customer.email,
        cus_add1: delivery?.address ?? "",
        cus_city: delivery?.district ?? "",
        cus_state: delivery?.division ?? "",
        cus_country: "Bangladesh",
        cus_phone: delivery?.phone ?? "",
        shipping_method: "NO",
        num_of_item: "1",
        product_name: request.productName,
        product_category: "Hand tools",
        product_profile: "physical-goods",
        value_a: request.orderId,
      });
      const parsed = SessionAnswer.safeParse(await call(`${api}/gwprocess/v4/api.php`, { method: "POST", body: form }));
      if (!parsed.success || parsed.data.status !== "SUCCESS" || !parsed.data.GatewayPageURL) {
        reportError("SSLCommerz refused the session", parsed.success ? parsed.data : parsed.error);
        throw unavailable(M.payment.gateway_unreachable);
      }
      return { kind: "redirect", reference, url: parsed.data.GatewayPageURL };
    },

    /** By validation id: the only handle SSLCommerz's validation API takes. */
    retrieve: (valId) => validate(valId),

    async readNotification(body) {
      const valId = new URLSearchParams(body).get("val_id");
      return valId ? validate(valId) : null;
    },

    /**
     * The refund API, by the payment's bank transaction id. `refund_trans_id` is the store's idempotency key: the
     * gateway makes one refund per id and answers a repeated request with the same refund. `processing` is a
     * refund accepted and under way: the store has asked once and records it.
     */
    async refund(request) {
      if (!request.gatewayRef) throw conflict(M.refund.failed);
      const query = new URLSearchParams({
        bank_tran_id: request.gatewayRef,
        refund_trans_id: request.idempotencyKey,
        refund_amount: (request.amountPoisha / 100).toFixed(2),
        refund_remarks: "Refund from the store",
        refe_id: request.idempotencyKey,
        store_id: settings.storeId,
        store_passwd: settings.storePassword,
        v: "1",
        format: "json",
      });
      const parsed = RefundAnswer.safeParse(
        await call(`${api}/validator/api/merchantTransIDvalidationAPI.php?${query}`),
      );
      const answer = parsed.success ? parsed.data : null;
      if (answer?.APIConnect !== "DONE" || !answer.refund_ref_id || answer.status === "failed") {
        reportError("SSLCommerz refused the refund", answer ?? parsed.error);
        throw conflict(M.refund.failed);
      }
      return { refundRef: answer.refund_ref_id };
    },

    // A hosted session cannot be cancelled; it lapses at the gateway. A payment made in it anyway is recorded.
    cancelAttempt: () => Promise.resolve(),
  };
}
