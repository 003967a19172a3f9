/**
 * An order's note when the buyer confirms cash on delivery with the code sent to their phone (COD_VERIFY_PHONE):
 * on the order and in My Orders and Manage Orders. A catalogue of its own, so those lists carry these two lines
 * and not the whole phone-code form's words. Bangla in bn-cod-note.ts.
 */
export const enCodNote = {
  codNote: {
    /** While the order waits for the code. */
    awaiting: "Confirm it with the code we sent to your phone; its pieces are held for you until {{time}}.",
    /** Confirmed, by the code or by the shop by hand. */
    confirmed: "Confirmed.",
  },
};
