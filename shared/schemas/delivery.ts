import { z } from "zod";
import { DIVISION_NAMES, districtsOf, normalizeMobile } from "@shared/bangladesh";
import { M } from "@shared/messages";
import { MAX_NAME_LENGTH, text } from "./text";

/** A Bangladeshi mobile number as typed (spaces, dashes, +880 allowed), kept as 01XXXXXXXXX. */
export const MobileSchema = z
  .string({ error: M.delivery.phone_invalid })
  .max(30, M.delivery.phone_invalid)
  .transform((text, ctx) => {
    const mobile = normalizeMobile(text);
    if (!mobile) {
      ctx.addIssue({ code: "custom", message: M.delivery.phone_invalid });
      return z.NEVER;
    }
    return mobile;
  });

/**
 * Where an order goes: a name, a Bangladeshi mobile number, a division and one of its districts from the
 * real lists, and a free-text line (house, road, area). PUT /api/order/{id}/delivery and POST /api/order's
 * `delivery`; the Pay Order page's form uses it too.
 */
export const DeliverySchema = z
  .object({
    name: text({
      max: MAX_NAME_LENGTH,
      required: M.delivery.name_required,
      tooLong: M.delivery.name_too_long,
      unsafe: M.delivery.name_unsafe,
    }),
    phone: MobileSchema,
    division: z.enum(DIVISION_NAMES, { error: M.delivery.division_required }),
    district: z.string({ error: M.delivery.district_required }).max(50, M.delivery.district_required),
    address: text({
      max: 300,
      required: M.delivery.address_required,
      tooLong: M.delivery.address_too_long,
      unsafe: M.delivery.address_unsafe,
    }),
  })
  .superRefine((d, ctx) => {
    if (!districtsOf(d.division).some(([name]) => name === d.district)) {
      ctx.addIssue({ code: "custom", path: ["district"], message: M.delivery.district_required });
    }
  });
export type Delivery = z.infer<typeof DeliverySchema>;
