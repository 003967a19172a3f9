import { randomBytes } from "node:crypto";
import { M } from "@shared/messages";
import type { PaymentAttemptRow } from "../db/schema";
import { conflict } from "../errors";
import type { PaymentProvider, RefundRequest } from "./providers/provider";
import { createTestCardProvider } from "./providers/test-card-provider";
import { reportError } from "../log/report-error";
import type { RequestContext } from "../context/request-context";

/** What gives a payment back: its provider, or the shop itself for cash handed back. */
export interface Refunder {
  refund(request: RefundRequest): Promise<{ refundRef: string }>;
}

const cashBack: Refunder = {
  // The admin handed the cash back; the store records it under a reference of its own kind.
  refund: () => Promise.resolve({ refundRef: `COD-REFUND-${randomBytes(8).toString("hex").toUpperCase()}` }),
};

/** The store's provider of that name, if it runs one now. */
export function providerNamed(ctx: RequestContext, name: string): PaymentProvider | null {
  if (ctx.payments?.name === name) return ctx.payments;
  if (ctx.gateway?.name === name) return ctx.gateway;
  return null;
}

/**
 * Who refunds a payment of `provider`. Test payments moved no money and are refunded by the test processor's own
 * records even after the store has moved on to real cards; a real provider the store no longer runs cannot be
 * asked (409).
 */
export function refunderFor(ctx: RequestContext, provider: string): Refunder {
  if (provider === "cod") return cashBack;
  const running = providerNamed(ctx, provider);
  if (running) return running;
  if (provider === "test") return createTestCardProvider(ctx.db);
  throw conflict(M.refund.provider_missing);
}

/**
 * Cancels payments started for orders that were cancelled or expired, where the provider allows it. Best effort:
 * a provider that cannot be reached, or a payment that completed meanwhile, is logged; such a payment, when
 * reported, is recorded as refund due.
 */
export async function cancelAttempts(ctx: RequestContext, attempts: PaymentAttemptRow[]): Promise<void> {
  for (const attempt of attempts) {
    const provider = providerNamed(ctx, attempt.provider);
    if (!provider) continue;
    try {
      await provider.cancelAttempt(attempt.reference);
    } catch (err) {
      reportError("a payment could not be cancelled", err, {
        provider: attempt.provider,
        reference: attempt.reference,
      });
    }
  }
}
