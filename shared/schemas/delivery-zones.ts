import { z } from "zod";
import { DISTRICT_NAMES } from "@shared/bangladesh";
import { FALLBACK_ZONE, ZONE_IDS } from "@shared/delivery-zones";
import { M } from "@shared/messages";
import { tkToPoisha } from "@shared/money";
import { MAX_WEIGHT_GRAMS } from "@shared/weight";

const ALL_DISTRICTS = DISTRICT_NAMES;
export const MAX_CHARGE_TK = 10_000;
export const MAX_FREE_ABOVE_TK = 10_000_000;

const inPoishaExactly = (tk: number) => Math.abs(tk * 100 - Math.round(tk * 100)) < 1e-6;

const charge = z
  .number({ error: M.zone.charge_invalid })
  .min(0, M.zone.charge_invalid)
  .max(MAX_CHARGE_TK, M.zone.charge_invalid)
  .refine(inPoishaExactly, M.zone.charge_invalid);

/** One zone as an admin sets it at /dashboard/delivery and PUT /api/delivery-zones (money in Tk). */
export const ZoneFields = z.object({
  id: z.enum(ZONE_IDS, { error: M.zone.unknown }),
  firstKg: charge,
  perKg: charge,
  freeAbove: z
    .number({ error: M.zone.free_above_invalid })
    .min(1, M.zone.free_above_invalid)
    .max(MAX_FREE_ABOVE_TK, M.zone.free_above_invalid)
    .refine(inPoishaExactly, M.zone.free_above_invalid)
    .nullable(),
  codAvailable: z.boolean({ error: M.request.invalid }),
  advanceDeliveryCharge: z.boolean({ error: M.request.invalid }),
  districts: z.array(z.string({ error: M.zone.district_unknown }).max(50, M.zone.district_unknown)).max(64),
});

/**
 * The three zones at once: each named once, every district a real one and in one zone at most. The fallback zone
 * (Outside Dhaka) covers what the others do not name; districts listed for it are dropped.
 */
export const DeliveryZonesSchema = z
  .object({
    zones: z.array(ZoneFields, { error: M.zone.zones_required }).length(ZONE_IDS.length, M.zone.zones_required),
  })
  .superRefine(({ zones }, ctx) => {
    if (new Set(zones.map((z) => z.id)).size !== ZONE_IDS.length) {
      ctx.addIssue({ code: "custom", path: ["zones"], message: M.zone.zones_required });
      return;
    }
    const seen = new Set<string>();
    zones.forEach((zone, i) => {
      if (zone.id === FALLBACK_ZONE) return;
      for (const district of zone.districts) {
        if (!ALL_DISTRICTS.has(district)) {
          ctx.addIssue({ code: "custom", path: ["zones", i, "districts"], message: M.zone.district_unknown });
        } else if (seen.has(district)) {
          ctx.addIssue({ code: "custom", path: ["zones", i, "districts"], message: M.zone.district_twice });
        }
        seen.add(district);
      }
    });
  })
  .transform(({ zones }) =>
    zones.map((zone) => ({
      id: zone.id,
      firstKgPoisha: tkToPoisha(zone.firstKg),
      perKgPoisha: tkToPoisha(zone.perKg),
      freeAbovePoisha: zone.freeAbove === null ? null : tkToPoisha(zone.freeAbove),
      codAvailable: zone.codAvailable,
      advanceDeliveryCharge: zone.advanceDeliveryCharge,
      districts: zone.id === FALLBACK_ZONE ? [] : [...new Set(zone.districts)].sort(),
    })),
  );
export type DeliveryZonesInput = z.input<typeof DeliveryZonesSchema>;
export type ZoneSettings = z.output<typeof DeliveryZonesSchema>[number];

/** GET /api/delivery-charge: a district, and the parcel's weight in grams (else the caller's cart). */
export const DeliveryChargeQuery = z.object({
  district: z
    .string({ error: M.delivery.district_required })
    .max(50, M.delivery.district_required)
    .refine((d) => ALL_DISTRICTS.has(d), M.delivery.district_required),
  weight: z.coerce
    .number({ error: M.zone.weight_invalid })
    .int(M.zone.weight_invalid)
    .min(0, M.zone.weight_invalid)
    .max(MAX_WEIGHT_GRAMS * 1000, M.zone.weight_invalid)
    .optional(),
});
