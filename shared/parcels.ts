/** The couriers the store books parcels with (server/couriers/). */
export const COURIERS = ["steadfast", "pathao"] as const;
export type CourierName = (typeof COURIERS)[number];

/**
 * Where a parcel is, in the store's words, whichever courier carries it:
 * - `booking`: asked of the courier, no answer yet (or none came: the booking is tried again);
 * - `booked`: the courier has it on its books, not yet picked up;
 * - `in_transit`: picked up, on its way; `hold`: the courier holds it (the buyer asked for another day);
 * - `delivered`; `partly_delivered`: the buyer kept some of it; `returned`: the buyer refused it, it comes back;
 * - `cancelled`: the courier's booking was called off before pickup.
 */
export const PARCEL_STATES = [
  "booking",
  "booked",
  "in_transit",
  "hold",
  "delivered",
  "partly_delivered",
  "returned",
  "cancelled",
] as const;
export type ParcelState = (typeof PARCEL_STATES)[number];

/**
 * The field of line `i`'s count in the order view's "Parcel received back" form, for a partly delivered parcel (here,
 * not beside its schema, so the page that draws the form downloads no zod for it).
 */
export const piecesBackField = (i: number) => `back.${i}`;
