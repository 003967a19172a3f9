import { useT } from "~/i18n/use-t";
import type { OrderView } from "@shared/views";
import { useMessage } from "~/i18n/use-message";

type Notes = Pick<OrderView, "status" | "cancelReason" | "cancelledBy" | "refundNote">;

/**
 * What happened to a closed order, in words: who cancelled it and why, and what becomes of money it took. `mine`:
 * the viewer is its buyer ("You cancelled"), not an admin looking at someone's order.
 */
export function OrderNotes({ order, mine }: { order: Notes; mine: boolean }) {
  const { t } = useT();
  const say = useMessage();
  const cancelled =
    order.status !== "cancelled"
      ? null
      : order.cancelledBy === "admin"
        ? order.cancelReason
          ? t("order.cancelledByShop", { reason: order.cancelReason })
          : t("order.cancelledByShopNoReason")
        : mine
          ? t("order.cancelledByYou")
          : t("order.cancelledByBuyer");
  if (!cancelled && !order.refundNote) return null;
  return (
    <div className="mt-1 space-y-1 text-xs font-normal">
      {cancelled ? (
        <p className="break-words text-stone-700" data-testid="cancel-note">
          {cancelled}
        </p>
      ) : null}
      {order.refundNote ? (
        <p className="text-amber-900" data-testid="refund-note">
          {say(order.refundNote)}
        </p>
      ) : null}
    </div>
  );
}
