import { and, eq, ne, or } from "drizzle-orm";
import { M } from "@shared/messages";
import { formatInvoiceNumber } from "@shared/invoice-number";
import type { CourierName } from "@shared/parcels";
import { lineTitle } from "@shared/variants";
import type { SessionUser } from "../../auth/session";
import type { Db } from "../../db/client";
import { consignment, consignmentStep, order, type ConsignmentRow } from "../../db/schema";
import { conflict } from "../../errors";
import {
  assertAllowed,
  hasHeldPayment,
  lockOrder,
  orderFacts,
  selectLines,
  shipLockedOrder,
  type Order,
} from "../../orders";
import type { Booking, ParcelRequest } from "../courier";

/** A booking that has not heard back in this long was lost (its process stopped): another may take it over. */
export const LOST_BOOKING_MS = 2 * 60_000;

export type Claim =
  { kind: "booked"; parcel: ConsignmentRow } | { kind: "ask"; parcel: ConsignmentRow; request: ParcelRequest };

/**
 * An admin's claim on booking an order's parcel, under the order's lock: the parcel it has already (booking twice
 * asks the courier once), or a `booking` row written before the courier is asked, so that a second click waits for
 * the first. Only a paid order, or a cash-on-delivery order the shop confirmed, not yet shipped, with its delivery
 * details and invoice number.
 */
export async function claimBooking(
  db: Db,
  actor: SessionUser,
  orderId: string | null,
  courier: CourierName,
  now = new Date(),
): Promise<Claim> {
  return db.transaction(async (tx) => {
    const row = await lockOrder(tx, orderId);
    const [existing] = await tx.select().from(consignment).where(eq(consignment.orderId, row.id));
    if (existing && existing.state !== "booking") return { kind: "booked", parcel: existing };
    if (existing && now.getTime() - existing.updatedAt.getTime() < LOST_BOOKING_MS) {
      throw conflict(M.courier.booking_in_flight);
    }
    const confirmed = row.status === "paid" || (row.status === "cod" && row.confirmedAt !== null);
    if (!confirmed) throw conflict(M.courier.cannot_book);
    assertAllowed(orderFacts(row, await hasHeldPayment(tx, row.id)), actor, "ship");
    if (!row.delivery || row.invoiceNumber === null) throw conflict(M.courier.no_delivery);
    const codPoisha = row.status === "cod" ? row.totalPoisha - row.advancePoisha : 0;
    const values = {
      courier,
      state: "booking" as const,
      codPoisha,
      bookedBy: actor.id,
      lastError: null,
      updatedAt: now,
    };
    const [parcel] = existing
      ? await tx.update(consignment).set(values).where(eq(consignment.id, existing.id)).returning()
      : await tx
          .insert(consignment)
          .values({ ...values, orderId: row.id })
          .returning();
    return { kind: "ask", parcel: parcel!, request: await requestOf(tx, row, codPoisha) };
  });
}

/** The parcel as the courier is told it: the order's invoice, the delivery, what to collect and what is in it. */
async function requestOf(tx: Db, row: Order, codPoisha: number): Promise<ParcelRequest> {
  const lines = (await selectLines(tx, [row.id])).get(row.id) ?? [];
  const delivery = row.delivery!;
  return {
    invoice: formatInvoiceNumber(row.invoiceNumber!),
    recipientName: delivery.name,
    phone: delivery.phone,
    address: [delivery.address, delivery.district, delivery.division].join(", "),
    street: delivery.address,
    district: delivery.district,
    codPoisha,
    weightGrams: row.weightGrams,
    itemCount: lines.reduce((n, l) => n + l.quantity, 0) || row.quantity,
    description: lines
      .map((l) => `${lineTitle({ name: l.name, nameBn: null, variant: l.variantLabel }, "en")} × ${l.quantity}`)
      .join(", "),
    note: null,
  };
}

/**
 * The invoice number of another order whose parcel is this consignment (the courier's id for it) or has this
 * tracking code; null when no other order has it. An order without an invoice number is named by its id.
 */
export async function invoiceHoldingParcel(
  db: Db,
  orderId: string,
  courier: CourierName,
  consignmentRef: string,
  trackingCode: string,
): Promise<string | null> {
  const [found] = await db
    .select({ id: order.id, invoiceNumber: order.invoiceNumber })
    .from(consignment)
    .innerJoin(order, eq(order.id, consignment.orderId))
    .where(
      and(
        ne(consignment.orderId, orderId),
        or(
          and(eq(consignment.courier, courier), eq(consignment.consignmentRef, consignmentRef)),
          eq(consignment.trackingCode, trackingCode),
        ),
      ),
    )
    .limit(1);
  if (!found) return null;
  return found.invoiceNumber === null ? found.id : formatInvoiceNumber(found.invoiceNumber);
}

/** A booking the courier refused or did not answer: gone, so the order is as it was and may be booked again. */
export async function dropBooking(db: Db, id: string): Promise<void> {
  await db.delete(consignment).where(eq(consignment.id, id));
}

/**
 * The courier's answer: the parcel booked (its consignment id, tracking code and state), its first step, and the
 * order shipped, in one transaction under the order's lock.
 */
export async function recordBooking(
  db: Db,
  actor: SessionUser,
  parcel: ConsignmentRow,
  booking: Booking,
  now = new Date(),
): Promise<ConsignmentRow> {
  return db.transaction(async (tx) => {
    const row = await lockOrder(tx, parcel.orderId);
    const [booked] = await tx
      .update(consignment)
      .set({
        state: booking.state === "booking" ? "booked" : booking.state,
        consignmentRef: booking.consignmentRef,
        trackingCode: booking.trackingCode,
        courierStatus: booking.courierStatus,
        feePoisha: booking.feePoisha,
        newsAt: now,
        updatedAt: now,
      })
      .where(eq(consignment.id, parcel.id))
      .returning();
    await tx.insert(consignmentStep).values({
      consignmentId: parcel.id,
      state: booked!.state,
      courierStatus: booking.courierStatus,
      source: "booking",
      at: now,
    });
    await shipLockedOrder(tx, actor, row, `${parcel.courier} ${booking.trackingCode}`);
    return booked!;
  });
}
