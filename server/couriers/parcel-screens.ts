import { M } from "@shared/messages";
import { COURIERS, type CourierName } from "@shared/parcels";
import { formatInvoiceNumber } from "@shared/invoice-number";
import { CourierBookingsSchema, PackingSlipsSchema } from "@shared/schemas/parcel-screens";
import type { ConsignmentRow } from "../db/schema";
import { adminOnly, signedIn } from "../context/actor";
import { key, parseInput } from "../context/parse";
import type { RequestContext } from "../context/request-context";
import { AppError, conflict, invalid, notFound, raceConflict } from "../errors";
import { getAnyOrder, getOrderOf, isId, selectLines } from "../orders";
import { bookCourier, type Booked } from "./couriers";
import { qrSvg } from "./qr-code";
import { selectOrdersByIds, selectParcelsOfOrders, type ParcelStepRow } from "./sql/parcel-rows";

/** The couriers the shop has accounts with: "Book courier" offers these, and none when there are none. */
export function courierNames(ctx: RequestContext): CourierName[] {
  return COURIERS.filter((name) => ctx.couriers[name]);
}

/** An order's parcel and its steps; null when it has none. */
export interface OrderParcel {
  parcel: ConsignmentRow;
  steps: ParcelStepRow[];
}

/** The order view's parcel: the buyer's own order's, or any order's for an admin (not found otherwise). */
export async function orderParcel(ctx: RequestContext, orderId: unknown): Promise<OrderParcel | null> {
  const viewer = signedIn(await ctx.actor());
  const order =
    viewer.role === "admin"
      ? await getAnyOrder(ctx.db, key(orderId))
      : await getOrderOf(ctx.db, viewer.id, key(orderId));
  return (await selectParcelsOfOrders(ctx.db, [order.id])).get(order.id) ?? null;
}

/** What became of one order of several booked together: its parcel, or the refusal (the courier's, or the store's). */
export type BookingOutcome = { orderId: string; booked: Booked } | { orderId: string; refused: AppError };

/**
 * "Book courier" for the orders chosen in Manage Orders, one after the other with the same courier, each through
 * `bookCourier` (so each is booked once, or refused and left as it was): the answer says, order by order, booked
 * with its tracking code or why not. Only who asks and what is asked refuse the whole.
 */
export async function bookCouriers(ctx: RequestContext, raw: unknown): Promise<BookingOutcome[]> {
  adminOnly(await ctx.actor());
  const { courier, orders } = parseInput(CourierBookingsSchema, raw);
  if (!ctx.couriers[courier]) throw invalid(M.courier.not_configured);
  const outcomes: BookingOutcome[] = [];
  for (const orderId of new Set(orders)) {
    try {
      outcomes.push({ orderId, booked: await bookCourier(ctx, orderId, { courier }) });
    } catch (thrown) {
      const err = raceConflict(thrown) ?? thrown;
      if (!(err instanceof AppError) || err.kind === "unauthorized" || err.kind === "forbidden") throw err;
      outcomes.push({ orderId, refused: err });
    }
  }
  return outcomes;
}

/** One packing slip's facts; the page adds the shop (server/shop-identity.ts). */
export interface PackingSlip {
  orderId: string;
  invoice: string;
  recipient: { name: string; phone: string; address: string };
  lines: { name: string; nameBn: string | null; variant: string | null; quantity: number }[];
  collectPoisha: number;
  courier: CourierName;
  trackingCode: string;
  qrSvg: string;
}

/**
 * The packing slips of booked orders, in the order asked (an admin's): the recipient, the lines, what the courier
 * collects, the invoice, courier and tracking code, and the code as a QR code. An order not booked has none.
 */
export async function packingSlips(ctx: RequestContext, raw: unknown): Promise<PackingSlip[]> {
  adminOnly(await ctx.actor());
  const ids = [...new Set(parseInput(PackingSlipsSchema, raw).orders)];
  if (!ids.every(isId)) throw notFound(M.order.not_found);
  const [orders, parcels, lines] = await Promise.all([
    selectOrdersByIds(ctx.db, ids),
    selectParcelsOfOrders(ctx.db, ids),
    selectLines(ctx.db, ids),
  ]);
  return ids.map((id) => {
    const order = orders.find((o) => o.id === id);
    if (!order) throw notFound(M.order.not_found);
    const parcel = parcels.get(id)?.parcel;
    if (!parcel?.trackingCode || !order.delivery || order.invoiceNumber === null) throw conflict(M.parcel.no_slip);
    const { delivery } = order;
    return {
      orderId: id,
      invoice: formatInvoiceNumber(order.invoiceNumber),
      recipient: {
        name: delivery.name,
        phone: delivery.phone,
        address: [delivery.address, delivery.district, delivery.division].join(", "),
      },
      lines: (lines.get(id) ?? []).map((l) => ({
        name: l.name,
        nameBn: l.nameBn,
        variant: l.variantLabel,
        quantity: l.quantity,
      })),
      collectPoisha: parcel.codPoisha,
      courier: parcel.courier,
      trackingCode: parcel.trackingCode,
      qrSvg: qrSvg(parcel.trackingCode),
    };
  });
}
