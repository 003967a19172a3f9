import { isRouteErrorResponse, Link } from "react-router";
import { orderInvoice } from "@server/orders";
import { languageOf } from "@shared/languages";
import { localTitle } from "~/i18n/meta";
import { useT } from "~/i18n/use-t";
import { useFormat } from "~/i18n/use-format";
import { OrderHistory } from "~/components/order/order-history";
import { orderLines, useOrderNames } from "~/components/order/order-lines";
import { Button } from "~/components/ui/button";
import { OrderNotFound } from "~/components/order/order-not-found";
import { InvoiceHeader } from "~/components/invoice/invoice-header";
import { InvoiceParties } from "~/components/invoice/invoice-parties";
import { InvoicePayment } from "~/components/invoice/invoice-payment";
import { MushakLines, MushakParties, MushakTitle } from "~/components/invoice/mushak-parts";
import { load } from "~/door/page-door.server";
import { invoiceView } from "~/door/views.server";
import type { Route } from "./+types/invoice";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: localTitle(matches, "invoice.title") }];

/** The invoice of the buyer's own order, or of any order for an admin: a document to print (A4) or keep. */
export async function loader(args: Route.LoaderArgs) {
  let viewerId: string | undefined;
  const invoice = await load(args, (ctx, actor) => {
    viewerId = actor?.id;
    return orderInvoice(ctx, args.params.orderId);
  });
  return invoiceView(invoice, args.context.services.shop, languageOf(args.request), viewerId);
}

/** The invoice's columns: the product, then its figures aligned right. */
const COLUMNS = [
  ["invoice.product", "py-2 pr-3"],
  ["invoice.quantity", "px-3 py-2 text-right"],
  ["invoice.unitPrice", "px-3 py-2 text-right"],
  ["invoice.amount", "py-2 pl-3 text-right"],
] as const;

/**
 * A row per line of the order (its product in the page's language, pieces, unit price, amount) and a row for the
 * delivery charge; the total, in figures and in words, is the order's: what a payment takes.
 */
export default function Invoice({ loaderData: invoice }: Route.ComponentProps) {
  const { t } = useT();
  const format = useFormat();
  const { lineName } = useOrderNames();
  const { order, mushak } = invoice;
  return (
    <section>
      <div className="flex flex-wrap items-center justify-between gap-3 print:hidden">
        <Link to={`/dashboard/order/${order.id}`} className="font-semibold text-forest-700 underline">
          {t("invoice.backToOrder")}
        </Link>
        <Button onClick={() => window.print()}>{t("invoice.print")}</Button>
      </div>
      <article
        data-testid="invoice"
        data-mushak={mushak ? "" : undefined}
        className="invoice mt-4 rounded-xl border border-wood-100 bg-white p-6 text-stone-800 shadow-sm sm:p-10 print:mt-0 print:rounded-none print:border-0 print:p-0 print:shadow-none"
      >
        <InvoiceHeader invoice={invoice} title={mushak ? <MushakTitle /> : undefined} />
        <InvoiceParties invoice={invoice} />
        {mushak ? (
          <>
            <MushakParties invoice={invoice} mushak={mushak} />
            <MushakLines mushak={mushak} lines={orderLines(order).map((line) => ({ ...line, name: lineName(line) }))} />
          </>
        ) : (
          <div className="mt-8 overflow-x-auto">
            <table className="w-full min-w-[32rem] border-collapse text-left">
              <caption className="sr-only">{t("invoice.lines")}</caption>
              <thead>
                <tr className="border-b-2 border-wood-900 text-sm text-wood-900">
                  {COLUMNS.map(([key, className]) => (
                    <th key={key} scope="col" className={className}>
                      {t(key)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {orderLines(order).map((line, i) => (
                  <tr key={i} className="border-b border-wood-100" data-testid="invoice-line">
                    <td className="py-3 pr-3">{lineName(line)}</td>
                    <td className="px-3 py-3 text-right whitespace-nowrap">{format.pieces(line.quantity)}</td>
                    <td className="px-3 py-3 text-right whitespace-nowrap">{format.money(line.pricePoisha)}</td>
                    <td className="py-3 pl-3 text-right whitespace-nowrap">{format.money(line.amountPoisha)}</td>
                  </tr>
                ))}
                <tr className="border-b border-wood-100" data-testid="invoice-delivery-charge">
                  <td colSpan={3} className="py-3 pr-3">
                    {t("invoice.delivery")}
                  </td>
                  <td className="py-3 pl-3 text-right whitespace-nowrap">{format.money(order.deliveryChargePoisha)}</td>
                </tr>
              </tbody>
              <tfoot>
                <tr className="text-lg font-bold text-wood-900">
                  <th scope="row" colSpan={3} className="py-3 pr-3 text-right">
                    {t("invoice.total")}
                  </th>
                  <td className="py-3 pl-3 text-right whitespace-nowrap" data-testid="invoice-total">
                    {format.money(order.totalPoisha)}
                  </td>
                </tr>
              </tfoot>
            </table>
          </div>
        )}
        <p className="mt-2 text-sm" data-testid="invoice-in-words">
          <span className="font-semibold">{t("invoice.inWords")}:</span> {invoice.amountInWords}
        </p>
        <InvoicePayment order={order} />
        <section className="mt-8 break-inside-avoid">
          <h3 className="text-base font-semibold text-wood-900">{t("order.history")}</h3>
          <OrderHistory history={invoice.history} mine={invoice.mine} />
        </section>
        <p className="mt-10 border-t border-wood-100 pt-3 text-xs text-stone-600">{t("invoice.footnote")}</p>
      </article>
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (!isRouteErrorResponse(error) || error.status !== 404) throw error;
  return <OrderNotFound title="invoice.title" said="order.notFound" back="order.backToOrders" />;
}
