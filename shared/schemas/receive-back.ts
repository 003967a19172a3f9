import { z } from "zod";
import { MAX_CART_LINES } from "@shared/cart";
import { M } from "@shared/messages";
import { MAX_ORDER_QUANTITY } from "@shared/quantity";

/**
 * "Parcel received back": without `piecesBack`, the whole parcel came back. With it, how many pieces of each of the
 * order's lines came back, in the order's line order: a partly delivered parcel, the rest kept by the buyer.
 */
export const ReceiveBackSchema = z.object({
  piecesBack: z
    .array(
      z
        .number({ error: M.courier.pieces_back_invalid })
        .int(M.courier.pieces_back_invalid)
        .min(0, M.courier.pieces_back_invalid)
        .max(MAX_ORDER_QUANTITY, M.courier.pieces_back_invalid),
      { error: M.courier.pieces_back_invalid },
    )
    .min(1, M.courier.pieces_back_invalid)
    .max(MAX_CART_LINES, M.courier.pieces_back_invalid)
    .optional(),
});
export type ReceiveBack = z.output<typeof ReceiveBackSchema>;
