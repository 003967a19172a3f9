import { and, asc, desc, eq, inArray, isNotNull, lt, ne, notInArray, or, isNull, sql } from "drizzle-orm";
import type { CourierName } from "@shared/parcels";
import type { Db } from "../../db/client";
import { consignment, consignmentStep, type ConsignmentRow } from "../../db/schema";
import { collectedByCourier, deliverByCourier, lockOrder } from "../../orders";
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
    // An answer to the store's question that says what the parcel said last is no step of its history.
    if (source === "check" && news.courierStatus === parcel!.courierStatus) {
      await tx.update(consignment).set({ newsAt: now }).where(eq(consignment.id, parcel!.id));
      return "repeated";
    }
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
    const handedOver = changes.state === "delivered" || changes.state === "partly_delivered";
    // The courier holds the cash it collected from the moment it says the parcel was handed over, until its payout.
    if (handedOver && parcel!.codPoisha > 0 && parcel!.collectedAt === null) {
      changes.collectedAt = now;
      changes.collectedPoisha ??= parcel!.collectedPoisha ?? (changes.state === "delivered" ? parcel!.codPoisha : 0);
    }
    await tx.update(consignment).set(changes).where(eq(consignment.id, parcel!.id));
    if (changes.state === "delivered") {
      await deliverByCourier(tx, order, courier, news.message);
      const collected = changes.collectedPoisha ?? parcel!.collectedPoisha ?? 0;
      await collectedByCourier(tx, order, courier, parcel!.consignmentRef!, collected);
    }
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

/** The states a parcel leaves only by a person's hand (a return received): the courier has no more news of them. */
export const SETTLED_STATES = ["delivered", "returned", "cancelled", "booking"] as const;

/**
 * Parcels of the couriers given that have had no news for `quietMinutes`, claimed for this copy of the store: their
 * `news_at` moved to now under `SKIP LOCKED`, so two copies never ask about the same parcel in one round.
 */
export async function claimQuietParcels(
  db: Db,
  couriers: CourierName[],
  quietMinutes: number,
  now: Date,
  limit = 50,
): Promise<{ courier: CourierName; consignmentRef: string }[]> {
  if (couriers.length === 0) return [];
  const before = new Date(now.getTime() - quietMinutes * 60_000).toISOString();
  const quiet = db
    .select({ id: consignment.id })
    .from(consignment)
    .where(
      and(
        inArray(consignment.courier, couriers),
        notInArray(consignment.state, [...SETTLED_STATES]),
        or(isNull(consignment.newsAt), lt(consignment.newsAt, sql`${before}::timestamptz`)),
      ),
    )
    .orderBy(asc(consignment.newsAt))
    .limit(limit)
    .for("update", { skipLocked: true });
  const claimed = await db
    .update(consignment)
    .set({ newsAt: now })
    .where(sql`${consignment.id} in (${quiet})`)
    .returning({ courier: consignment.courier, consignmentRef: consignment.consignmentRef });
  return claimed.map((c) => ({ courier: c.courier, consignmentRef: c.consignmentRef! }));
}

/** A parcel by its tracking code, with its steps in the courier's order; undefined when no parcel has that code. */
export async function parcelByTrackingCode(
  db: Db,
  trackingCode: string,
): Promise<{ parcel: ConsignmentRow; steps: (typeof consignmentStep.$inferSelect)[] } | undefined> {
  const [parcel] = await db.select().from(consignment).where(eq(consignment.trackingCode, trackingCode));
  if (!parcel) return undefined;
  const steps = await db
    .select()
    .from(consignmentStep)
    .where(eq(consignmentStep.consignmentId, parcel.id))
    .orderBy(asc(consignmentStep.at), asc(consignmentStep.id));
  return { parcel, steps };
}

/** Whether the store booked a parcel with this courier under this consignment id. */
export async function parcelBooked(db: Db, courier: CourierName, consignmentRef: string): Promise<boolean> {
  const [found] = await db
    .select({ id: consignment.id })
    .from(consignment)
    .where(and(eq(consignment.courier, courier), eq(consignment.consignmentRef, consignmentRef)));
  return found !== undefined;
}
