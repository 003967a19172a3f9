/**
 * The messages of the buyer's BIN (`buyerBin` of POST /api/checkout and PUT /api/order/{id}/delivery), in English,
 * by code: only the pages with a BIN field (checkout, Pay Order) register them in the browser
 * (app/i18n/use-mushak-t.ts). Bangla in bn-mushak-messages.ts.
 */
export const enMushakMessages = {
  mushak: {
    buyer_bin_invalid: "A BIN has 9 or 13 digits (dashes allowed between them)",
  },
};
