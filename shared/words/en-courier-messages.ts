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
    order_returned: "This order's parcel came back to the shop undelivered.",
    cannot_receive_back: "Only a shipped order's parcel can be received back.",
    refund_after_return: "Your parcel came back to the shop undelivered; what you paid will be refunded.",
    received_back: "Parcel received back",
    pieces_back_invalid:
      "Say how many pieces of each line came back: a whole number for every line, none above what was sent",
    pieces_back_none: "Say which pieces came back: at least one",
    partly_returned: "Part of this order's parcel came back to the shop; the buyer kept the rest.",
    consignment_id_invalid: "Write the consignment id as the courier's portal shows it: at most 64 characters",
    tracking_code_invalid:
      "Write the tracking code as the courier's portal shows it: 4 to 40 letters, digits or dashes",
    record_both: "A parcel booked in the courier's portal is recorded by both its consignment id and its tracking code",
    consignment_unknown: "The courier does not know this consignment: {{reason}}",
    record_silent: "The courier did not answer, so nothing is recorded yet: try again in a minute",
    recorded_elsewhere: "This consignment is already recorded on order {{invoice}}",
    already_booked: "This order's parcel is already booked with tracking code {{trackingCode}}",
  },
  payout: {
    orders_required: "Choose the orders this payout covers",
    order_invalid: "An order is named by its id",
    order_repeated: "An order is named twice",
    too_many_orders: "One payout covers at most 500 orders",
    amount_required: "Amount Is Required",
    amount_not_number: "Amount must be a number",
    amount_negative: "Amount cannot be negative",
    amount_too_high: "Amount is more than any payout brings",
    amount_decimals: "Amount can have at most two decimals (poisha)",
    reference_invalid: "The courier's reference is at most 100 plain characters",
    not_payable:
      "{{count}} of these orders have no cash held by this courier (not collected yet, already paid out, or another courier's): {{invoices}}",
    does_not_add_up:
      "The amounts do not add up: these parcels' cash less the courier's fees is {{expected}}, the payout says {{given}} (a difference of {{difference}})",
    recorded: "Payout recorded",
  },
};
