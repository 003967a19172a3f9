import { useT } from "~/i18n/use-t";
import { OrderNotes } from "~/components/order/order-notes";
import { useFormat } from "~/i18n/use-format";
import { lazy, Suspense, useState } from "react";
import { Link, useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { FormError } from "~/components/ui/form-error";
import { SubmitButton } from "~/components/ui/submit-button";
import type { BrowserPaymentConfig } from "@shared/views";
import type { Delivery } from "@shared/schemas/delivery";
import type { OrderAction } from "@shared/order-flow";
import type { OrderView } from "@shared/views";
import { isOneOf } from "@shared/words/catalogue";
import type { Said } from "~/i18n/use-message";
import type { ActionResult } from "~/lib/use-action-toast";
import { sendJson } from "~/lib/send-json";
import { usePhoneCodeT } from "~/i18n/use-phone-code-t";
import { DeliveryForm, useDeliveryRefusal } from "./delivery-form";
import { TestCardForm } from "./test-card-form";
import { usePaymentIntent } from "./use-payment-intent";

const StripeCardForm = lazy(() => import("./stripe-card-form"));

interface PaymentCardProps {
  order: OrderView;
  /** The card form's provider; null when the store takes no cards. */
  config: BrowserPaymentConfig | null;
  /** A hosted gateway offered beside the card form. */
  gateway: "sslcommerz" | null;
  /** How the customer came back from the gateway: paid, held, failed or cancelled. */
  gatewayResult: string | null;
  /** Prefills the delivery form when the order has no details yet. */
  profileDelivery: Partial<Delivery>;
  /** The BIN the order keeps, for the delivery form's BIN field; null when the shop asks for none. */
  buyerBin: { kept: string | null } | null;
  /** Cash on delivery is confirmed with a code sent to the buyer's phone (COD_VERIFY_PHONE), not by the shop's call. */
  phoneCodes: boolean;
}

const GATEWAY_MESSAGES = {
  held: "payment.gatewayHeld",
  failed: "payment.gatewayFailed",
  cancelled: "payment.gatewayCancelled",
} as const;
const GATEWAY_RESULTS = Object.keys(GATEWAY_MESSAGES) as (keyof typeof GATEWAY_MESSAGES)[];

/**
 * The right-hand card of Pay Order: first where the order goes, then how it is paid (now by card, or cash on
 * delivery), or the proof that it is paid. The amount it says will be paid is what a payment takes: the order's
 * total, goods and delivery; or, for cash on delivery where the zone asks for the delivery charge first, that charge
 * (the courier collects the rest).
 */
export function PaymentCard({
  order,
  config,
  gateway,
  gatewayResult,
  profileDelivery,
  buyerBin,
  phoneCodes,
}: PaymentCardProps) {
  const backFromGateway = gatewayResult === "paid" && order.paid ? order.transactionId : null;
  const [paidNow, setPaidNow] = useState<string | null>(backFromGateway);
  const [editingDelivery, setEditingDelivery] = useState(false);
  // A change of delivery refused without JavaScript: the form again, as typed.
  const deliveryRefused = useDeliveryRefusal() !== undefined;
  const [method, setMethod] = useState<Method>(config ? "card" : gateway ? "gateway" : "cod");
  const { t } = useT();
  const tCode = usePhoneCodeT();
  const format = useFormat();
  const gatewayMessage = isOneOf(GATEWAY_RESULTS, gatewayResult) ? t(GATEWAY_MESSAGES[gatewayResult]) : undefined;

  if (paidNow) {
    return (
      <div role="status" className="space-y-2">
        <p className="text-lg font-semibold text-forest-700">{t("payment.congrats")}</p>
        <p className="text-stone-700">
          {t("payment.yourTransaction")}{" "}
          <span className="font-mono font-semibold break-all text-wood-900">{paidNow}</span>
        </p>
        <Link to="/dashboard/orders" className="inline-block font-semibold text-forest-700 underline">
          {t("payment.backToOrders")}
        </Link>
      </div>
    );
  }
  if (order.paid) {
    return (
      <div className="space-y-2">
        <p className="text-lg font-semibold text-forest-700">{t("payment.isPaid")}</p>
        <OrderNotes order={order} mine phoneCodes={phoneCodes} />
        {order.transactionId ? (
          <p className="text-stone-700">
            {t("payment.transaction")} <span className="font-mono font-semibold break-all">{order.transactionId}</span>
          </p>
        ) : null}
        <p className="text-stone-700">{t("payment.nothingMore")}</p>
      </div>
    );
  }
  const can = (action: OrderAction) => order.actions.includes(action);
  // Neither payable nor still open: cash on delivery, awaiting confirmation (the shop's call or the phone's code) or
  // confirmed and on its way.
  if (!can("pay") && !can("set_delivery")) {
    return (
      <div role="status" className="space-y-2">
        <p className="text-lg font-semibold text-forest-700">
          {t(order.awaitingConfirmation ? "payment.codChosen" : "payment.codConfirmed")}
        </p>
        {order.awaitingConfirmation ? <OrderNotes order={order} mine phoneCodes={phoneCodes} /> : null}
        <p className="text-stone-700">
          {t("payment.codPayWhen", { amount: format.money(order.totalPoisha - order.advancePoisha) })}
        </p>
        <DeliverySummary delivery={order.delivery} />
        <Link to="/dashboard/orders" className="inline-block font-semibold text-forest-700 underline">
          {t("payment.backToOrders")}
        </Link>
      </div>
    );
  }
  if (!order.delivery || ((editingDelivery || deliveryRefused) && can("set_delivery"))) {
    return (
      <DeliveryForm
        initial={order.delivery ?? profileDelivery}
        buyerBin={buyerBin}
        onSaved={() => setEditingDelivery(false)}
      />
    );
  }
  // Cash on delivery chosen where the delivery charge is paid first: only the online ways remain, for the charge.
  const advance = order.advancePoisha > 0;
  const dueNow = format.money(advance ? order.advancePoisha : order.totalPoisha);

  return (
    <div className="space-y-4">
      {/* Money it took and cannot keep (a payment that did not match the order, say): it will come back. */}
      <OrderNotes order={order} mine phoneCodes={phoneCodes} />
      {gatewayMessage ? (
        <p role="alert" className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {gatewayMessage}
        </p>
      ) : null}
      <div className="rounded-md bg-paper px-4 py-3">
        <div className="flex items-start justify-between gap-3">
          <DeliverySummary delivery={order.delivery} />
          <Button variant="link" onClick={() => setEditingDelivery(true)}>
            {t("payment.change")}
          </Button>
        </div>
      </div>
      {advance ? (
        <p className="rounded-md bg-forest-100 px-3 py-2 text-sm text-forest-800">
          {t("payment.advanceNotice", {
            district: order.delivery.district,
            advance: dueNow,
            rest: format.money(order.totalPoisha - order.advancePoisha),
          })}
        </p>
      ) : null}
      <fieldset className="flex flex-wrap gap-4">
        <legend className="mb-1 text-sm font-semibold text-stone-700">{t("payment.howToPay")}</legend>
        {config ? (
          <MethodChoice method="card" chosen={method} onChoose={setMethod} label={t("payment.byCard")} />
        ) : null}
        {gateway ? (
          <MethodChoice method="gateway" chosen={method} onChoose={setMethod} label={t("payment.byGateway")} />
        ) : null}
        {advance ? null : <MethodChoice method="cod" chosen={method} onChoose={setMethod} label={t("payment.cod")} />}
      </fieldset>
      {method === "card" && config ? (
        <CardPayment order={order} config={config} onPaid={setPaidNow} />
      ) : method === "gateway" ? (
        // The action answers with a redirect to the gateway's page, which the browser follows.
        <IntentForm
          intent="gateway"
          explain={t("payment.gatewayExplain", { amount: dueNow })}
          label={t("payment.gatewayGo")}
          pendingLabel={t("payment.gatewayOpening")}
        />
      ) : (
        <IntentForm
          intent="cod"
          explain={
            phoneCodes
              ? tCode("phoneCode.codExplain", { amount: format.money(order.totalPoisha) })
              : t("payment.codExplain", { amount: format.money(order.totalPoisha) })
          }
          label={t("payment.codConfirm")}
          pendingLabel={t("payment.confirming")}
        />
      )}
    </div>
  );
}

function DeliverySummary({ delivery }: { delivery: Delivery | null }) {
  const { t } = useT();
  if (!delivery) return null;
  return (
    <div className="text-sm text-stone-700">
      <p className="font-semibold text-wood-900">{t("payment.deliverTo", { name: delivery.name })}</p>
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
  order: OrderView;
  config: BrowserPaymentConfig;
  onPaid(transactionId: string): void;
}) {
  const intent = usePaymentIntent(order.id, true);
  const { t } = useT();

  async function recordPayment(transactionId: string): Promise<Said | null> {
    const result = await sendJson(`/api/order/${order.id}`, "PATCH", { transactionId });
    if (!result.ok) return result.said;
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
        <Suspense fallback={<p className="text-stone-600">{t("payment.loadingCard")}</p>}>
          <StripeCardForm publishableKey={config.publishableKey} {...props} />
        </Suspense>
      ) : (
        <TestCardForm {...props} />
      )}
      <FormError message={intent.error ?? undefined} />
    </div>
  );
}

type Method = "card" | "gateway" | "cod";

/** One way to pay, as a radio button of the "How to pay" choice. */
function MethodChoice({
  method,
  chosen,
  onChoose,
  label,
}: {
  method: Method;
  chosen: Method;
  onChoose(method: Method): void;
  label: string;
}) {
  return (
    <label className="flex items-center gap-2">
      <input type="radio" name="method" checked={chosen === method} onChange={() => onChoose(method)} />
      {label}
    </label>
  );
}

/**
 * A way to pay that needs no card form (the hosted gateway, cash on delivery): what it means, and a button that posts
 * its intent to the page's action; the action's refusal is said under it.
 */
function IntentForm({
  intent,
  explain,
  label,
  pendingLabel,
}: {
  intent: "gateway" | "cod";
  explain: string;
  label: string;
  pendingLabel: string;
}) {
  const fetcher = useFetcher<ActionResult>();
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" className="space-y-3">
      <input type="hidden" name="intent" value={intent} />
      <p className="text-stone-700">{explain}</p>
      <SubmitButton pending={busy} pendingLabel={pendingLabel}>
        {label}
      </SubmitButton>
      <FormError message={busy ? undefined : fetcher.data?.toast?.said} />
    </fetcher.Form>
  );
}
