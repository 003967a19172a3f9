import { z } from "zod";
import { WATCH_CHANNELS } from "../db/notice-schema";
import { named } from "../openapi/schema-names";

export const BackInStockAsked = named(
  "BackInStockAsked",
  z.object({
    channel: z.enum(WATCH_CHANNELS).meta({ description: "`sms` for a phone, `email` for an e-mail address." }),
    once: z.literal(true).meta({ description: "They will be told once, and then the address is forgotten." }),
    message: z.string().meta({ description: "What to tell the visitor, in English." }),
    code: z.string().meta({ description: "The message's code, for saying it in another language." }),
  }),
);
