import { z } from "zod";
import { M } from "@shared/messages";
import { MobileSchema } from "./delivery";

/** The longest e-mail address a mail server takes (RFC 5321's path, less its brackets). */
const MAX_EMAIL_LENGTH = 254;

const EmailSchema = z
  .string({ error: M.back_in_stock.email_invalid })
  .max(MAX_EMAIL_LENGTH, M.back_in_stock.email_invalid)
  .transform((text) => text.trim().toLowerCase())
  .pipe(z.email({ error: M.back_in_stock.email_invalid }));

/** An empty field is a field not given: a form posts both its fields, one of them blank. */
const blankAsMissing = (value: unknown) => (value === "" || value === null ? undefined : value);

/**
 * "Tell me when it is back" (`POST /api/back-in-stock`, the product page's form): the tool, the variant when the tool
 * comes in several, and where to tell: a Bangladeshi mobile number (the delivery form's rule) or an e-mail address.
 */
export const BackInStockSchema = z
  .object({
    productId: z.string({ error: M.product.not_found }).max(100, M.product.not_found),
    variantId: z
      .string({ error: M.variant.not_found })
      .max(100, M.variant.not_found)
      .optional()
      .transform((id) => id || undefined),
    phone: z.preprocess(blankAsMissing, MobileSchema.optional()),
    email: z.preprocess(blankAsMissing, EmailSchema.optional()),
  })
  .superRefine(({ phone, email }, ctx) => {
    if (phone === undefined && email === undefined) {
      ctx.addIssue({ code: "custom", message: M.back_in_stock.contact_required, path: ["phone"] });
    } else if (phone !== undefined && email !== undefined) {
      ctx.addIssue({ code: "custom", message: M.back_in_stock.contact_both, path: ["phone"] });
    }
  });
export type BackInStockInput = z.input<typeof BackInStockSchema>;
export type BackInStockAsk = z.output<typeof BackInStockSchema>;
