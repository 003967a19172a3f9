import { useT } from "~/i18n/use-t";
import { useFormat } from "~/i18n/use-format";
import type { InvoiceView } from "@shared/views";

/** The shop's name and registration on the left; the invoice's number and dates on the right. */
export function InvoiceHeader({ invoice, title }: { invoice: InvoiceView; title?: React.ReactNode }) {
  const { t } = useT();
  const format = useFormat();
  const { shop, order } = invoice;
  return (
    <header className="flex flex-wrap justify-between gap-6 border-b border-wood-100 pb-6">
      <div className="max-w-sm">
        <p className="text-2xl font-bold text-wood-900">{shop.name}</p>
        {shop.address ? <p className="mt-1 text-sm whitespace-pre-line">{shop.address}</p> : null}
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 text-sm">
          {shop.tradeLicence ? (
            <>
              <dt>{t("invoice.tradeLicence")}</dt>
              <dd>{shop.tradeLicence}</dd>
            </>
          ) : null}
          {shop.bin ? (
            <>
              <dt>{t("invoice.bin")}</dt>
              <dd>{shop.bin}</dd>
            </>
          ) : null}
        </dl>
      </div>
      <div className="text-right">
        <h2 className="text-2xl font-bold tracking-wide text-wood-900 uppercase">
          {title ?? (invoice.number ? t("invoice.title") : t("invoice.proForma"))}
        </h2>
        <dl className="mt-2 grid grid-cols-[auto_auto] justify-end gap-x-3 text-sm">
          <dt>{t("invoice.number")}</dt>
          <dd className="font-mono font-semibold" data-testid="invoice-number">
            {invoice.number ?? t("invoice.noNumber")}
          </dd>
          {invoice.issuedAt ? (
            <>
              <dt>{t("invoice.issued")}</dt>
              <dd>{format.dateTime(invoice.issuedAt)}</dd>
            </>
          ) : null}
          <dt>{t("invoice.ordered")}</dt>
          <dd>{format.dateTime(order.createdAt)}</dd>
          <dt>{t("invoice.orderRef")}</dt>
          <dd className="font-mono text-xs break-all">{order.id}</dd>
        </dl>
      </div>
    </header>
  );
}
