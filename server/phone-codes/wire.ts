import { z } from "zod";
import { count, dateTime } from "../openapi/common-answers";
import { named } from "../openapi/schema-names";
import type { CodeSent } from "./phone-codes";

/** A code on its way to the order's phone (never the code itself). */
export const PhoneCodeSent = named(
  "PhoneCodeSent",
  z.object({
    phone: z.string().meta({ description: "The delivery phone it goes to, as the order has it (`01712345678`)." }),
    expiresAt: dateTime().meta({ description: "When it stops working: ten minutes after it was sent." }),
    triesLeft: count("Wrong tries it takes before it is dead: 5."),
  }),
);

/** The order confirmed by its code. */
export const PhoneCodeConfirmed = named(
  "PhoneCodeConfirmed",
  z.object({
    modifiedCount: count("1: the order is confirmed."),
    confirmedAt: dateTime(),
  }),
);

export const codeSentJson = (sent: CodeSent): z.output<typeof PhoneCodeSent> => ({
  phone: sent.phone,
  expiresAt: sent.expiresAt.toISOString(),
  triesLeft: sent.triesLeft,
});
