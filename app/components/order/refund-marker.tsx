import { useT } from "~/i18n/use-t";
import type { RefundState } from "@shared/order-flow";

/** For the shop: money an order took that it cannot keep, due back or given back. */
export function RefundMarker({ refund }: { refund: RefundState | null }) {
  const { t } = useT();
  if (!refund) return null;
  const due = refund === "due";
  return (
    <span
      className={`inline-block rounded px-2 py-1 text-xs font-semibold whitespace-nowrap ${
        due ? "bg-amber-100 text-amber-900" : "bg-stone-200 text-stone-700"
      }`}
    >
      {due ? t("admin.refundDue") : t("admin.refunded")}
    </span>
  );
}
