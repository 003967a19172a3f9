import { useT } from "~/i18n/use-t";
import { useFormat } from "~/i18n/use-format";
import type { OrderLineView, OrderView } from "@shared/views";

type Lines = Pick<OrderView, "lines" | "productName" | "image" | "pricePoisha" | "quantity">;
type Titled = Lines & Pick<OrderView, "lineCount">;
type Totals = Pick<OrderView, "payablePoisha" | "deliveryChargePoisha" | "totalPoisha">;

/**
 * Every line of the order, the first one first. The lists are given no lines (they show the first and a count):
 * there, and for an order row without lines, the order's own fields are its first line.
 */
export function orderLines(order: Lines): OrderLineView[] {
  if (order.lines.length > 0) return order.lines;
  return [
    {
      productId: null,
      name: order.productName,
      nameBn: null,
      image: order.image,
      pricePoisha: order.pricePoisha,
      quantity: order.quantity,
      amountPoisha: order.pricePoisha * order.quantity,
    },
  ];
}

/** How many lines the order has besides its first. */
export const moreLines = (order: Titled) => Math.max(order.lineCount, order.lines.length) - 1;

/** A line's product as the page's reader knows it (its Bangla name, reading Bangla, where it had one), and the order's. */
export function useOrderNames() {
  const { t, language } = useT();
  const format = useFormat();
  const lineName = (line: Pick<OrderLineView, "name" | "nameBn">) => (language === "bn" && line.nameBn) || line.name;
  return {
    lineName,
    /** What the order is for: its first line's product, "and 2 more" when it has more lines. */
    title(order: Titled) {
      const first = lineName(orderLines(order)[0]!);
      const more = moreLines(order);
      return more > 0 ? t("orders.productAndMore", { product: first, n: format.count(more) }) : first;
    },
  };
}

/** "and 2 more" under the first line's name in a list of orders; nothing for an order of one line. */
export function MoreLines({ order }: { order: Titled }) {
  const { t } = useT();
  const format = useFormat();
  const more = moreLines(order);
  if (more < 1) return null;
  return (
    <p className="text-xs font-normal text-stone-600" data-testid="more-lines">
      {t("orders.andMore", { n: format.count(more) })}
    </p>
  );
}

/**
 * Under a list's goods' total (the spec's Payble Amount): what a payment takes with the delivery, when the order
 * has a delivery charge. Orders without one take their goods' total, said already.
 */
export function WithDelivery({ order }: { order: Totals }) {
  const { t } = useT();
  const format = useFormat();
  if (order.deliveryChargePoisha <= 0) return null;
  return (
    <p className="text-xs whitespace-normal text-stone-600" data-testid="with-delivery">
      {t("orders.withDelivery", {
        total: format.money(order.totalPoisha),
        charge: format.money(order.deliveryChargePoisha),
      })}
    </p>
  );
}

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
        </tfoot>
      </table>
    </div>
  );
}
