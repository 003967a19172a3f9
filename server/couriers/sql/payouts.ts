import { and, asc, desc, eq, inArray, isNotNull, isNull, or, sql } from "drizzle-orm";
import { M } from "@shared/messages";
import { poishaToTk } from "@shared/money";
import { formatInvoiceNumber } from "@shared/invoice-number";
import type { CourierName } from "@shared/parcels";
import type { CourierPayoutInput } from "@shared/schemas/courier-payout";
import type { Db } from "../../db/client";
import { consignment, courierPayout, order, type CourierPayoutRow } from "../../db/schema";
import { conflict } from "../../errors";
import { recordEvent } from "../../orders";

/** A parcel whose cash (or whose fee, for one brought back) a courier has not yet settled with the shop. */
export interface HeldParcel {
  orderId: string;
  courier: CourierName;
  invoiceNumber: number | null;
  trackingCode: string | null;
  state: string;
  collectedPoisha: number;
  feePoisha: number;
  collectedAt: Date | null;
}

/**
 * Which parcels a payout may settle: cash the courier collected and has not paid out, or a returned parcel whose
 * fee the courier will take from its next payout.
 */
const unsettled = and(
  isNull(consignment.payoutId),
  or(isNotNull(consignment.collectedAt), and(eq(consignment.state, "returned"), isNotNull(consignment.feePoisha))),
);

const heldColumns = {
  orderId: consignment.orderId,
  courier: consignment.courier,
  invoiceNumber: order.invoiceNumber,
  trackingCode: consignment.trackingCode,
  state: consignment.state,
  // Cash counts from when the courier said it handed the parcel over; a returned parcel's figure is only what it was
  // to collect.
  collectedPoisha: sql<number>`case when ${consignment.collectedAt} is null then 0
    else coalesce(${consignment.collectedPoisha}, 0) end`.mapWith(Number),
  feePoisha: sql<number>`coalesce(${consignment.feePoisha}, 0)`.mapWith(Number),
  collectedAt: consignment.collectedAt,
};

/** The parcels a courier has not settled yet, the oldest first, a page at a time (Payouts, and its call). */
export async function heldParcels(
  db: Db,
  courier: CourierName,
  page: { offset: number; limit: number },
): Promise<{ parcels: HeldParcel[]; total: number }> {
  const where = and(eq(consignment.courier, courier), unsettled);
  const [parcels, [counted]] = await Promise.all([
    db
      .select(heldColumns)
      .from(consignment)
      .innerJoin(order, eq(order.id, consignment.orderId))
      .where(where)
      .orderBy(asc(consignment.collectedAt), asc(consignment.id))
      .offset(page.offset)
      .limit(page.limit),
    db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(consignment)
      .where(where),
  ]);
  return { parcels, total: counted?.n ?? 0 };
}

/**
 * Records a courier's payout of the named orders' cash: their parcels locked in id order (two payouts naming the same
 * parcel wait for each other, and the second finds it settled), each the courier's and unsettled, and the amount
 * equal to their collected cash less the courier's fees — else nothing is written and the admin reads which orders
 * or what difference. Each order's history says it was settled.
 */
export async function recordPayout(
  db: Db,
  adminId: string,
  input: CourierPayoutInput,
  now = new Date(),
): Promise<CourierPayoutRow> {
  return db.transaction(async (tx) => {
    const locked = await tx
      .select({ id: consignment.id })
      .from(consignment)
      .where(inArray(consignment.orderId, input.orders))
      .orderBy(asc(consignment.id))
      .for("update");
    const parcels =
      locked.length === 0
        ? []
        : await tx
            .select({ ...heldColumns, id: consignment.id })
            .from(consignment)
            .innerJoin(order, eq(order.id, consignment.orderId))
            .where(
              and(
                inArray(
                  consignment.id,
                  locked.map((p) => p.id),
                ),
                unsettled,
              ),
            );
    const held = new Map(parcels.filter((p) => p.courier === input.courier).map((p) => [p.orderId, p]));
    const missing = input.orders.filter((id) => !held.has(id));
    if (missing.length > 0) {
      const invoices = await invoicesOf(tx, missing);
      throw conflict(M.payout.not_payable, { count: missing.length, invoices: invoices.join(", ") });
    }
    const collected = [...held.values()].reduce((sum, p) => sum + p.collectedPoisha, 0);
    const fee = [...held.values()].reduce((sum, p) => sum + p.feePoisha, 0);
    if (collected - fee !== input.amountPoisha) {
      throw conflict(M.payout.does_not_add_up, {
        expected: poishaToTk(collected - fee),
        given: poishaToTk(input.amountPoisha),
        difference: poishaToTk(input.amountPoisha - (collected - fee)),
      });
    }
    const [payout] = await tx
      .insert(courierPayout)
      .values({
        courier: input.courier,
        amountPoisha: input.amountPoisha,
        collectedPoisha: collected,
        feePoisha: fee,
        reference: input.reference,
        recordedBy: adminId,
        createdAt: now,
      })
      .returning();
    const ids = [...held.values()].map((p) => p.id);
    await tx.update(consignment).set({ payoutId: payout!.id, updatedAt: now }).where(inArray(consignment.id, ids));
    for (const orderId of input.orders) {
      await recordEvent(
        tx,
        orderId,
        "settled",
        { by: "admin", userId: adminId },
        { at: now, reason: payoutNote(payout!) },
      );
    }
    return payout!;
  });
}

const payoutNote = (p: CourierPayoutRow) => `${p.courier} payout ${p.id}${p.reference ? ` (${p.reference})` : ""}`;

/** How the admin knows the orders: their invoice numbers, or the start of their ids. */
async function invoicesOf(tx: Db, orderIds: string[]): Promise<string[]> {
  const rows = await tx
    .select({ id: order.id, invoiceNumber: order.invoiceNumber })
    .from(order)
    .where(inArray(order.id, orderIds));
  const byId = new Map(rows.map((r) => [r.id, r.invoiceNumber]));
  return orderIds.slice(0, 20).map((id) => {
    const n = byId.get(id);
    return n ? formatInvoiceNumber(n) : id.slice(0, 8);
  });
}

/** The shop's payouts, the newest first, a page at a time. */
export async function payoutPage(
  db: Db,
  page: { offset: number; limit: number },
): Promise<{ payouts: (CourierPayoutRow & { parcels: number })[]; total: number }> {
  const [payouts, [counted]] = await Promise.all([
    db
      .select({
        payout: courierPayout,
        parcels: sql<number>`(select count(*) from ${consignment} c where c.payout_id = ${courierPayout}.id)`.mapWith(
          Number,
        ),
      })
      .from(courierPayout)
      .orderBy(desc(courierPayout.createdAt), desc(courierPayout.id))
      .offset(page.offset)
      .limit(page.limit),
    db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(courierPayout),
  ]);
  return { payouts: payouts.map((p) => ({ ...p.payout, parcels: p.parcels })), total: counted?.n ?? 0 };
}
