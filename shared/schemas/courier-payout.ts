import { z } from "zod";
import { M } from "@shared/messages";
import { tkToPoisha } from "@shared/money";
import { COURIERS } from "@shared/parcels";
import { limitParam, pageParam } from "./list-query";
import { text } from "./text";

/** How many parcels one payout may cover: a courier's statement of a busy week. */
export const MAX_PAYOUT_ORDERS = 500;
/** The most one payout may bring, in Tk: ten crore. */
export const MAX_PAYOUT_TK = 1_000_000_000;

/**
 * `POST /api/courier-payouts` and the Payouts screen: the courier's statement as the admin reads it — which orders'
 * cash it paid out, and how much arrived (Tk, to the poisha). What the schema hands on is in poisha.
 */
export const CourierPayoutSchema = z
  .object({
    courier: z.enum(COURIERS, { error: M.courier.unknown }),
    orders: z
      .array(z.uuid({ error: M.payout.order_invalid }), { error: M.payout.orders_required })
      .min(1, M.payout.orders_required)
      .max(MAX_PAYOUT_ORDERS, M.payout.too_many_orders)
      .refine((ids) => new Set(ids).size === ids.length, M.payout.order_repeated),
    amount: z
      .number({ error: (issue) => (issue.input === undefined ? M.payout.amount_required : M.payout.amount_not_number) })
      .min(0, M.payout.amount_negative)
      .max(MAX_PAYOUT_TK, M.payout.amount_too_high)
      .refine((tk) => Math.abs(tk * 100 - Math.round(tk * 100)) < 1e-6, M.payout.amount_decimals),
    reference: text({
      max: 100,
      required: M.payout.reference_invalid,
      tooLong: M.payout.reference_invalid,
      unsafe: M.payout.reference_invalid,
      optional: true,
    }).optional(),
  })
  .transform(({ amount, reference, ...rest }) => ({
    ...rest,
    amountPoisha: tkToPoisha(amount),
    reference: reference ? reference : null,
  }));
export type CourierPayoutInput = z.output<typeof CourierPayoutSchema>;

/** Payouts and `GET /api/courier-payouts/held`: a page, and for the parcels held, whose. */
export const PayoutListQuery = z.object({ page: pageParam, limit: limitParam });
export const HeldParcelsQuery = z.object({
  courier: z.enum(COURIERS, { error: M.courier.unknown }),
  page: pageParam,
  limit: limitParam,
});
