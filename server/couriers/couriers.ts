import { M } from "@shared/messages";
import { COURIERS, type CourierName, type ParcelState } from "@shared/parcels";
import { CourierChoiceSchema, TRACKING_CODE } from "@shared/schemas/courier";
import { adminOnly } from "../context/actor";
import { key, parseInput } from "../context/parse";
import type { RequestContext } from "../context/request-context";
import { conflict, invalid, notFound, unavailable } from "../errors";
import { withinLimits } from "../limits/within-limits";
import type { SessionUser } from "../auth/session";
import type { ConsignmentRow } from "../db/schema";
import { cleanBooking, cleanNews, CourierFailure, type Courier, type ParcelNews } from "./courier";
import { claimBooking, dropBooking, invoiceHoldingParcel, recordBooking } from "./sql/consignment-rows";
import {
  claimQuietParcels,
  parcelBooked,
  parcelByTrackingCode,
  takeParcelNews,
  type NewsOutcome,
} from "./sql/parcel-news";

/** What "Book courier" answers: the courier's consignment id and the code the buyer tracks the parcel by. */
export interface Booked {
  consignmentId: string;
  trackingCode: string;
}

/** A parcel the courier holds already, as its portal shows it. */
interface Held {
  consignmentRef: string;
  trackingCode: string;
}

/**
 * "Book courier": a paid or confirmed cash-on-delivery order's parcel handed to one of the shop's couriers under
 * its invoice number, with what to collect (the total less any advance for cash on delivery, else 0); the order is
 * then shipped. Booking an order twice answers the parcel it has. A courier that refuses or does not answer
 * changes nothing, and the admin is told why.
 *
 * With a consignment id and tracking code ("Booked in the courier's portal"), the parcel is one the courier holds
 * already (booked by hand in its portal, or booked here when its answer was lost): the store asks the courier about
 * it instead of booking, and records it as a booking, from the courier's answer. A consignment the courier does not
 * know, or one another order has, is refused; an order booked already answers its parcel when it is this one.
 */
export async function bookCourier(ctx: RequestContext, orderId: unknown, raw: unknown): Promise<Booked> {
  const admin = adminOnly(await ctx.actor());
  const input = parseInput(CourierChoiceSchema, raw);
  const courier = ctx.couriers[input.courier];
  if (!courier) throw invalid(M.courier.not_configured);
  const held =
    input.consignmentId === undefined || input.trackingCode === undefined
      ? null
      : { consignmentRef: input.consignmentId, trackingCode: input.trackingCode };
  await withinLimits(ctx, "courier", admin);
  const claim = await claimBooking(ctx.db, admin, key(orderId), courier.name, ctx.now?.());
  if (claim.kind === "booked") return held ? sameParcel(claim.parcel, courier.name, held) : bookedOf(claim.parcel);
  if (held) return recordHeld(ctx, admin, courier, claim.parcel, held);
  try {
    const booking = cleanBooking(await courier.book(claim.request));
    return bookedOf(await recordBooking(ctx.db, admin, claim.parcel, booking, ctx.now?.()));
  } catch (err) {
    if (!(err instanceof CourierFailure)) throw err;
    await dropBooking(ctx.db, claim.parcel.id);
    if (err.kind === "refused") throw conflict(M.courier.refused, { reason: err.reason });
    throw unavailable(M.courier.silent);
  }
}

function bookedOf(parcel: { consignmentRef: string | null; trackingCode: string | null }): Booked {
  return { consignmentId: parcel.consignmentRef!, trackingCode: parcel.trackingCode! };
}

/** Recording the parcel an order has again answers it; another consignment is refused, with the order's code. */
function sameParcel(parcel: ConsignmentRow, courier: CourierName, held: Held): Booked {
  const same =
    parcel.courier === courier &&
    parcel.consignmentRef === held.consignmentRef &&
    parcel.trackingCode === held.trackingCode;
  if (!same) throw conflict(M.courier.already_booked, { trackingCode: parcel.trackingCode ?? "" });
  return bookedOf(parcel);
}

/** The states in which a parcel has reached its buyer: only the courier's news delivers an order and counts its cash. */
const HANDED_OVER = new Set<ParcelState | null>(["delivered", "partly_delivered"]);

/**
 * A parcel the courier holds already, recorded on the order claimed for it: refused if another order has it, the
 * courier asked about it (it must know it), then recorded as a booking with the state it answers. One already
 * handed over is recorded booked, then the courier's answer is taken as news, so the order is delivered and its
 * cash counted as a webhook's would. Anything refused leaves the order as it was.
 */
async function recordHeld(
  ctx: RequestContext,
  admin: SessionUser,
  courier: Courier,
  parcel: ConsignmentRow,
  held: Held,
): Promise<Booked> {
  const elsewhere = () =>
    invoiceHoldingParcel(ctx.db, parcel.orderId, courier.name, held.consignmentRef, held.trackingCode);
  let news: ParcelNews;
  try {
    const invoice = await elsewhere();
    if (invoice) throw conflict(M.courier.recorded_elsewhere, { invoice });
    const answer = cleanNews(await courier.check(held.consignmentRef));
    if (!answer) throw new CourierFailure("silent", "an answer the store cannot keep");
    news = answer;
  } catch (err) {
    await dropBooking(ctx.db, parcel.id);
    if (!(err instanceof CourierFailure)) throw err;
    if (err.kind === "refused") throw conflict(M.courier.consignment_unknown, { reason: err.reason });
    throw unavailable(M.courier.record_silent);
  }
  const handedOver = HANDED_OVER.has(news.state);
  const booking = cleanBooking({
    ...held,
    state: handedOver || news.state === null ? "booked" : news.state,
    courierStatus: handedOver ? "booked" : news.courierStatus,
    feePoisha: news.feePoisha,
  });
  let recorded: ConsignmentRow;
  try {
    recorded = await recordBooking(ctx.db, admin, parcel, booking, ctx.now?.());
  } catch (err) {
    // Another order took the consignment meanwhile (the unique index says so): that order is named.
    await dropBooking(ctx.db, parcel.id);
    const invoice = await elsewhere();
    throw invoice ? conflict(M.courier.recorded_elsewhere, { invoice }) : err;
  }
  if (handedOver) await takeParcelNews(ctx.db, courier.name, news, "check", ctx.now?.());
  return bookedOf(recorded);
}

/**
 * A courier's webhook (`POST /api/couriers/{courier}/webhook`), authenticated as that courier documents (anything
 * else: 401, nothing changes): its news of a parcel taken once, in order. A courier whose webhook cannot vouch for
 * itself (Pathao's secret is every merchant's) is asked about the parcel, and its answer is the news; what the
 * webhook alone says (the cash collected) is kept only when the answer agrees on the state.
 */
export async function receiveCourierWebhook(
  ctx: RequestContext,
  courierName: string,
  body: string,
  headers: Headers,
): Promise<NewsOutcome | "ignored" | "unverified"> {
  const name = COURIERS.find((c) => c === courierName);
  const courier = name ? ctx.couriers[name] : undefined;
  if (!name || !courier) throw notFound(M.courier.not_configured);
  const read = courier.readWebhook(body, headers);
  const news = read && cleanNews(read);
  if (!news) return "ignored";
  if (courier.trustsWebhooks) return takeParcelNews(ctx.db, name, news, "webhook", ctx.now?.());
  // Asked only about parcels the store booked: a forged webhook makes no call to the courier.
  if (!(await parcelBooked(ctx.db, name, news.consignmentRef))) return "unknown";
  let verified: ParcelNews | null;
  try {
    verified = cleanNews(await courier.check(news.consignmentRef));
  } catch (err) {
    if (!(err instanceof CourierFailure)) throw err;
    verified = null;
  }
  // Unanswered, the courier is asked again when polling finds the parcel quiet.
  if (!verified) return "unverified";
  const agrees = verified.state !== null && verified.state === news.state;
  return takeParcelNews(
    ctx.db,
    name,
    { ...verified, collectedPoisha: agrees ? news.collectedPoisha : null, feePoisha: agrees ? news.feePoisha : null },
    "webhook",
    ctx.now?.(),
  );
}

/**
 * Asks the couriers about the parcels they have sent no news of for COURIER_POLL_MINUTES (a webhook lost, or not set
 * up): each answer is taken as a webhook's would be. A courier that does not answer is asked again next round.
 * Answers how many parcels moved.
 */
export async function askAboutQuietParcels(ctx: RequestContext, quietMinutes: number): Promise<number> {
  const now = ctx.now?.() ?? new Date();
  const names = COURIERS.filter((name) => ctx.couriers[name]);
  let moved = 0;
  for (const parcel of await claimQuietParcels(ctx.db, names, quietMinutes, now)) {
    try {
      const news = cleanNews(await ctx.couriers[parcel.courier]!.check(parcel.consignmentRef));
      if (news && (await takeParcelNews(ctx.db, parcel.courier, news, "check", now)) === "taken") moved += 1;
    } catch (err) {
      if (!(err instanceof CourierFailure)) throw err;
    }
  }
  return moved;
}

/** What anyone with a tracking code may see of a parcel: its courier, where it is and its steps — nobody's name. */
export interface Tracking {
  trackingCode: string;
  courier: CourierName;
  state: ParcelState;
  steps: { state: ParcelState | null; message: string | null; at: Date }[];
}

/** `/track/{code}` and `GET /api/track/{code}`: a parcel's steps, for whoever has its code (no name, phone, address). */
export async function trackParcel(ctx: RequestContext, trackingCode: unknown): Promise<Tracking> {
  const code = typeof trackingCode === "string" ? trackingCode.trim() : "";
  const found = TRACKING_CODE.test(code) ? await parcelByTrackingCode(ctx.db, code) : undefined;
  if (!found) throw notFound(M.courier.no_parcel);
  return {
    trackingCode: found.parcel.trackingCode!,
    courier: found.parcel.courier,
    state: found.parcel.state,
    steps: found.steps.map((s) => ({ state: s.state, message: s.message, at: s.at })),
  };
}
