import type { CourierName, ParcelState } from "@shared/parcels";

/** A parcel as the store hands it to a courier: one order's, under its invoice number. */
export interface ParcelRequest {
  /** The order's invoice number as printed (`INV-000042`): the courier's reference for the parcel, once each. */
  invoice: string;
  recipientName: string;
  /** A Bangladeshi mobile number, `01XXXXXXXXX`. */
  phone: string;
  /** The address as one line: house and road, district, division. */
  address: string;
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
}

/**
 * One interface for every courier, as payment providers have theirs: book a parcel, ask where it is, and read the
 * courier's webhook. Each speaks its courier's published API; the tests run each against a stand-in that speaks it.
 */
export interface Courier {
  readonly name: CourierName;
  /** Throws `CourierFailure`. */
  book(parcel: ParcelRequest): Promise<Booking>;
  /** Where the parcel is now; throws `CourierFailure`. */
  check(consignmentRef: string): Promise<ParcelNews>;
  /**
   * Authenticates a webhook as the courier documents and reads the news it brings; null for a notification about
   * something else. Throws `unauthorized` (401) when it cannot be authenticated.
   */
  readWebhook(body: string, headers: Headers): ParcelNews | null;
}
