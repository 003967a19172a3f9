import { lazy, Suspense, useState } from "react";
import { Link, useRevalidator } from "react-router";
import { FormError } from "~/components/ui/form-error";
import type { BrowserPaymentConfig, DeliveryJson, OrderJson } from "~/lib/api-types";
import { formatTk } from "~/lib/format";
import { sendJson } from "~/lib/send-json";
import { DeliveryForm } from "./delivery-form";
import { TestCardForm } from "./test-card-form";
import { usePaymentIntent } from "./use-payment-intent";

const StripeCardForm = lazy(() => import("./stripe-card-form"));

interface PaymentCardProps {
  order: OrderJson;
  config: BrowserPaymentConfig;
  /** A hosted gateway offered beside the card form. */
  gateway: "sslcommerz" | null;
  /** How the customer came back from the gateway: paid, held, failed or cancelled. */
  gatewayResult: string | null;
  /** Prefills the delivery form when the order has no details yet. */
  profileDelivery: Partial<DeliveryJson>;
}

const GATEWAY_MESSAGES: Record<string, string> = {
  held: "Your payment was received and is being checked by the store. We will confirm the order shortly.",
  failed: "The payment did not go through. Nothing was charged for this order; you can try again.",
  cancelled: "You cancelled the payment. You can pay again or choose another way.",
};

/**
 * The right-hand card of Pay Order: first where the order goes, then how it is paid (now by card, or cash on
 * delivery), or the proof that it is paid.
 */
export function PaymentCard({ order, config, gateway, gatewayResult, profileDelivery }: PaymentCardProps) {
  const revalidator = useRevalidator();
  const backFromGateway = gatewayResult === "paid" && order.paid ? order.transactionId : null;
  const [paidNow, setPaidNow] = useState<string | null>(backFromGateway);
  const [editingDelivery, setEditingDelivery] = useState(false);
  const [method, setMethod] = useState<"card" | "gateway" | "cod">("card");
  const gatewayMessage = gatewayResult ? GATEWAY_MESSAGES[gatewayResult] : undefined;

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
  if (order.status === "cod" || order.status === "shipped" || order.status === "delivered") {
    return (
      <div role="status" className="space-y-2">
        <p className="text-lg font-semibold text-forest-700">Your order is confirmed for cash on delivery.</p>
        <p className="text-stone-700">Please pay {formatTk(order.paybleAmount)} in cash when it arrives.</p>
        <DeliverySummary delivery={order.delivery} />
        <Link to="/dashboard/orders" className="inline-block font-semibold text-forest-700 underline">
          Back to My Orders
        </Link>
      </div>
    );
  }
  if (!order.delivery || editingDelivery) {
    return (
      <DeliveryForm
        orderId={order._id}
        initial={order.delivery ?? profileDelivery}
        onSaved={() => {
          setEditingDelivery(false);
          void revalidator.revalidate();
        }}
      />
    );
  }

  return (
    <div className="space-y-4">
      {gatewayMessage ? (
        <p role="alert" className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {gatewayMessage}
        </p>
      ) : null}
      <div className="rounded-md bg-paper px-4 py-3">
        <div className="flex items-start justify-between gap-3">
          <DeliverySummary delivery={order.delivery} />
          <button
            type="button"
            onClick={() => setEditingDelivery(true)}
            className="font-semibold text-forest-700 underline"
          >
            Change
          </button>
        </div>
      </div>
      <fieldset className="flex flex-wrap gap-4">
        <legend className="mb-1 text-sm font-semibold text-stone-700">How would you like to pay?</legend>
        <label className="flex items-center gap-2">
          <input type="radio" name="method" checked={method === "card"} onChange={() => setMethod("card")} />
          Pay now by card
        </label>
        {gateway ? (
          <label className="flex items-center gap-2">
            <input type="radio" name="method" checked={method === "gateway"} onChange={() => setMethod("gateway")} />
            bKash, Nagad or card (SSLCommerz)
          </label>
        ) : null}
        <label className="flex items-center gap-2">
          <input type="radio" name="method" checked={method === "cod"} onChange={() => setMethod("cod")} />
          Cash on delivery
        </label>
      </fieldset>
      {method === "card" ? (
        <CardPayment order={order} config={config} onPaid={setPaidNow} />
      ) : method === "gateway" ? (
        <GatewayPayment order={order} />
      ) : (
        <CashOnDelivery order={order} onConfirmed={() => void revalidator.revalidate()} />
      )}
    </div>
  );
}

function DeliverySummary({ delivery }: { delivery: DeliveryJson | null }) {
  if (!delivery) return null;
  return (
    <div className="text-sm text-stone-700">
      <p className="font-semibold text-wood-900">Deliver to {delivery.name}</p>
      <p>{delivery.phone}</p>
      <p>
        {delivery.address}, {delivery.district}, {delivery.division}
      </p>
    </div>
  );
}

function CardPayment({
  order,
  config,
  onPaid,
}: {
  order: OrderJson;
  config: BrowserPaymentConfig;
  onPaid(transactionId: string): void;
}) {
  const intent = usePaymentIntent(order._id, true);

  async function recordPayment(transactionId: string): Promise<string | null> {
    const result = await sendJson(`/api/order/${order._id}`, "PATCH", { transactionId });
    if (!result.ok) return result.message;
    onPaid(transactionId);
    return null;
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

function GatewayPayment({ order }: { order: OrderJson }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function go() {
    setBusy(true);
    const result = await sendJson<{ url: string }>("/api/payments/sslcommerz/session", "POST", { orderId: order._id });
    if (!result.ok) {
      setBusy(false);
      return setError(result.message);
    }
    window.location.assign(result.body.url);
  }

  return (
    <div className="space-y-3">
      <p className="text-stone-700">
        Pay {formatTk(order.paybleAmount)} on SSLCommerz&apos;s secure page with bKash, Nagad, a card or your bank. You
        will come back here afterwards.
      </p>
      <button
        type="button"
        disabled={busy}
        onClick={() => void go()}
        className="w-full rounded-md bg-forest-700 px-5 py-2.5 font-semibold text-white hover:bg-forest-800 disabled:bg-stone-400"
      >
        {busy ? "Opening SSLCommerz…" : "Pay with SSLCommerz"}
      </button>
      <FormError message={error ?? undefined} />
    </div>
  );
}

function CashOnDelivery({ order, onConfirmed }: { order: OrderJson; onConfirmed(): void }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function confirm() {
    setBusy(true);
    const result = await sendJson(`/api/order/${order._id}/cash-on-delivery`, "POST", {});
    setBusy(false);
    if (!result.ok) return setError(result.message);
    onConfirmed();
  }

  return (
    <div className="space-y-3">
      <p className="text-stone-700">
        Pay {formatTk(order.paybleAmount)} in cash to the delivery person. Your order is confirmed now and its pieces
        are kept for you.
      </p>
      <button
        type="button"
        disabled={busy}
        onClick={() => void confirm()}
        className="w-full rounded-md bg-forest-700 px-5 py-2.5 font-semibold text-white hover:bg-forest-800 disabled:bg-stone-400"
      >
        {busy ? "Confirming…" : "Confirm Cash on Delivery"}
      </button>
      <FormError message={error ?? undefined} />
    </div>
  );
}
