import { lazy, Suspense, useState } from "react";
import { Link } from "react-router";
import { FormError } from "~/components/ui/form-error";
import type { BrowserPaymentConfig, OrderJson } from "~/lib/api-types";
import { sendJson } from "~/lib/send-json";
import { TestCardForm } from "./test-card-form";
import { usePaymentIntent } from "./use-payment-intent";

const StripeCardForm = lazy(() => import("./stripe-card-form"));

/** The right-hand card of Pay Order: the provider's card form, or the proof that the order is paid. */
export function PaymentCard({ order, config }: { order: OrderJson; config: BrowserPaymentConfig }) {
  const [paidNow, setPaidNow] = useState<string | null>(null);
  const intent = usePaymentIntent(order._id, !order.paid);

  async function recordPayment(transactionId: string): Promise<string | null> {
    const result = await sendJson(`/api/order/${order._id}`, "PATCH", { transactionId });
    if (!result.ok) return result.message;
    setPaidNow(transactionId);
    return null;
  }

  if (paidNow) {
    return (
      <div role="status" className="space-y-2">
        <p className="text-lg font-semibold text-forest-700">Congrates, Your Payment Is Completed</p>
        <p className="text-stone-700">
          Your transaction Id: <span className="font-mono font-semibold break-all text-wood-900">{paidNow}</span>
        </p>
        <Link to="/dashboard/orders" className="inline-block font-semibold text-forest-700 underline">
          Back to My Orders
        </Link>
      </div>
    );
  }

  if (order.paid) {
    return (
      <div className="space-y-2">
        <p className="text-lg font-semibold text-forest-700">This order is paid.</p>
        {order.transactionId ? (
          <p className="text-stone-700">
            Transaction Id: <span className="font-mono font-semibold break-all">{order.transactionId}</span>
          </p>
        ) : null}
        <p className="text-stone-700">There is nothing more to pay.</p>
      </div>
    );
  }

  const props = {
    clientSecret: intent.clientSecret,
    billing: { name: order.buyerName, email: order.buyerEmail },
    onPaymentSucceeded: recordPayment,
  };
  return (
    <div className="space-y-3">
      {config.provider === "stripe" ? (
        <Suspense fallback={<p className="text-stone-600">Loading the card form…</p>}>
          <StripeCardForm publishableKey={config.publishableKey} {...props} />
        </Suspense>
      ) : (
        <TestCardForm {...props} />
      )}
      <FormError message={intent.error ?? undefined} />
    </div>
  );
}
