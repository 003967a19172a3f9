import { cancelByShop } from "@server/orders";
import { refundOrder } from "@server/payments";
import { M } from "@shared/messages";
import { formText } from "./form-input.server";
import { act, succeeded, type DoorArgs } from "./page-door.server";

/** The shop's Cancel of Manage Orders and the order view: with the reason the form gives, shown to the buyer. */
export function shopCancels(args: DoorArgs, form: FormData, orderId: unknown) {
  const reason = formText(form.get("reason"));
  return act(
    args,
    (ctx) => cancelByShop(ctx, orderId, { reason }),
    () => succeeded(M.order.cancelled_by_shop),
  );
}

/** The shop's Refund of Manage Orders and the order view: every payment due on the order, given back once. */
export function shopRefunds(args: DoorArgs, orderId: unknown) {
  return act(
    args,
    (ctx) => refundOrder(ctx, orderId),
    () => succeeded(M.order.refunded),
  );
}
