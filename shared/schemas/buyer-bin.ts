import { z } from "zod";
import { isBin, MAX_BIN_LENGTH } from "@shared/bin";
import { M } from "@shared/messages";

/**
 * The buyer's own VAT Business Identification Number, for a Mushak-6.3 in their business's name: 9 or 13 digits,
 * dashes allowed between them (the rule SHOP_BIN follows). Optional at checkout (`buyerBin`); kept as typed.
 */
export const BuyerBinSchema = z
  .string({ error: M.mushak.buyer_bin_invalid })
  .trim()
  .max(MAX_BIN_LENGTH, M.mushak.buyer_bin_invalid)
  .refine(isBin, M.mushak.buyer_bin_invalid);

/**
 * The buyer's BIN given again later (PUT /api/order/{id}/delivery, the Pay Order page's delivery form): as at
 * checkout, or empty (blank) to take away the one the order keeps. Anything else says checkout's message.
 */
export const BuyerBinChangeSchema = z.union([z.string().trim().length(0), BuyerBinSchema], {
  error: M.mushak.buyer_bin_invalid,
});
