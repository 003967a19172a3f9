import { useT } from "~/i18n/use-t";
import { useFormat } from "~/i18n/use-format";
import type { OrderLineView, OrderView } from "@shared/views";
import { lineTitle } from "@shared/variants";

export type Lines = Pick<OrderView, "lines" | "productName" | "productNameBn" | "image" | "pricePoisha" | "quantity">;
type Titled = Lines & Pick<OrderView, "lineCount">;
export type Totals = Pick<OrderView, "payablePoisha" | "deliveryChargePoisha" | "totalPoisha" | "advancePoisha">;

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
      nameBn: order.productNameBn,
      variant: null,
      sku: null,
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
  const lineName = (line: Pick<OrderLineView, "name" | "nameBn"> & { variant?: string | null }) =>
    lineTitle(line, language);
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
