/**
 * The messages of the parcel screens (booking several orders, packing slips), in English, by code: only the pages
 * that book, print or follow parcels register them (app/i18n/use-parcel-t.ts). Bangla in bn-parcel-messages.ts.
 */
export const enParcelMessages = {
  parcel: {
    booked: "Booked with the courier: tracking code {{trackingCode}}",
    recorded: "Recorded the parcel the courier holds: tracking code {{trackingCode}}",
    booked_several: "{{booked}} of {{asked}} orders booked with the courier",
    none_chosen: "Choose at least one order",
    too_many: "Choose at most 20 orders at once",
    no_slip: "An order has a packing slip once its parcel is booked with a courier",
  },
};
