import scripts from "virtual:randa/island-scripts";

/** The script of the product page's and the cart's islands (app/islands/buyer-pages.ts), as the browser loads it. */
export const buyerPagesScript = scripts["buyer-pages"];
