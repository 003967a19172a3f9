/**
 * The messages of booking and following parcels with couriers (server/couriers/), in English, by code: the API
 * answers them; the pages that book parcels register them in the browser. Bangla in bn-courier-messages.ts.
 */
export const enCourierMessages = {
  courier: {
    unknown: "No courier is called that: steadfast or pathao",
    not_configured: "This shop has no account with that courier",
    cannot_book:
      "Only a paid order, or a confirmed cash-on-delivery order, not yet shipped, can be booked with a courier",
    no_delivery: "The order has no delivery details to give the courier",
    booking_in_flight: "This order's booking is on its way to the courier: try again in a minute",
    refused: "The courier refused the parcel: {{reason}}",
    silent: "The courier did not answer, so nothing is booked yet: try again in a minute",
    webhook_unauthorized: "The courier's notification could not be authenticated",
    no_parcel: "No parcel has this tracking code",
  },
};
