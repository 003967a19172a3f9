import { inArray, sql } from "drizzle-orm";
import { unionAll } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client";
import { order } from "../../db/schema";

/** How a set of orders ended: what a shop asks before it sends goods for cash on delivery. */
export interface Outcomes {
  delivered: number;
  /** Cancelled by anyone; `cancelledByShop` of them by the shop (a parcel refused, a buyer not reached…). */
  cancelled: number;
  cancelledByShop: number;
  /** Ran out of time unpaid or unconfirmed; `expiredCod` of them cash-on-delivery orders the shop never confirmed. */
  expired: number;
  expiredCod: number;
  /** Not closed yet: placed, paid, cash on delivery or shipped. */
  open: number;
}

export interface OutcomesByKey {
  /** By buyer id. */
  buyers: Map<string, Outcomes>;
  /** By delivery phone, any account. */
  phones: Map<string, Outcomes>;
}

const NONE: Outcomes = { delivered: 0, cancelled: 0, cancelledByShop: 0, expired: 0, expiredCod: 0, open: 0 };

/** Outcomes with nothing counted: a buyer or phone with no orders. */
export const noOutcomes = (): Outcomes => ({ ...NONE });

const counted = (where: ReturnType<typeof sql>) => sql<number>`count(*) filter (where ${where})`.mapWith(Number);

const COUNTS = {
  delivered: counted(sql`${order.status} = 'delivered'`),
  cancelled: counted(sql`${order.status} = 'cancelled'`),
  cancelledByShop: counted(sql`${order.status} = 'cancelled' and ${order.cancelledBy} = 'admin'`),
  expired: counted(sql`${order.status} = 'expired'`),
  expiredCod: counted(sql`${order.status} = 'expired' and ${order.paymentMethod} = 'cod'`),
  open: counted(sql`${order.status} in ('unpaid', 'paid', 'cod', 'shipped')`),
};

const phoneOf = sql<string>`${order.delivery} ->> 'phone'`;

/**
 * The outcomes of every order of some buyers (by account) and of some delivery phones (any account), in one
 * query: a union of the two groupings, each read through its index (`order_buyer_created_idx` on buyer_id,
 * `order_phone_idx` on the phone).
 */
export async function outcomesOf(
  db: Db,
  { buyerIds, phones }: { buyerIds: readonly string[]; phones: readonly string[] },
): Promise<OutcomesByKey> {
  const found: OutcomesByKey = { buyers: new Map(), phones: new Map() };
  const buyers = [...new Set(buyerIds)];
  const numbers = [...new Set(phones)];
  if (buyers.length === 0 && numbers.length === 0) return found;
  const byBuyer = db
    .select({ kind: sql<string>`'buyer'`.as("kind"), key: sql<string>`${order.buyerId}`.as("key"), ...COUNTS })
    .from(order)
    .where(inArray(order.buyerId, buyers))
    .groupBy(order.buyerId);
  const byPhone = db
    .select({ kind: sql<string>`'phone'`.as("kind"), key: sql<string>`${phoneOf}`.as("key"), ...COUNTS })
    .from(order)
    .where(inArray(phoneOf, numbers))
    .groupBy(phoneOf);
  const rows = await unionAll(byBuyer, byPhone);
  for (const { kind, key, ...outcomes } of rows) {
    (kind === "buyer" ? found.buyers : found.phones).set(key, outcomes);
  }
  return found;
}
