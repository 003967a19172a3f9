import { z } from "zod";
import { DIVISION_NAMES, districtsOf, normalizeMobile } from "~/lib/bangladesh";

export const DELIVERY_MESSAGES = {
  name: "Delivery Name Is Required",
  phone: "Enter a Bangladeshi mobile number: 11 digits starting 01, e.g. 01712345678",
  division: "Choose a division",
  district: "Choose a district of the chosen division",
  address: "Address Is Required",
} as const;

/**
 * Where an order goes: a name, a Bangladeshi mobile number, a division and one of its districts from the
 * real lists, and a free-text line (house, road, area). PUT /api/order/{id}/delivery and POST /api/order's
 * `delivery`; the Pay Order page's form uses it too.
 */
export const DeliverySchema = z
  .object({
    name: z
      .string({ error: DELIVERY_MESSAGES.name })
      .trim()
      .min(1, DELIVERY_MESSAGES.name)
      .max(100, "Delivery Name can be at most 100 characters"),
    phone: z
      .string({ error: DELIVERY_MESSAGES.phone })
      .max(30, DELIVERY_MESSAGES.phone)
      .transform((text, ctx) => {
        const mobile = normalizeMobile(text);
        if (!mobile) {
          ctx.addIssue({ code: "custom", message: DELIVERY_MESSAGES.phone });
          return z.NEVER;
        }
        return mobile;
      }),
    division: z.enum(DIVISION_NAMES, { error: DELIVERY_MESSAGES.division }),
    district: z.string({ error: DELIVERY_MESSAGES.district }).max(50, DELIVERY_MESSAGES.district),
    address: z
      .string({ error: DELIVERY_MESSAGES.address })
      .trim()
      .min(1, DELIVERY_MESSAGES.address)
      .max(300, "Address can be at most 300 characters"),
  })
  .superRefine((d, ctx) => {
    if (!districtsOf(d.division).some(([name]) => name === d.district)) {
      ctx.addIssue({ code: "custom", path: ["district"], message: DELIVERY_MESSAGES.district });
    }
  });
export type Delivery = z.infer<typeof DeliverySchema>;
