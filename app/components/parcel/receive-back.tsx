import { Form, useActionData } from "react-router";
import type { ParcelView } from "@shared/parcel-views";
import { piecesBackField } from "@shared/parcels";
import type { OrderView } from "@shared/views";
import { useOrderNames } from "~/components/order/order-lines";
import { buttonClass } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { NumberField } from "~/components/ui/field";
import { FormError } from "~/components/ui/form-error";
import { SubmitButton } from "~/components/ui/submit-button";
import { useFormat } from "~/i18n/use-format";
import { useParcelT } from "~/i18n/use-parcel-t";
import type { ActionResult } from "~/lib/use-action-toast";

/** A parcel the courier says is coming back, or one shipped by hand: the shop may receive it back. */
const COMING_BACK = new Set(["returned", "partly_delivered", "cancelled"]);

/**
 * "Parcel received back" (`POST /api/order/{id}/returned`'s use case): asked first, since its stock goes back and
 * money paid becomes due back. Offered when the server allows it and the courier, if any, says it is coming back.
 * A partly delivered parcel is counted line by line instead.
 */
export function ReceiveBack({ order, parcel }: { order: OrderView; parcel: ParcelView | null }) {
  const { t } = useParcelT();
  const { title } = useOrderNames();
  if (!order.actions.includes("receive_back")) return null;
  if (parcel && !COMING_BACK.has(parcel.state)) return null;
  if (parcel?.state === "partly_delivered") return <PiecesBack order={order} />;
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

/**
 * The pieces of a partly delivered parcel that came back, a count per line (`piecesBackField`, in line order), with
 * or without JavaScript; a refusal is shown under the counts, which keep what was typed.
 */
function PiecesBack({ order }: { order: OrderView }) {
  const { t } = useParcelT();
  const { lineName } = useOrderNames();
  const format = useFormat();
  const answer = useActionData<ActionResult>();
  const ours = answer?.values?.["intent"] === "received_back" ? answer : undefined;
  return (
    <Form method="post" preventScrollReset className="mt-4 space-y-3 rounded-md border border-wood-100 p-4">
      <input type="hidden" name="intent" value="received_back" />
      <h4 className="font-semibold text-wood-900">{t("parcel.partReturn")}</h4>
      <p className="text-sm text-stone-700">{t("parcel.partReturnHint")}</p>
      {order.lines.map((line, i) => (
        <NumberField
          key={i}
          label={t("parcel.piecesBack", { line: lineName(line), sent: format.count(line.quantity) })}
          name={piecesBackField(i)}
          min={0}
          max={line.quantity}
          defaultValue={ours?.values?.[piecesBackField(i)] ?? "0"}
          required
        />
      ))}
      <FormError message={ours?.errors?.["piecesBack"]} />
      <SubmitButton>{t("parcel.receiveBack")}</SubmitButton>
    </Form>
  );
}
