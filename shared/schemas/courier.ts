import { z } from "zod";
import { M } from "@shared/messages";
import { COURIERS } from "@shared/parcels";

/** "Book courier": which of the shop's couriers takes the parcel. */
export const CourierChoiceSchema = z.object({
  courier: z.enum(COURIERS, { error: M.courier.unknown }),
});
export type CourierChoice = z.output<typeof CourierChoiceSchema>;
