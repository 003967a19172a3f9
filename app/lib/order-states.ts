import type { OrderStatus } from "@shared/order-flow";

/** The colours of an order's status badge. What may be done to an order is the server's to say (order-flow). */
export const STATE_CLASS: Record<OrderStatus, string> = {
  unpaid: "bg-wood-100 text-wood-900",
  paid: "bg-forest-100 text-forest-800",
  cod: "bg-amber-100 text-amber-900",
  shipped: "bg-sky-100 text-sky-900",
  delivered: "bg-forest-100 text-forest-800",
  returned: "bg-rose-100 text-rose-900",
  cancelled: "bg-stone-200 text-stone-600",
  expired: "bg-stone-200 text-stone-600",
};
