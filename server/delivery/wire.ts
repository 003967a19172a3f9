import { z } from "zod";
import { ZONE_IDS } from "@shared/delivery-zones";
import { poishaToTk } from "@shared/money";
import { uuid } from "../openapi/common-answers";
import { named } from "../openapi/schema-names";
import type { Zone } from "./charge";
import type { SavedAddress } from "./sql/address-rows";

/** Where an order goes (Bangladeshi mobile number, division and district from the real lists). */
export const DeliveryJson = named(
  "DeliveryJson",
  z.object({
    name: z.string(),
    phone: z.string().meta({ description: "Bangladeshi mobile number, 01XXXXXXXXX." }),
    division: z.string(),
    district: z.string(),
    address: z.string(),
  }),
);
export type DeliveryJson = z.output<typeof DeliveryJson>;

/** A delivery zone as the API answers it (money in Tk). */
export const ZoneJson = named(
  "ZoneJson",
  z.object({
    id: z.enum(ZONE_IDS),
    firstKg: z.number().meta({ description: "Tk for a parcel up to 1 kg." }),
    perKg: z.number().meta({ description: "Tk for each further kilogram or part of one." }),
    freeAbove: z
      .number()
      .nullable()
      .meta({ description: "Delivery is free when the goods come to this many Tk or more; null: never free." }),
    codAvailable: z.boolean().meta({ description: "Whether cash on delivery is taken in the zone." }),
    advanceDeliveryCharge: z.boolean().meta({
      description: "Whether a cash-on-delivery order pays the delivery charge in advance here.",
    }),
    districts: z.array(z.string()).meta({
      description: "The districts the zone covers; `outside_dhaka` covers every district the others do not name.",
    }),
  }),
);
export type ZoneJson = z.output<typeof ZoneJson>;
export const ZoneList = named("ZoneList", z.array(ZoneJson));

export function zoneJson(zone: Zone): ZoneJson {
  return {
    id: zone.id,
    firstKg: poishaToTk(zone.firstKgPoisha),
    perKg: poishaToTk(zone.perKgPoisha),
    freeAbove: zone.freeAbovePoisha === null ? null : poishaToTk(zone.freeAbovePoisha),
    codAvailable: zone.codAvailable,
    advanceDeliveryCharge: zone.advanceDeliveryCharge,
    districts: zone.districts,
  };
}

/** One address of a customer's address book. */
export const SavedAddressJson = named(
  "SavedAddressJson",
  z.object({ _id: uuid(), delivery: DeliveryJson, isDefault: z.boolean() }),
);
export const SavedAddressList = named("SavedAddressList", z.array(SavedAddressJson));

export function savedAddressJson(a: SavedAddress) {
  return { _id: a.id, delivery: a.delivery, isDefault: a.isDefault };
}
