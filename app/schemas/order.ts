import { z } from "zod";
import { MAX_ORDER_QUANTITY } from "~/lib/quantity";
import { DeliverySchema } from "./delivery";

export const quantitySchema = z
  .number({
    error: (issue) => (issue.input === undefined ? "Quantity Is Required" : "Quantity must be a number of pieces"),
  })
  .int("Quantity must be a whole number of pieces")
  .min(1, "Quantity must be at least 1")
  .max(MAX_ORDER_QUANTITY, "One order can be at most 10,00,000 Pis");

/**
 * POST /api/order and Buy It Now. Only the product and the quantity are read: the buyer comes from the session,
 * the name, image and price from the product, and the payable amount is computed. Other fields are dropped.
 */
export const OrderSchema = z.object({
  productId: z
    .string({ error: "Product Is Required" })
    .trim()
    .min(1, "Product Is Required")
    .max(100, "Product not found")
    // Ids are compared as the database writes them (a retry with an upper-case id is the same order).
    .toLowerCase(),
  quantity: quantitySchema,
  /** Where it goes; may also be given later, on the Pay Order page. */
  delivery: DeliverySchema.optional(),
});

/** PUT /api/order/{id}/status: an admin moves an order along. */
export const OrderStatusSchema = z.object({
  status: z.enum(["shipped", "delivered"], { error: "Status must be shipped or delivered" }),
});
export type OrderInput = z.infer<typeof OrderSchema>;

/** An Idempotency-Key header, when a client sends one. */
export const IdempotencyKeySchema = z
  .string()
  .regex(/^[\x21-\x7e]{1,255}$/, "Idempotency-Key must be 1 to 255 visible ASCII characters")
  .optional();
