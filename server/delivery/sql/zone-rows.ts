import { asc, eq } from "drizzle-orm";
import type { ZoneSettings } from "@shared/schemas/delivery-zones";
import type { Db } from "../../db/client";
import { deliveryZone } from "../../db/schema";
import type { Zone } from "../charge";

/** The shop's zones, in their order. */
export async function selectZones(db: Db): Promise<Zone[]> {
  const rows = await db.select().from(deliveryZone).orderBy(asc(deliveryZone.position));
  return rows as Zone[];
}

/** Writes every zone's charges and districts at once, in one transaction. */
export async function saveZones(db: Db, zones: ZoneSettings[]): Promise<void> {
  await db.transaction(async (tx) => {
    for (const { id, ...settings } of zones) {
      await tx
        .update(deliveryZone)
        .set({ ...settings, updatedAt: new Date() })
        .where(eq(deliveryZone.id, id));
    }
  });
}
