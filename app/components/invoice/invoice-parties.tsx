import { useT } from "~/i18n/use-t";
import type { InvoiceView } from "@shared/views";

/** Who bought, and where the order goes. */
export function InvoiceParties({ invoice }: { invoice: InvoiceView }) {
  const { t } = useT();
  const { order } = invoice;
  const { delivery } = order;
  return (
    <div className="mt-6 grid gap-6 sm:grid-cols-2 print:grid-cols-2">
      <div>
        <h3 className="text-sm font-semibold tracking-wide text-stone-600 uppercase">{t("invoice.billedTo")}</h3>
        <p className="mt-1 font-semibold">{order.buyerName || order.buyerEmail}</p>
        {order.buyerName ? <p className="text-sm break-all">{order.buyerEmail}</p> : null}
      </div>
      <div>
        <h3 className="text-sm font-semibold tracking-wide text-stone-600 uppercase">{t("order.deliverTo")}</h3>
        {delivery ? (
          <p className="mt-1 text-sm" data-testid="invoice-delivery">
            <span className="font-semibold">{delivery.name}</span>, {delivery.phone}
            <br />
            {delivery.address}, {delivery.district}, {delivery.division}
          </p>
        ) : (
          <p className="mt-1 text-sm text-stone-600">{t("order.notGiven")}</p>
        )}
      </div>
    </div>
  );
}
