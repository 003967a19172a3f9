import { useT } from "~/i18n/use-t";
import { useFormat } from "~/i18n/use-format";
import { orderLines, useOrderNames, type Lines, type Totals } from "./order-lines";

const FIGURE = "px-3 py-2 text-right whitespace-nowrap";

/**
 * The order view's lines: each product's photo, name, unit price, pieces and amount; then the goods' total, the
 * delivery charge and what the order takes in all.
 */
export function OrderLinesTable({ order }: { order: Lines & Totals }) {
  const { t } = useT();
  const format = useFormat();
  const { lineName } = useOrderNames();
  const lines = orderLines(order);
  const total = (label: string, poisha: number, strong = false) => (
    <tr className={strong ? "font-semibold text-wood-900" : "text-stone-700"}>
      <th scope="row" colSpan={4} className={`px-3 py-2 text-right ${strong ? "font-semibold" : "font-normal"}`}>
        {label}
      </th>
      <td className={FIGURE}>{format.money(poisha)}</td>
    </tr>
  );
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[28rem] text-left text-sm" data-testid="order-lines">
        <caption className="sr-only">{t("order.lines")}</caption>
        <thead className="bg-wood-100 text-wood-900">
          <tr>
            <th scope="col" colSpan={2} className="px-3 py-2">
              {t("order.product")}
            </th>
            <th scope="col" className={FIGURE}>
              {t("order.price")}
            </th>
            <th scope="col" className={FIGURE}>
              {t("order.quantity")}
            </th>
            <th scope="col" className={FIGURE}>
              {t("order.amount")}
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line, i) => (
            <tr key={i} className="border-t border-wood-100">
              <td className="py-2 pl-3">
                <img src={line.image} alt="" width={48} height={36} className="rounded bg-paper object-contain" />
              </td>
              <td className="px-3 py-2 font-semibold text-wood-900">{lineName(line)}</td>
              <td className={FIGURE}>{format.money(line.pricePoisha)}</td>
              <td className={FIGURE}>{format.pieces(line.quantity)}</td>
              <td className={FIGURE}>{format.money(line.amountPoisha)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot className="border-t-2 border-wood-200">
          {total(t("order.payable"), order.payablePoisha)}
          {total(t("order.deliveryCharge"), order.deliveryChargePoisha)}
          {total(t("order.total"), order.totalPoisha, true)}
          {order.advancePoisha > 0 ? (
            <>
              {total(t("order.advance"), order.advancePoisha)}
              {total(t("order.inCash"), order.totalPoisha - order.advancePoisha)}
            </>
          ) : null}
        </tfoot>
      </table>
    </div>
  );
}
