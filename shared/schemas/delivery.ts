import { z } from "zod";
import { DIVISION_NAMES, districtsOf, normalizeMobile } from "@shared/bangladesh";
import { M } from "@shared/messages";

/**
 * Where an order goes: a name, a Bangladeshi mobile number, a division and one of its districts from the
 * real lists, and a free-text line (house, road, area). PUT /api/order/{id}/delivery and POST /api/order's
 * `delivery`; the Pay Order page's form uses it too.
 */
export const DeliverySchema = z
  .object({
    name: z
      .string({ error: M.delivery.name_required })
      .trim()
      .min(1, M.delivery.name_required)
      .max(100, M.delivery.name_too_long),
    phone: z
      .string({ error: M.delivery.phone_invalid })
      .max(30, M.delivery.phone_invalid)
      .transform((text, ctx) => {
        const mobile = normalizeMobile(text);
        if (!mobile) {
          ctx.addIssue({ code: "custom", message: M.delivery.phone_invalid });
          return z.NEVER;
        }
        return mobile;
      }),
    division: z.enum(DIVISION_NAMES, { error: M.delivery.division_required }),
    district: z.string({ error: M.delivery.district_required }).max(50, M.delivery.district_required),
    address: z
      .string({ error: M.delivery.address_required })
      .trim()
      .min(1, M.delivery.address_required)
      .max(300, M.delivery.address_too_long),
  })
  .superRefine((d, ctx) => {
    if (!districtsOf(d.division).some(([name]) => name === d.district)) {
      ctx.addIssue({ code: "custom", path: ["district"], message: M.delivery.district_required });
    }
  });
export type Delivery = z.infer<typeof DeliverySchema>;
