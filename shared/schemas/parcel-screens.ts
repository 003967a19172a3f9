import { z } from "zod";
import { M } from "@shared/messages";
import { COURIERS } from "@shared/parcels";

/** The most orders booked, or slips printed, at once: a page of Manage Orders holds 20. */
export const MAX_ORDERS_AT_ONCE = 20;

/** Orders chosen in Manage Orders (their ids), one or more, at most a page of them. */
const ChosenOrders = z
  .array(z.string({ error: M.order.not_found }).max(64, M.order.not_found), { error: M.parcel.none_chosen })
  .min(1, M.parcel.none_chosen)
  .max(MAX_ORDERS_AT_ONCE, M.parcel.too_many);

/** "Book courier" for several orders at once (Manage Orders): the courier and the orders chosen. */
export const CourierBookingsSchema = z.object({
  courier: z.enum(COURIERS, { error: M.courier.unknown }),
  orders: ChosenOrders,
});
export type CourierBookings = z.output<typeof CourierBookingsSchema>;

/** The packing slips to print: one order's, or those of the orders just booked together. */
export const PackingSlipsSchema = z.object({ orders: ChosenOrders });
