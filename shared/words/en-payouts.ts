/**
 * The words of cash reconciled with couriers: the Payouts page (/dashboard/payouts) and the overview's courier tiles.
 * Only those admin pages import them. Bangla in bn-payouts.ts.
 */
export const enPayouts = {
  payoutsPage: {
    title: "Courier payouts",
    lead: "Cash on delivery a courier collected stays with it until it pays the shop. Tick the parcels its statement covers, enter what arrived, and record the payout: the amount must equal their cash less the courier's fees.",
    courier: { steadfast: "Steadfast", pathao: "Pathao" },
    couriers: "Couriers",
    held: "Parcels whose cash {{courier}} holds",
    heldTotal: "{{count}} parcels: {{net}} owed to the shop ({{collected}} collected, {{fee}} in fees)",
    none: "{{courier}} holds no cash of this shop.",
    choose: "Covered by this payout",
    chooseOne: "Covered: {{invoice}}",
    invoice: "Invoice",
    tracking: "Tracking code",
    state: "Parcel",
    collected: "Collected",
    fee: "Fee",
    net: "Owed",
    since: "Since",
    states: {
      booking: "Booking",
      booked: "Booked",
      in_transit: "On its way",
      hold: "Held",
      delivered: "Delivered",
      partly_delivered: "Partly delivered",
      returned: "Returned",
      cancelled: "Cancelled",
    },
    amount: "Amount received (Tk)",
    reference: "The courier's reference (optional)",
    record: "Record payout",
    recorded: "Recorded payouts",
    noPayouts: "No payout recorded yet.",
    when: "When",
    parcels: "Parcels",
  },
  overviewCouriers: {
    held: "Cash held by couriers",
    heldNote: "Parcels: {{n}}",
    fees: "Courier fees in the period",
    feesNote: "Payouts: {{n}}",
    seePayouts: "See payouts",
  },
};
