import { and, desc, eq, isNotNull, ne } from "drizzle-orm";
import type { CourierName } from "@shared/parcels";
import type { Db } from "../../db/client";
import { consignment, consignmentStep, type ConsignmentRow } from "../../db/schema";
import { deliverByCourier, lockOrder } from "../../orders";
import type { ParcelNews } from "../courier";

/** What became of a piece of news: a parcel the store does not know, one it had heard already, or news taken. */
export type NewsOutcome = "unknown" | "repeated" | "taken";

/**
 * A courier's news of a parcel (its webhook, or the store asking), under the order's lock: a step in the parcel's
 * history, once (the same status at the same time again is a replay and changes nothing); the parcel's state, unless
 * the news is older than the state it has (webhooks arrive out of order); and the order delivered when the courier
 * says so.
 */
export async function takeParcelNews(
  db: Db,
  courier: CourierName,
  news: ParcelNews,
  source: "webhook" | "check",
  now = new Date(),
): Promise<NewsOutcome> {
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ id: consignment.id, orderId: consignment.orderId })
      .from(consignment)
      .where(and(eq(consignment.courier, courier), eq(consignment.consignmentRef, news.consignmentRef)));
    if (!found) return "unknown";
    const order = await lockOrder(tx, found.orderId);
    const [parcel] = await tx.select().from(consignment).where(eq(consignment.id, found.id)).for("update");
    const at = news.at ?? now;
    const [step] = await tx
      .insert(consignmentStep)
      .values({
        consignmentId: parcel!.id,
        state: news.state,
        courierStatus: news.courierStatus,
        message: news.message,
        source,
        at,
        receivedAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: consignmentStep.id });
    if (!step) return "repeated";
    const changes: Partial<ConsignmentRow> = { newsAt: now, updatedAt: now };
    if (news.state !== null && !(await newerStateKnown(tx, parcel!.id, step.id, at))) {
      changes.state = news.state;
      changes.courierStatus = news.courierStatus;
    }
    if (news.collectedPoisha !== null) changes.collectedPoisha = news.collectedPoisha;
    if (news.feePoisha !== null) changes.feePoisha = news.feePoisha;
    await tx.update(consignment).set(changes).where(eq(consignment.id, parcel!.id));
    if (changes.state === "delivered") await deliverByCourier(tx, order, courier, news.message);
    return "taken";
  });
}

/** Whether the parcel heard of a later state before this step: then the step is history, not news. */
async function newerStateKnown(tx: Db, consignmentId: string, stepId: number, at: Date): Promise<boolean> {
  const [latest] = await tx
    .select({ at: consignmentStep.at })
    .from(consignmentStep)
    .where(
      and(
        eq(consignmentStep.consignmentId, consignmentId),
        isNotNull(consignmentStep.state),
        ne(consignmentStep.id, stepId),
        // The booking's step has the store's clock, not the courier's: the courier's own news always follows it.
        ne(consignmentStep.source, "booking"),
      ),
    )
    .orderBy(desc(consignmentStep.at))
    .limit(1);
  return latest !== undefined && latest.at > at;
}
