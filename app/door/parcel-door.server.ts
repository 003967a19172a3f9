import { data } from "react-router";
import { bookCourier, bookCouriers, type BookingOutcome, type OrderParcel, type PackingSlip } from "@server/couriers";
import type { ShopIdentity } from "@server/shop-identity";
import { AppError, STATUS_OF } from "@server/errors";
import { M, message, type MessageCode } from "@shared/messages";
import type { BookingOutcomeView, PackingSlipView, ParcelView } from "@shared/parcel-views";
import type { ActionResult } from "~/lib/use-action-toast";
import { formText } from "./form-input.server";
import { receiveBack } from "@server/orders";
import { piecesBackField } from "@shared/parcels";
import { act, succeeded, type DoorArgs } from "./page-door.server";

/** What "Book courier" answers a page: the toast, and order by order, booked with its code or why not. */
export interface BookingAnswer extends ActionResult {
  bookings?: BookingOutcomeView[];
}

const outcomeView = (o: BookingOutcome): BookingOutcomeView =>
  "booked" in o
    ? { orderId: o.orderId, trackingCode: o.booked.trackingCode }
    : { orderId: o.orderId, refused: o.refused.detail };

/**
 * "Book courier" from a page (Manage Orders, the order view): the form's courier for the orders given, through
 * `bookCouriers`. One order: the toast says its code or why not. Several: how many were booked, each order's outcome
 * beside it. Nothing booked answers the first refusal's status, so a page without JavaScript is told it failed.
 */
export function booksCourier(args: DoorArgs, form: FormData, orders: unknown[]) {
  const courier = formText(form.get("courier"));
  return act(
    args,
    (ctx) => bookCouriers(ctx, { courier, orders }),
    (outcomes) => {
      const bookings = outcomes.map(outcomeView);
      const booked = outcomes.flatMap((o) => ("booked" in o ? [o.booked] : []));
      const firstRefusal = outcomes.find((o) => "refused" in o);
      const said =
        outcomes.length === 1
          ? booked[0]
            ? message(M.parcel.booked, { trackingCode: booked[0].trackingCode })
            : firstRefusal!.refused.detail
          : message(M.parcel.booked_several, { booked: booked.length, asked: outcomes.length });
      const answer: BookingAnswer = {
        toast: { kind: booked.length > 0 ? "success" : "error", said, id: Date.now() },
        bookings,
      };
      const status = booked.length > 0 || !firstRefusal ? 200 : STATUS_OF[firstRefusal.refused.kind];
      return data(answer, { status });
    },
  );
}

/** The fields of "Booked in the courier's portal" (`intent=record`), and `record`: under the form. */
type RecordField = "courier" | "consignmentId" | "trackingCode" | "record";

/** Where a refusal that names no field is said: beside the field it is about, or under the form. */
const RECORD_FIELD_OF: Partial<Record<MessageCode, RecordField>> = {
  [M.courier.not_configured]: "courier",
  [M.courier.consignment_unknown]: "consignmentId",
  [M.courier.recorded_elsewhere]: "consignmentId",
};

function besideRecordField(err: unknown): never {
  if (!(err instanceof AppError) || err.issues.length > 0 || err.kind === "unauthorized") throw err;
  throw new AppError(err.kind, err.code, {
    params: err.params,
    issues: [{ field: RECORD_FIELD_OF[err.code] ?? "record", ...err.detail }],
    ...(err.retryAfterSeconds === undefined ? {} : { retryAfterSeconds: err.retryAfterSeconds }),
  });
}

/**
 * "Booked in the courier's portal" on the order view: the parcel the courier holds, by the consignment id and
 * tracking code typed, through `bookCourier` (the store asks the courier, then records it as a booking). Fields left
 * out are empty, never a booking. A refusal is said beside its field, or under the form, and what was typed is given
 * back, so a page without JavaScript shows both.
 */
export function recordsParcel(args: DoorArgs, form: FormData, orderId: string | undefined) {
  const courier = formText(form.get("courier"));
  const consignmentId = formText(form.get("consignmentId")) ?? "";
  const trackingCode = formText(form.get("trackingCode")) ?? "";
  const values = { intent: "record", ...(courier === undefined ? {} : { courier }), consignmentId, trackingCode };
  return act(
    args,
    (ctx) => bookCourier(ctx, orderId, { courier, consignmentId, trackingCode }).catch(besideRecordField),
    (booked): ActionResult => ({
      toast: {
        kind: "success",
        said: message(M.parcel.recorded, { trackingCode: booked.trackingCode }),
        id: Date.now(),
      },
    }),
    { fields: true, values },
  );
}

/** The orders a form names (`orders`, one field per order): text only. */
export const ordersOf = (form: FormData): unknown[] => form.getAll("orders").map(formText);

export function parcelView(found: OrderParcel | null): ParcelView | null {
  if (!found) return null;
  const { parcel, steps } = found;
  return {
    courier: parcel.courier,
    trackingCode: parcel.trackingCode,
    state: parcel.state,
    steps: steps.map((s) => ({ state: s.state, message: s.message, at: s.at.toISOString() })),
  };
}

export function packingSlipView(slip: PackingSlip, shop: ShopIdentity): PackingSlipView {
  return { ...slip, shop: { name: shop.name, address: shop.address, phone: shop.phone } };
}

/**
 * "Parcel received back" from the order view: the whole parcel, or, when the form counts pieces line by line (a
 * partly delivered parcel), those. An empty count is none; anything else not a whole number is refused beside the
 * counts, which are given back as typed.
 */
export function receivesBack(args: DoorArgs, form: FormData, orderId: string | undefined) {
  const counts: string[] = [];
  for (let i = 0; form.has(piecesBackField(i)); i++) counts.push(formText(form.get(piecesBackField(i))) ?? "");
  const values = Object.fromEntries(counts.map((c, i) => [piecesBackField(i), c]));
  const body = counts.length === 0 ? {} : { piecesBack: counts.map((c) => (c.trim() === "" ? 0 : Number(c))) };
  return act(
    args,
    (ctx) => receiveBack(ctx, orderId, body),
    () => succeeded(M.courier.received_back),
    { fields: true, values: { intent: "received_back", ...values } },
  );
}
