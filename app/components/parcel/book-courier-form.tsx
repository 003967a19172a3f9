import { Form } from "react-router";
import type { CourierName } from "@shared/parcels";
import type { OrderView } from "@shared/views";
import { Button } from "~/components/ui/button";
import { useParcelT } from "~/i18n/use-parcel-t";

/**
 * "Book courier" for one order: a form posting to the page's own action (`intent=book`), so it works without
 * JavaScript. One courier: one button; two: a button for each, naming it.
 */
export function BookCourierForm({
  orderId,
  couriers,
  size = "md",
}: {
  orderId: string;
  couriers: CourierName[];
  size?: "sm" | "md";
}) {
  const { t } = useParcelT();
  if (couriers.length === 0) return null;
  return (
    <Form method="post" className="flex flex-wrap gap-2">
      <input type="hidden" name="intent" value="book" />
      <input type="hidden" name="orders" value={orderId} />
      {couriers.map((courier) => (
        <Button
          key={courier}
          type="submit"
          name="courier"
          value={courier}
          variant="secondary"
          size={size}
          className="whitespace-nowrap"
        >
          {couriers.length === 1
            ? t("parcel.book")
            : t("parcel.bookWith", { courier: t(`parcel.couriers.${courier}`) })}
        </Button>
      ))}
    </Form>
  );
}

/**
 * Whether "Book courier" is offered: a courier is configured, and the order is paid or a confirmed cash-on-delivery
 * order, not yet shipped (the server decides again when asked).
 */
export function mayBook(order: Pick<OrderView, "actions" | "awaitingConfirmation">, couriers: CourierName[]): boolean {
  return couriers.length > 0 && order.actions.includes("ship") && !order.awaitingConfirmation;
}

/** The id of Manage Orders' form that books the orders chosen: each row's box belongs to it (`form=`). */
export const CHOSEN_FORM = "book-chosen";

/**
 * "Book the chosen orders with …": the rows' boxes belong to this form (their `form` attribute), so the orders
 * ticked on the page are booked together, with or without JavaScript.
 */
export function BookChosenForm({ couriers }: { couriers: CourierName[] }) {
  const { t } = useParcelT();
  return (
    <Form
      method="post"
      id={CHOSEN_FORM}
      className="mt-4 flex flex-wrap items-center gap-3 rounded-md bg-wood-100 px-4 py-3"
    >
      <input type="hidden" name="intent" value="book" />
      <p className="text-sm text-stone-700">{t("parcel.bookChosenHint")}</p>
      {couriers.map((courier) => (
        <Button key={courier} type="submit" name="courier" value={courier} size="md" className="whitespace-nowrap">
          {t("parcel.bookChosen", { courier: t(`parcel.couriers.${courier}`) })}
        </Button>
      ))}
    </Form>
  );
}
