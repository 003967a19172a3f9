import type { ParcelView } from "@shared/parcel-views";
import type { OrderView } from "@shared/views";
import { useOrderNames } from "~/components/order/order-lines";
import { buttonClass } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { useParcelT } from "~/i18n/use-parcel-t";

/** A parcel the courier says is coming back, or one shipped by hand: the shop may receive it back. */
const COMING_BACK = new Set(["returned", "partly_delivered", "cancelled"]);

/**
 * "Parcel received back" (`POST /api/order/{id}/returned`'s use case): asked first, since its stock goes back and
 * money paid becomes due back. Offered when the server allows it and the courier, if any, says it is coming back.
 */
export function ReceiveBack({ order, parcel }: { order: OrderView; parcel: ParcelView | null }) {
  const { t } = useParcelT();
  const { title } = useOrderNames();
  if (!order.actions.includes("receive_back")) return null;
  if (parcel && !COMING_BACK.has(parcel.state)) return null;
  return (
    <div className="mt-4">
      <ConfirmDialog
        trigger={t("parcel.receiveBack")}
        triggerClassName={buttonClass({ variant: "secondary" })}
        question={t("parcel.receiveBackQuestion", { product: title(order) })}
        confirmLabel={t("parcel.yes")}
        cancelLabel={t("parcel.no")}
        fields={{ intent: "received_back", orderId: order.id }}
      />
    </div>
  );
}
