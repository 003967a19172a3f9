import { z } from "zod";
import { ZONE_IDS } from "@shared/delivery-zones";
import { poishaToTk } from "@shared/money";
import type { DeliveryQuote } from "../delivery";
import { uuid } from "../openapi/common-answers";
import { named } from "../openapi/schema-names";

export const DeliveryChargeJson = named(
  "DeliveryChargeJson",
  z.object({
    zone: z.enum(ZONE_IDS),
    charge: z.number().meta({ description: "What delivery costs in Tk." }),
    codAvailable: z.boolean().meta({ description: "Whether cash on delivery is taken there." }),
    advanceDeliveryCharge: z.boolean().meta({
      description: "Whether cash on delivery there needs the delivery charge paid in advance.",
    }),
    freeAbove: z.number().nullable().meta({ description: "Delivery is free from this subtotal in Tk; null: never." }),
  }),
);

export function deliveryChargeJson({ zone, chargePoisha }: DeliveryQuote) {
  return {
    zone: zone.id,
    charge: poishaToTk(chargePoisha),
    codAvailable: zone.codAvailable,
    advanceDeliveryCharge: zone.advanceDeliveryCharge,
    freeAbove: zone.freeAbovePoisha === null ? null : poishaToTk(zone.freeAbovePoisha),
  };
}

export const CheckoutPlaced = named(
  "CheckoutPlaced",
  z.object({
    insertedId: uuid().meta({ description: "The order's id." }),
    total: z.number().meta({ description: "What the order costs in Tk: the goods and the delivery." }),
    advance: z.number().meta({
      description:
        "Cash on delivery where the zone asks for the delivery charge first: that charge in Tk, to pay online now " +
        "(the order stays `unpaid` until it is paid); 0 otherwise.",
    }),
  }),
);
