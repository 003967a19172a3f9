import type { Words } from "./catalogue";

/**
 * The words of "Tell me when it is back" on a Stock Out tool's page. The server reads them and hands the page the
 * ones in its language (app/door/back-in-stock.server.ts): the product page's JavaScript carries none of them.
 * Bangla in bn-back-in-stock.ts, typed against this.
 */
export const enBackInStock = {
  backInStock: {
    title: "Tell me when it is back",
    hint: "Leave a mobile number or an e-mail address: we will tell you once, when this tool is back in stock, and then forget it.",
    label: "Mobile number or e-mail",
    button: "Tell me",
  },
};

export type BackInStockWords = Words<typeof enBackInStock>;
