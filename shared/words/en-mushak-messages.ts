/**
 * The messages of the buyer's BIN (POST /api/checkout's `buyerBin`, the checkout page), in English, by code: only
 * the checkout page registers them in the browser (app/i18n/use-mushak-t.ts). Bangla in bn-mushak-messages.ts.
 */
export const enMushakMessages = {
  mushak: {
    buyer_bin_invalid: "A BIN has 9 or 13 digits (dashes allowed between them)",
  },
};
