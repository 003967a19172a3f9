/**
 * The messages of confirming a cash-on-delivery order by a code sent to its phone (server/phone-codes/,
 * COD_VERIFY_PHONE), in English, by code: the API answers them; the order's pages register them in the browser.
 * Bangla in bn-phone-code-messages.ts.
 */
export const enPhoneCodeMessages = {
  phone_code: {
    not_offered: "This shop does not confirm orders by a code sent to the phone",
    not_awaiting: "Only a cash-on-delivery order waiting for confirmation takes a code",
    no_phone: "The order has no mobile number to send a code to",
    code_shape: "Enter the 6 digits of the code sent to your phone",
    none: "No code has been sent for this order yet: ask for one",
    wrong: "That code is not right. Tries left: {{left}}",
    no_tries_left: "No tries are left for this code: ask for a new one",
    expired: "This code has expired: ask for a new one",
    too_many: "Too many codes were sent for this order: ask again in {{minutes}} min",
    sent: "A code is on its way to {{phone}}",
    confirmed: "Thank you: your order is confirmed",
    confirmed_by_code: "Confirmed with the code sent to the delivery phone",
  },
};
