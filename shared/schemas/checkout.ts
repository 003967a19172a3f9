import { z } from "zod";
import { M } from "@shared/messages";
import { BuyerBinSchema } from "./buyer-bin";
import { CartItemSchema } from "./cart";
import { DeliverySchema } from "./delivery";

/** How the buyer means to pay: online by card or through SSLCommerz (on the Pay Order page), or cash on delivery. */
export const CHECKOUT_PAYMENT_METHODS = ["card", "sslcommerz", "cod"] as const;
export type CheckoutPaymentMethod = (typeof CHECKOUT_PAYMENT_METHODS)[number];

/**
 * POST /api/checkout and the checkout page's Place order: where the parcel goes (typed, or one of the buyer's saved
 * addresses), how the buyer means to pay, and whether to keep the typed address. The goods are the buyer's cart, or
 * with `only` (Buy It Now) that one line alone, the cart left as it is; `buyerBin`, the buyer's own BIN for a
 * Mushak-6.3 (optional). Prices, the delivery charge and the total are the server's.
 */
export const CheckoutSchema = z
  .object({
    delivery: DeliverySchema.optional(),
    addressId: z.uuid({ error: M.address.not_found }).optional(),
    paymentMethod: z.enum(CHECKOUT_PAYMENT_METHODS, { error: M.checkout.payment_method_invalid }).optional(),
    saveAddress: z.boolean({ error: M.request.invalid }).optional(),
    only: CartItemSchema.optional(),
    buyerBin: BuyerBinSchema.optional(),
  })
  .refine((c) => c.delivery !== undefined || c.addressId !== undefined, {
    message: M.checkout.address_required,
    path: ["delivery"],
  });
export type CheckoutInput = z.input<typeof CheckoutSchema>;
