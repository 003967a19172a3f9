import { z } from "zod";
import { M } from "@shared/messages";
import { quantitySchema, variantIdField } from "./order";

/** POST /api/cart/items and Add to cart: a product's variant and how many pieces (added to its line when it has one). */
export const CartItemSchema = z.object({
  productId: z
    .string({ error: M.order.product_required })
    .min(1, M.order.product_required)
    .max(100, M.product.not_found)
    .toLowerCase(),
  /** Which of the product's variants (a size); absent for a product sold in one form. */
  variantId: variantIdField,
  quantity: quantitySchema,
});
export type CartItemInput = z.infer<typeof CartItemSchema>;

/** PATCH /api/cart/items/{id} and the cart page's quantity: the line's new number of pieces. */
export const CartQuantitySchema = z.object({ quantity: quantitySchema });
