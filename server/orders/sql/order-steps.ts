import { randomBytes } from "node:crypto";
import { and, asc, eq, isNotNull, isNull, sql, sum } from "drizzle-orm";
import { M } from "@shared/messages";
import { holdingLimit } from "@shared/quantity";
import type { Delivery } from "@shared/schemas/delivery";
import type { SessionUser } from "../../auth/session";
import type { Db } from "../../db/client";
import { order, orderLine, payment, product, type OrderRow } from "../../db/schema";
import { conflict, type AppError } from "../../errors";
import { issueInvoice } from "./invoices";
import { personOf, recordEvent, type EventActor } from "./order-history";
import { assertAllowed, hasHeldPayment, lockOrder, orderFacts, type Order } from "./order-rows";

type Changes = Partial<
  Pick<
    OrderRow,
    | "status"
    | "paymentMethod"
    | "delivery"
    | "transactionId"
    | "expiresAt"
    | "confirmedAt"
    | "deliveryZone"
    | "deliveryChargePoisha"
    | "advancePoisha"
    | "buyerBin"
  >
>;

async function save(tx: Db, id: string, changes: Changes): Promise<Order> {
  const [row] = await tx
    .update(order)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(order.id, id))
    .returning();
  return row!;
}

/**
 * The buyer says where an unpaid order goes, and with `buyerBin` (a BIN, or null for none) whose BIN its Mushak-6.3
 * names; undefined leaves the BIN as it is. An order placed at checkout was charged for its delivery zone: a new
 * district is charged again, for the same goods, by `charge`.
 */
export async function updateDelivery(
  db: Db,
  actor: SessionUser,
  orderId: string | null,
  { delivery, buyerBin }: { delivery: Delivery; buyerBin: string | null | undefined },
  charge: (district: string, parcel: Parcel) => { zone: string; chargePoisha: number },
) {
  return db.transaction(async (tx) => {
    const row = await lockOrder(tx, orderId);
    assertAllowed(orderFacts(row, false), actor, "set_delivery");
    const bin = buyerBin === undefined ? {} : { buyerBin };
    if (row.deliveryZone === null) return save(tx, row.id, { delivery, ...bin });
    const quote = charge(delivery.district, { weightGrams: row.weightGrams, subtotalPoisha: row.payablePoisha });
    // A cash-on-delivery choice waiting for its advance was made for the old district: the buyer chooses again.
    return save(tx, row.id, {
      delivery,
      ...bin,
      deliveryZone: quote.zone,
      deliveryChargePoisha: quote.chargePoisha,
      advancePoisha: 0,
    });
  });
}

/** What a parcel's delivery charge is reckoned from. */
export interface Parcel {
  weightGrams: number;
  subtotalPoisha: number;
}

export interface CashOnDeliveryOptions {
  /** How long the order waits for the shop's confirmation before it expires: COD_CONFIRM_HOURS. */
  confirmHours: number;
  now?: Date | undefined;
  /** Why the order's delivery district takes no cash on delivery (its zone's rule), or null when it does. */
  refusalFor?: ((district: string) => AppError | null) | undefined;
  /** Whether cash on delivery to the district pays the delivery charge online first (its zone's rule). */
  advanceIn?: ((district: string) => boolean) | undefined;
  /**
   * Sends a code to the order's phone as it starts waiting for confirmation, in the same transaction
   * (COD_VERIFY_PHONE, server/phone-codes/); absent, the shop calls the buyer.
   */
  sendPhoneCode?: ((tx: Db, row: Order, now: Date) => Promise<unknown>) | null | undefined;
  /** The VAT rate a Mushak-6.3 is issued at (basis points); null when the shop is not VAT-registered. */
  mushakRate: number | null;
}

/**
 * The buyer chooses cash on delivery: its stock stays taken, nothing is paid yet, and the order waits for the shop
 * to confirm it (by phone) for `confirmHours`, then expires like an unpaid one. No hoarding follows the delivery
 * phone across accounts (decision 0026): the cash-on-delivery orders awaiting the shop for one phone number hold at
 * most one order's worth of a product. The product's row lock (taken after the order's, as cancelling and expiring
 * do) queues the choices for one product, so orders of many accounts with one phone cannot pass together.
 */
export async function confirmCashOnDelivery(
  db: Db,
  actor: SessionUser,
  orderId: string | null,
  { confirmHours, now = new Date(), refusalFor, advanceIn, mushakRate, sendPhoneCode }: CashOnDeliveryOptions,
) {
  return db.transaction(async (tx) => {
    const row = await lockOrder(tx, orderId);
    assertAllowed(orderFacts(row, false), actor, "confirm_cod");
    const refusal = row.delivery ? refusalFor?.(row.delivery.district) : null;
    if (refusal) throw refusal;
    // Where the zone asks for the delivery charge first, the order stays unpaid (and on its hold's clock) until that
    // is paid online; the payment that settles it makes it a confirmed cash-on-delivery order (payment-rows markPaid).
    const advance = row.delivery && advanceIn?.(row.delivery.district) ? row.deliveryChargePoisha : 0;
    if (advance > 0) return save(tx, row.id, { advancePoisha: advance });
    await holdForPhone(tx, row);
    await recordEvent(tx, row.id, "cod", personOf(actor, row.buyerId), { at: now });
    await issueInvoice(tx, row.id, { mushakRate, at: now });
    const expiresAt = new Date(now.getTime() + confirmHours * 60 * 60_000);
    const chosen = await save(tx, row.id, { status: "cod", paymentMethod: "cod", expiresAt });
    await sendPhoneCode?.(tx, chosen, now);
    return chosen;
  });
}

/**
 * Refuses a cash-on-delivery order that would take its phone number's awaiting pieces of any of its products past
 * one order's worth. The products' rows are locked in id order, as every other taker of several products locks them.
 */
async function holdForPhone(tx: Db, row: Order) {
  const phone = row.delivery?.phone;
  if (!phone) return;
  const lines = await tx
    .select({ productId: orderLine.productId, quantity: orderLine.quantity })
    .from(orderLine)
    .where(and(eq(orderLine.orderId, row.id), isNotNull(orderLine.productId)))
    .orderBy(asc(orderLine.productId));
  for (const line of lines) {
    const productId = line.productId!;
    const [shelf] = await tx.select().from(product).where(eq(product.id, productId)).for("update");
    if (!shelf) continue;
    const [waiting] = await tx
      .select({ pieces: sum(orderLine.quantity).mapWith(Number) })
      .from(orderLine)
      .innerJoin(order, eq(order.id, orderLine.orderId))
      .where(
        and(
          sql`${order.delivery} ->> 'phone' = ${phone}`,
          eq(orderLine.productId, productId),
          eq(order.status, "cod"),
          isNull(order.confirmedAt),
        ),
      );
    const held = waiting?.pieces ?? 0;
    // This order's own pieces are off the shelf already: the limit is reckoned as if all of the phone's were back.
    const most = holdingLimit(shelf, held + line.quantity);
    if (held + line.quantity > most) throw conflict(M.order.phone_holding_limit, { held, max: most });
  }
}

/**
 * The shop confirms a cash-on-delivery order (by phone, as Bangladeshi shops do): its stock is kept for the
 * delivery, no longer on the clock, and it no longer counts against its buyer's or phone's open orders.
 */
export async function confirmByShop(db: Db, actor: SessionUser, orderId: string | null, now = new Date()) {
  return db.transaction(async (tx) => {
    const row = await lockOrder(tx, orderId);
    assertAllowed(orderFacts(row, false), actor, "confirm");
    return confirmLockedOrder(tx, row, { by: "admin", userId: actor.id }, now);
  });
}

/**
 * The confirmation itself, of a cash-on-delivery order awaiting it that the caller locked and checked: by the shop
 * (`confirmByShop`), or by its buyer with the code sent to its phone (server/phone-codes/, `reason` saying so).
 */
export async function confirmLockedOrder(
  tx: Db,
  row: Order,
  by: EventActor,
  now: Date,
  reason: string | null = null,
): Promise<Order> {
  await recordEvent(tx, row.id, "confirmed", by, { at: now, reason });
  return save(tx, row.id, { confirmedAt: now, expiresAt: null });
}

/** What the shop's own step (cash taken, parcel shipped) does to a cash-on-delivery order still awaiting it. */
const confirmedBy = (row: Order, now: Date): Changes =>
  row.status === "cod" && row.confirmedAt === null ? { confirmedAt: now, expiresAt: null } : {};

/**
 * Manage Orders' Pay Bill: an admin records the cash of a cash-on-delivery order as received, once. It is a
 * payment like any other, with a transaction id of its own kind (`COD-…`).
 */
export async function markCashCollected(db: Db, actor: SessionUser, orderId: string | null) {
  return db.transaction(async (tx) => {
    const row = await lockOrder(tx, orderId);
    assertAllowed(orderFacts(row, false), actor, "collect_cash");
    const transactionId = `COD-${randomBytes(8).toString("hex").toUpperCase()}`;
    await tx.insert(payment).values({
      orderId: row.id,
      provider: "cod",
      providerRef: transactionId,
      // What the courier collects: the total, less a delivery charge paid in advance.
      amountPoisha: row.totalPoisha - row.advancePoisha,
      currency: "BDT",
    });
    await recordEvent(tx, row.id, "collected", { by: "admin", userId: actor.id });
    return save(tx, row.id, { transactionId, ...confirmedBy(row, new Date()) });
  });
}

/** An admin moves an order along: paid or cash on delivery → shipped → delivered. */
export async function advanceOrder(db: Db, actor: SessionUser, orderId: string | null, to: "shipped" | "delivered") {
  return db.transaction(async (tx) => {
    const row = await lockOrder(tx, orderId);
    assertAllowed(orderFacts(row, await hasHeldPayment(tx, row.id)), actor, to === "shipped" ? "ship" : "deliver");
    await recordEvent(tx, row.id, to, { by: "admin", userId: actor.id });
    return save(tx, row.id, { status: to, ...confirmedBy(row, new Date()) });
  });
}

/**
 * The parcel is the courier's: the order, locked by the caller (server/couriers/), shipped in its transaction, the
 * courier and tracking code said in its history.
 */
export async function shipLockedOrder(tx: Db, actor: SessionUser, row: Order, reason: string): Promise<Order> {
  assertAllowed(orderFacts(row, await hasHeldPayment(tx, row.id)), actor, "ship");
  await recordEvent(tx, row.id, "shipped", { by: "admin", userId: actor.id }, { reason });
  return save(tx, row.id, { status: "shipped", ...confirmedBy(row, new Date()) });
}

/**
 * The courier collected a delivered cash-on-delivery order's cash (it holds it until its payout): a payment of the
 * amount it reports, under the courier's name and the parcel's consignment id, and "collected" by the courier in the
 * order's history. An order whose cash is already recorded (an admin's Pay Bill) is left as it is.
 */
export async function collectedByCourier(
  tx: Db,
  row: Order,
  courier: string,
  consignmentRef: string,
  amountPoisha: number,
): Promise<boolean> {
  if (row.paymentMethod !== "cod" || row.transactionId !== null || amountPoisha <= 0) return false;
  const transactionId = `COD-${courier.toUpperCase()}-${consignmentRef}`;
  await tx
    .insert(payment)
    .values({ orderId: row.id, provider: "cod", providerRef: transactionId, amountPoisha, currency: "BDT" });
  await recordEvent(tx, row.id, "collected", { by: courier });
  await save(tx, row.id, { transactionId });
  return true;
}

/**
 * The courier says the parcel reached its buyer: a shipped order, locked by the caller, delivered in its transaction,
 * by the courier's word (its name in the history, its message as the reason). Any other order is left as it is.
 */
export async function deliverByCourier(tx: Db, row: Order, courier: string, reason: string | null): Promise<boolean> {
  if (row.status !== "shipped") return false;
  await recordEvent(tx, row.id, "delivered", { by: courier }, { reason });
  await save(tx, row.id, { status: "delivered" });
  return true;
}
