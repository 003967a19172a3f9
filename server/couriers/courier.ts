import { createHash, timingSafeEqual } from "node:crypto";
import type { CourierName, ParcelState } from "@shared/parcels";
import { isSafeText } from "@shared/schemas/text";

/** A parcel as the store hands it to a courier: one order's, under its invoice number. */
export interface ParcelRequest {
  /** The order's invoice number as printed (`INV-000042`): the courier's reference for the parcel, once each. */
  invoice: string;
  recipientName: string;
  /** A Bangladeshi mobile number, `01XXXXXXXXX`. */
  phone: string;
  /** The address as one line: house and road, district, division. */
  address: string;
  /** The buyer's own part of it (house, road, area), without the district and division picked from the lists. */
  street: string;
  district: string;
  /** What the courier collects in cash, in poisha: the order's total for cash on delivery, 0 when paid. */
  codPoisha: number;
  weightGrams: number;
  itemCount: number;
  /** What is in it, for the courier's label ("Auger Drill Bit (12 mm) × 20, …"). */
  description: string;
  note: string | null;
}

/** What a courier answers a booking with. */
export interface Booking {
  /** The courier's id for the consignment. */
  consignmentRef: string;
  trackingCode: string;
  state: ParcelState;
  /** The courier's own word for its state (`in_review`, `Pending`…). */
  courierStatus: string;
  /** Its charge for the parcel, in poisha, when it says. */
  feePoisha: number | null;
}

/** News of a parcel: from the courier's webhook, or from asking it. */
export interface ParcelNews {
  consignmentRef: string;
  /** The invoice the parcel was booked under, when the courier repeats it. */
  invoice: string | null;
  /** Null: a message on the way (a tracking update) that moves no state. */
  state: ParcelState | null;
  courierStatus: string;
  /** What the courier says happened ("Delivered to the customer"), for the buyer's tracking page. */
  message: string | null;
  /** Cash the courier collected, and its charge, in poisha, when it says. */
  collectedPoisha: number | null;
  feePoisha: number | null;
  /** When it happened, by the courier's clock; null: now. */
  at: Date | null;
}

/** Why a courier did not book a parcel. `refused`: it said no (and why); `silent`: no usable answer came. */
export class CourierFailure extends Error {
  constructor(
    readonly kind: "refused" | "silent",
    readonly reason: string,
  ) {
    super(`the courier ${kind === "refused" ? "refused" : "did not answer"}: ${reason}`);
    this.name = "CourierFailure";
  }

  /**
   * Known by its name and kind rather than by this class: the pages' tests load the use cases through Vite beside
   * couriers made by the test's own copy of this module, and a failure must be one whichever copy threw it.
   */
  static override [Symbol.hasInstance](value: unknown): boolean {
    return value instanceof Error && value.name === "CourierFailure" && "kind" in value && "reason" in value;
  }
}

/**
 * One interface for every courier, as payment providers have theirs: book a parcel, ask where it is, and read the
 * courier's webhook. Each speaks its courier's published API; the tests run each against a stand-in that speaks it.
 */
export interface Courier {
  readonly name: CourierName;
  /**
   * Whether its webhook's news may be taken on its word. Pathao's secret is one every merchant shares, so the store
   * asks Pathao about the parcel instead (server/couriers/couriers.ts).
   */
  readonly trustsWebhooks: boolean;
  /** Throws `CourierFailure`. */
  book(parcel: ParcelRequest): Promise<Booking>;
  /** Where the parcel is now; throws `CourierFailure`. */
  check(consignmentRef: string): Promise<ParcelNews>;
  /**
   * Authenticates a webhook as the courier documents and reads the news it brings; null for a notification about
   * something else. Throws `unauthorized` (401) when it cannot be authenticated.
   */
  readWebhook(body: string, headers: Headers): ParcelNews | null;
  /** Headers every answer to its webhook must carry (Pathao checks its secret comes back). */
  webhookAnswerHeaders?: () => Record<string, string>;
}

const digest = (text: string) => createHash("sha256").update(text).digest();

/** Whether a secret offered is the one expected, in constant time; none expected, none matches. */
export function sameSecret(offered: string, expected: string): boolean {
  return expected !== "" && timingSafeEqual(digest(offered), digest(expected));
}

/** A courier's own words for a refusal: its message, or its first field error. */
export function refusalReason(json: Record<string, unknown>, httpStatus: number): string {
  const errors = json["errors"];
  if (errors && typeof errors === "object") {
    const first = Object.values(errors as Record<string, unknown>)[0];
    const text = Array.isArray(first) ? first[0] : first;
    if (typeof text === "string") return text.slice(0, 300);
  }
  return typeof json["message"] === "string" ? json["message"].slice(0, 300) : `HTTP ${httpStatus}`;
}

/** A JSON object from a webhook's body, or null for anything else. */
export function jsonObject(body: string): Record<string, unknown> | null {
  try {
    const parsed: unknown = JSON.parse(body);
    return typeof parsed === "object" && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/**
 * A courier's time: `YYYY-MM-DD HH:MM:SS` on Bangladesh's clock (UTC+6), as Steadfast and Pathao write it, or ISO
 * 8601; null for anything else, or for a year no parcel was sent in (a date JavaScript reads that PostgreSQL cannot
 * store, say).
 */
export function courierTime(value: unknown): Date | null {
  if (typeof value !== "string") return null;
  const local = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})$/.exec(value);
  const at = new Date(local ? `${local[1]}T${local[2]}+06:00` : value);
  const year = at.getUTCFullYear();
  return Number.isNaN(at.getTime()) || year < 2000 || year > 2100 ? null : at;
}

/** The longest texts a courier's news may bring; longer, it is not what the courier says. */
const MAX_REF = 64;
const MAX_STATUS = 64;
const MAX_MESSAGE = 500;
/** Ten crore taka, in poisha: more than any parcel's cash or fee. */
const MAX_POISHA = 10_000_000_000;

/** A courier's text as the store keeps it: trimmed, within `max`, free of what no text may hold; else null. */
function courierText(value: string | null, max: number): string | null {
  const text = value?.trim() ?? "";
  return text !== "" && text.length <= max && isSafeText(text) ? text : null;
}

const courierAmount = (poisha: number | null) =>
  poisha !== null && Number.isSafeInteger(poisha) && poisha >= 0 && poisha <= MAX_POISHA ? poisha : null;

/**
 * News as the store takes it, whoever sent it: ids and statuses it can store and show (no NUL, no half of a UTF-16
 * pair, no text a page would show reversed), amounts a parcel could hold. Null when its parcel or status is not one
 * of those: such news names no parcel the store has.
 */
export function cleanNews(news: ParcelNews): ParcelNews | null {
  const consignmentRef = courierText(news.consignmentRef, MAX_REF);
  const courierStatus = courierText(news.courierStatus, MAX_STATUS);
  if (!consignmentRef || !courierStatus) return null;
  return {
    ...news,
    consignmentRef,
    courierStatus,
    invoice: courierText(news.invoice, MAX_REF),
    message: courierText(news.message, MAX_MESSAGE),
    collectedPoisha: courierAmount(news.collectedPoisha),
    feePoisha: courierAmount(news.feePoisha),
  };
}

/** A booking as the store keeps it; a courier's answer it could not keep is no answer. */
export function cleanBooking(booking: Booking): Booking {
  const consignmentRef = courierText(booking.consignmentRef, MAX_REF);
  const trackingCode = courierText(booking.trackingCode, MAX_REF);
  const courierStatus = courierText(booking.courierStatus, MAX_STATUS) ?? "booked";
  if (!consignmentRef || !trackingCode) throw new CourierFailure("silent", "an answer the store cannot keep");
  return { ...booking, consignmentRef, trackingCode, courierStatus, feePoisha: courierAmount(booking.feePoisha) };
}
