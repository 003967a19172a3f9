import { z } from "zod";
import { named } from "./schema-names";

/** Field shapes the answers of every feature share. */
export const uuid = () => z.string().meta({ format: "uuid" });
export const dateTime = () => z.string().meta({ format: "date-time" });
export const count = (description: string) => z.number().int().min(0).meta({ description });

/** Every refusal: `{message, code, params}`. */
export const ErrorAnswer = named(
  "Error",
  z.object({
    message: z.string().meta({ description: "In English, for people." }),
    code: z.string().meta({ description: "Stable, for programs.", examples: ["order.not_yours"] }),
    params: z
      .record(z.string(), z.union([z.string(), z.number()]))
      .optional()
      .meta({ description: "The values in the message, when it has any.", examples: [{ min: 20 }] }),
  }),
);
export const RateLimited = named("RateLimited", z.object({ message: z.string() }));

/** The spec's small answers, which several features give. */
export const InsertedId = named("InsertedId", z.object({ insertedId: uuid() }));
export const DeletedCount = named("DeletedCount", z.object({ deletedCount: count("1 when it was removed.") }));
export const ModifiedCount = named(
  "ModifiedCount",
  z.object({ modifiedCount: count("1 when something changed, 0 when it already was so.") }),
);
export const Acknowledged = named("Acknowledged", z.object({ acknowledged: z.literal(true) }));
export const Received = named("Received", z.object({ received: z.literal(true) }));
