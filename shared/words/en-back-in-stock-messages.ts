/**
 * The messages of "Tell me when it is back" (server/back-in-stock/), in English, by code: the API answers them; the
 * product page says them in its language from the server (app/door/back-in-stock.server.ts), so no browser downloads
 * them. Bangla in bn-back-in-stock-messages.ts.
 */
export const enBackInStockMessages = {
  back_in_stock: {
    contact_required: "Give a mobile number or an e-mail address to be told at",
    contact_both: "Give a mobile number or an e-mail address, not both",
    email_invalid: "Enter an e-mail address such as name@example.com",
    in_stock: "This tool is in stock: you can order it now",
    asked_email: "Thank you: we will e-mail you once, when it is back in stock",
    asked_sms: "Thank you: we will send you one SMS, when it is back in stock",
  },
};
