import type { Coded } from "./messages";
import type { CourierName, ParcelState } from "./parcels";

/** A parcel's step as pages show it: the state it moved to (null: news on the way), the courier's words, when. */
export interface ParcelStepView {
  state: ParcelState | null;
  message: string | null;
  at: string;
}

/** An order's parcel on the order view: its courier, code and where it is; the buyer and the admin see it. */
export interface ParcelView {
  courier: CourierName;
  /** Null while the courier is being asked. */
  trackingCode: string | null;
  state: ParcelState;
  steps: ParcelStepView[];
}

/** What "Book courier" answered for one order of several: booked with its code, or why not. */
export type BookingOutcomeView =
  | { orderId: string; trackingCode: string; refused?: undefined }
  | { orderId: string; trackingCode?: undefined; refused: Coded };

/** One packing slip: everything printed on an A6 label for the courier and the packer. */
export interface PackingSlipView {
  orderId: string;
  invoice: string;
  shop: { name: string; address: string | null; phone: string | null };
  recipient: { name: string; phone: string; address: string };
  lines: { name: string; nameBn: string | null; variant: string | null; quantity: number }[];
  /** What the courier collects, in poisha: 0 when paid. */
  collectPoisha: number;
  courier: CourierName;
  trackingCode: string;
  /** The tracking code as a QR code, an SVG drawn on the server. */
  qrSvg: string;
}
