import { DeliveryZonesSchema } from "@shared/schemas/delivery-zones";
import { adminOnly } from "../context/actor";
import { parseInput } from "../context/parse";
import type { RequestContext } from "../context/request-context";
import type { Zone } from "./charge";
import { saveZones, selectZones } from "./sql/zone-rows";

/** The zones and their charges: public, as every shop shows its delivery charges. */
export function deliveryZones(ctx: RequestContext): Promise<Zone[]> {
  return selectZones(ctx.db);
}

/** /dashboard/delivery and PUT /api/delivery-zones: an admin sets the three zones' charges and districts. */
export async function setDeliveryZones(ctx: RequestContext, raw: unknown): Promise<Zone[]> {
  const actor = await ctx.actor();
  adminOnly(actor);
  const zones = parseInput(DeliveryZonesSchema, raw);
  await saveZones(ctx.db, zones);
  return selectZones(ctx.db);
}
