import { z } from "zod";
import { DeliverySchema } from "./delivery";

/** The most addresses one customer's address book holds. */
export const MAX_SAVED_ADDRESSES = 10;

/** My Profile's address book and checkout's "save this address": delivery details, and whether it is the default. */
export const SavedAddressSchema = z.object({
  delivery: DeliverySchema,
  isDefault: z.boolean().optional(),
});
