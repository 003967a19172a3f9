import { DeliveryZonesSchema } from "@shared/schemas/delivery-zones";
import { adminOnly } from "../context/actor";
import { parseInput } from "../context/parse";
import { perVersion } from "../cache/versioned-cache";
import type { RequestContext } from "../context/request-context";
import type { Zone } from "./charge";
import { saveZones, selectZones } from "./sql/zone-rows";

const keptZonesOf = perVersion<readonly Zone[]>(1);

/**
 * The zones and their charges: public, as every shop shows its delivery charges. Kept until they change (every
 * checkout, quote and checkout page reads them; an admin changes them once in a while).
 */
export function deliveryZones(ctx: RequestContext): Promise<readonly Zone[]> {
  return keptZonesOf(ctx.zonesVersion).get("", () => selectZones(ctx.db));
}

/** /dashboard/delivery and PUT /api/delivery-zones: an admin sets the three zones' charges and districts. */
export async function setDeliveryZones(ctx: RequestContext, raw: unknown): Promise<readonly Zone[]> {
  const actor = await ctx.actor();
  adminOnly(actor);
  const zones = parseInput(DeliveryZonesSchema, raw);
  await saveZones(ctx.db, zones);
  // This copy reads its own change at once, without waiting for the announcement.
  ctx.zonesVersion.bump();
  return deliveryZones(ctx);
}
