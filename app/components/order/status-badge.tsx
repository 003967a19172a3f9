import { useT } from "~/i18n/use-t";
import type { OrderStatus } from "@shared/order-flow";
import { STATE_CLASS } from "~/lib/order-states";

/** An order's status, as a coloured badge in the page's language. */
export function StatusBadge({ status }: { status: OrderStatus }) {
  const { t } = useT();
  return (
    <span className={`rounded px-2 py-1 text-xs font-semibold whitespace-nowrap ${STATE_CLASS[status]}`}>
      {t(`states.${status}`)}
    </span>
  );
}
