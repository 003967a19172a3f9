import { z } from "zod";
import { M } from "@shared/messages";
import { MAX_ORDER_QUANTITY } from "@shared/quantity";
import { BuyerBinSchema } from "./buyer-bin";
import { DeliverySchema } from "./delivery";
import { text } from "./text";

export const quantitySchema = z
  .number({
    error: (issue) => (issue.input === undefined ? M.quantity.required : M.quantity.not_number),
  })
  .int(M.quantity.not_whole)
  .min(1, M.quantity.too_low)
  .max(MAX_ORDER_QUANTITY, M.quantity.too_high);

/** A variant of the product named beside it: optional for a product sold in one form; compared in lower case. */
export const variantIdField = z
  .string({ error: M.variant.not_found })
  .max(100, M.variant.not_found)
  .toLowerCase()
  .optional()
  .transform((id) => id || undefined);

/**
 * POST /api/order and Buy It Now. Only the product, the quantity, the delivery and the buyer's BIN are read: the
 * buyer comes from the session, the name, image and price from the product, and the payable amount is computed.
 * Other fields are dropped.
 */
export const OrderSchema = z.object({
  productId: z
    .string({ error: M.order.product_required })
    .min(1, M.order.product_required)
    .max(100, M.product.not_found)
    // Ids are compared as the database writes them (a retry with an upper-case id is the same order).
    .toLowerCase(),
  /** Which of the product's variants; absent for a product sold in one form. */
  variantId: variantIdField,
  quantity: quantitySchema,
  /** Where it goes; may also be given later, on the Pay Order page. */
  delivery: DeliverySchema.optional(),
  /** The buyer's own BIN, for a Mushak-6.3 in their business's name, as at checkout (optional). */
  buyerBin: BuyerBinSchema.optional(),
});

/** PUT /api/order/{id}/status: an admin moves an order along. */
export const OrderStatusSchema = z.object({
  status: z.enum(["shipped", "delivered"], { error: M.order.status_invalid }),
});
export type OrderInput = z.infer<typeof OrderSchema>;

/** An Idempotency-Key header, when a client sends one. */
export const IdempotencyKeySchema = z
  .string()
  .regex(/^[\x21-\x7e]{1,255}$/, M.order.idempotency_key_invalid)
  .optional();

/**
 * DELETE /api/order/{id} and the Cancel dialogs: why, optionally. An admin's reason is shown to the buyer on the
 * order; an empty one is no reason.
 */
export const CancelSchema = z.object({
  reason: text({
    max: 500,
    required: M.order.reason_too_long,
    tooLong: M.order.reason_too_long,
    unsafe: M.order.reason_unsafe,
    optional: true,
  })
    .optional()
    .transform((reason) => reason || undefined),
});
