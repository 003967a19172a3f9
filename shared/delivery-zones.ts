/** The shop's delivery zones, the way Bangladeshi couriers price a parcel. */
export const ZONE_IDS = ["dhaka_city", "dhaka_suburbs", "outside_dhaka"] as const;
export type ZoneId = (typeof ZONE_IDS)[number];

/** The zone that covers every district no other zone names. */
export const FALLBACK_ZONE: ZoneId = "outside_dhaka";

/** A parcel's first kilogram is priced as a whole; each further kilogram or part of one adds the per-kg charge. */
export const GRAMS_PER_KG = 1000;
