import { z } from "zod";
import { M } from "@shared/messages";

/** Bangla digits (০–৯) as the buyer may type them, in the ASCII digits the code is made of. */
const asciiDigits = (text: string) => text.replace(/[০-৯]/g, (d) => String(d.charCodeAt(0) - 0x09e6));

/**
 * The code sent to a cash-on-delivery order's phone (`POST /api/order/{id}/phone-code/verify`, and the order's page):
 * six digits, English or Bangla, spaces and dashes between them allowed.
 */
export const PhoneCodeSchema = z.object({
  code: z
    .string({ error: M.phone_code.code_shape })
    .max(20, M.phone_code.code_shape)
    .transform((text) => asciiDigits(text).replace(/[\s-]/g, ""))
    .refine((code) => /^\d{6}$/.test(code), M.phone_code.code_shape),
});
export type PhoneCodeInput = z.output<typeof PhoneCodeSchema>;
