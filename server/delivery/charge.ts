import { FALLBACK_ZONE, GRAMS_PER_KG, type ZoneId } from "@shared/delivery-zones";
import type { DeliveryZoneRow } from "../db/schema";

export type Zone = Pick<
  DeliveryZoneRow,
  "id" | "firstKgPoisha" | "perKgPoisha" | "freeAbovePoisha" | "codAvailable" | "advanceDeliveryCharge" | "districts"
> & { id: ZoneId };

/** The zone a district is in: the one that names it, else the fallback (Outside Dhaka). */
export function zoneOf(zones: readonly Zone[], district: string): Zone {
  return zones.find((z) => z.districts.includes(district)) ?? zones.find((z) => z.id === FALLBACK_ZONE)!;
}

/**
 * What delivering a parcel costs in a zone, in poisha: the first kilogram (or less) at the zone's price, each
 * further kilogram or part of one at its per-kg price (2.3 kg = the first + 2 more); nothing when the goods come to
 * the zone's free-delivery amount or more.
 */
export function chargeFor(zone: Zone, weightGrams: number, subtotalPoisha: number): number {
  if (zone.freeAbovePoisha !== null && subtotalPoisha >= zone.freeAbovePoisha) return 0;
  const furtherKgs = Math.max(0, Math.ceil((weightGrams - GRAMS_PER_KG) / GRAMS_PER_KG));
  return zone.firstKgPoisha + furtherKgs * zone.perKgPoisha;
}

/** What a parcel to a district costs, with the zone that priced it. */
export interface DeliveryQuote {
  zone: Zone;
  chargePoisha: number;
}

export function quoteFor(zones: readonly Zone[], district: string, weightGrams: number, subtotalPoisha: number) {
  const zone = zoneOf(zones, district);
  return { zone, chargePoisha: chargeFor(zone, weightGrams, subtotalPoisha) } satisfies DeliveryQuote;
}
