import type { OrderJson, OrderState } from "./api-types";

export const STATE_CLASS: Record<OrderState, string> = {
  unpaid: "bg-wood-100 text-wood-900",
  paid: "bg-forest-100 text-forest-800",
  cod: "bg-amber-100 text-amber-900",
  shipped: "bg-sky-100 text-sky-900",
  delivered: "bg-forest-100 text-forest-800",
  cancelled: "bg-stone-200 text-stone-600",
};

/** The server's rule, for showing the Cancel button: before payment or shipping. */
export const isCancellable = (o: OrderJson) => !o.paid && (o.status === "unpaid" || o.status === "cod");
