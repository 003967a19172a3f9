import { useId, useState } from "react";
import { useT } from "~/i18n/use-t";
import { fieldErrors } from "@shared/field-errors";
import { CancelSchema } from "@shared/schemas/order";
import type { OrderView } from "@shared/views";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { useMessage } from "~/i18n/use-message";
import { useOrderNames, type Lines } from "./order-lines";

/**
 * An admin cancels an order, with an optional reason the buyer is shown. The reason is checked as it is typed by
 * the schema the server applies, so the dialog says what the server would answer before anything is sent.
 */
export function CancelDialog({
  order,
  triggerClassName,
  trigger,
  ref,
}: {
  order: Pick<OrderView, "id" | "paid" | "lineCount"> & Lines;
  triggerClassName?: string;
  /** The button that opens it; none where the page opens it through `ref`. */
  trigger?: string;
  ref?: React.RefObject<HTMLDialogElement | null>;
}) {
  const { t } = useT();
  const say = useMessage();
  const { title } = useOrderNames();
  const id = useId();
  const [reason, setReason] = useState("");
  const checked = CancelSchema.safeParse({ reason });
  const error = checked.success ? null : (fieldErrors(checked.error).reason ?? null);
  return (
    <ConfirmDialog
      trigger={trigger}
      triggerClassName={triggerClassName}
      ref={ref}
      question={t(order.paid ? "order.cancelPaidQuestion" : "order.cancelQuestion", { product: title(order) })}
      confirmLabel={t("order.yes")}
      cancelLabel={t("order.no")}
      fields={{ intent: "cancel", orderId: order.id }}
      confirmDisabled={error !== null}
    >
      <label htmlFor={id} className="block text-sm font-semibold text-stone-700">
        {t("order.reason")}
      </label>
      <textarea
        id={id}
        name="reason"
        rows={3}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint`}
        className="mt-1 w-full rounded-md border border-stone-300 bg-white px-3 py-2 aria-invalid:border-red-600"
      />
      <p id={`${id}-hint`} className={`mt-1 text-sm ${error ? "text-red-600" : "text-stone-600"}`}>
        {error ? say(error) : t("order.reasonHint")}
      </p>
    </ConfirmDialog>
  );
}
