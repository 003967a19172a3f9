import { useT } from "~/i18n/use-t";
import type { OrderView } from "@shared/views";
import { useFormat } from "~/i18n/use-format";
import { useMessage } from "~/i18n/use-message";
import { useCodNoteT } from "~/i18n/use-cod-note-t";

type Notes = Pick<
  OrderView,
  "status" | "cancelReason" | "cancelledBy" | "refundNote" | "awaitingConfirmation" | "expiresAt"
>;

/**
 * What an order is waiting for or what happened to it, in words: a cash-on-delivery order awaiting confirmation and
 * until when, or confirmed; who cancelled a closed one and why, and what becomes of money it took. `mine`: the viewer
 * is its buyer ("You cancelled"), not an admin looking at someone's order. `phoneCodes` (COD_VERIFY_PHONE): the buyer
 * confirms with the code sent to their phone rather than the shop calling, and the shop may still confirm by hand, so
 * a confirmed order is not said to be the shop's doing.
 */
export function OrderNotes({ order, mine, phoneCodes }: { order: Notes; mine: boolean; phoneCodes: boolean }) {
  const { t } = useT();
  const { t: tCode } = useCodNoteT();
  const format = useFormat();
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
  const until = order.expiresAt ? format.dateTime(order.expiresAt) : null;
  const cod =
    order.status !== "cod"
      ? null
      : !order.awaitingConfirmation
        ? phoneCodes
          ? tCode("codNote.confirmed")
          : t("order.codConfirmed")
        : until === null
          ? null
          : !mine
            ? t("admin.awaitingConfirmation", { time: until })
            : phoneCodes
              ? tCode("codNote.awaiting", { time: until })
              : t("order.codAwaiting", { time: until });
  if (!cancelled && !order.refundNote && !cod) return null;
  return (
    <div className="mt-1 space-y-1 text-xs font-normal">
      {cod ? (
        <p
          className={order.awaitingConfirmation ? "text-amber-900" : "text-forest-700"}
          data-testid="confirmation-note"
        >
          {cod}
        </p>
      ) : null}
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
