import type { z } from "zod";
import { BuyerBinChangeSchema } from "./buyer-bin";
import { DeliverySchema } from "./delivery";

/**
 * PUT /api/order/{id}/delivery and the Pay Order page's delivery form: where an unpaid order goes (DeliverySchema's
 * fields), and optionally the buyer's BIN for its Mushak-6.3, as at checkout: absent, the order keeps the one it
 * has; empty, it keeps none.
 */
export const DeliveryChangeSchema = DeliverySchema.safeExtend({ buyerBin: BuyerBinChangeSchema.optional() });
export type DeliveryChangeInput = z.input<typeof DeliveryChangeSchema>;
