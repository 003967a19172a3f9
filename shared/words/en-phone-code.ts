/**
 * The words of confirming a cash-on-delivery order by the code sent to its phone (COD_VERIFY_PHONE), on the order's
 * pages alone: only their modules import them, so no other page downloads them. Bangla in bn-phone-code.ts.
 */
export const enPhoneCode = {
  phoneCode: {
    title: "Confirm your order by phone",
    sentTo: "We sent a 6-digit code to {{phone}}. Enter it to confirm your order: the shop then needs no call.",
    hint: "A code works for 10 minutes and 5 tries.",
    label: "The code",
    confirm: "Confirm order",
    confirming: "Confirming…",
    again: "Send the code again",
    sending: "Sending…",
    /** Pay Order's cash on delivery, before it is chosen. */
    codExplain:
      "Pay {{amount}} in cash to the delivery person. We will send a 6-digit code to your phone by SMS: enter it here to confirm the order. Its pieces are kept for you until then.",
  },
};
