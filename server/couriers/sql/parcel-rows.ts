import { asc, inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { consignment, consignmentStep, order, type ConsignmentRow } from "../../db/schema";

export type ParcelStepRow = typeof consignmentStep.$inferSelect;

/** The orders' parcels, by order, each with its steps in the courier's order (two queries for the lot). */
export async function selectParcelsOfOrders(
  db: Db,
  orderIds: string[],
): Promise<Map<string, { parcel: ConsignmentRow; steps: ParcelStepRow[] }>> {
  const found = new Map<string, { parcel: ConsignmentRow; steps: ParcelStepRow[] }>();
  if (orderIds.length === 0) return found;
  const parcels = await db.select().from(consignment).where(inArray(consignment.orderId, orderIds));
  if (parcels.length === 0) return found;
  const steps = await db
    .select()
    .from(consignmentStep)
    .where(
      inArray(
        consignmentStep.consignmentId,
        parcels.map((p) => p.id),
      ),
    )
    .orderBy(asc(consignmentStep.at), asc(consignmentStep.id));
  for (const parcel of parcels) {
    found.set(parcel.orderId, { parcel, steps: steps.filter((s) => s.consignmentId === parcel.id) });
  }
  return found;
}

/** The orders of these ids (any buyer's: for an admin), in no particular order. */
export async function selectOrdersByIds(db: Db, orderIds: string[]) {
  return orderIds.length === 0 ? [] : db.select().from(order).where(inArray(order.id, orderIds));
}
