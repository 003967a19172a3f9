import { useT } from "~/i18n/use-t";
import type { TextKey } from "~/i18n/translator";
import { isOneOf } from "@shared/words/catalogue";
import type { OrderView } from "@shared/views";

const METHODS = ["test", "stripe", "sslcommerz", "cod"] as const;

/** What the order's money stands at: the method, the transaction id, and paid, to collect, owed back or unpaid. */
function standing(order: OrderView): TextKey {
  if (order.refund) return `invoice.standing.refund_${order.refund}`;
  if (order.paid) return "invoice.standing.paid";
  if (order.paymentMethod === "cod" && ["cod", "shipped", "delivered"].includes(order.status)) {
    return "invoice.standing.toCollect";
  }
  if (order.status === "cancelled" || order.status === "expired") return `invoice.standing.${order.status}`;
  return "invoice.standing.unpaid";
}

export function InvoicePayment({ order }: { order: OrderView }) {
  const { t } = useT();
  const method = order.paymentMethod;
  return (
    <dl className="mt-6 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm" data-testid="invoice-payment">
      <dt className="font-semibold">{t("invoice.paymentMethod")}</dt>
      <dd>
        {method ? (isOneOf(METHODS, method) ? t(`invoice.methods.${method}`) : method) : t("invoice.methods.none")}
      </dd>
      {order.transactionId ? (
        <>
          <dt className="font-semibold">{t("order.transaction")}</dt>
          <dd className="font-mono break-all">{order.transactionId}</dd>
        </>
      ) : null}
      <dt className="font-semibold">{t("invoice.paymentStanding")}</dt>
      <dd className="font-semibold text-wood-900">{t(standing(order))}</dd>
    </dl>
  );
}
