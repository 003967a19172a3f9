/**
 * The words of Mushak-6.3, the VAT invoice, and of the buyer's BIN at checkout: only the invoice page, the checkout
 * page and Pay Order (its delivery form) import them (app/i18n/use-mushak-t.ts), so no other page downloads them.
 * Bangla in bn-mushak.ts.
 */
export const enMushak = {
  mushak: {
    form: "Mushak-6.3",
    title: "Tax invoice",
    rule: "See rule 40(1)(c) and (f)",
    seller: "Registered person",
    sellerBin: "BIN of the registered person",
    sellerAddress: "Address of issue",
    buyerBin: "BIN of the buyer",
    serial: "Mushak-6.3 No.",
    issuedOn: "Date of issue",
    issuedAt: "Time of issue",
    lines: "Goods supplied, their value and VAT",
    product: "Description of goods",
    quantity: "Quantity",
    unitPrice: "Unit price (VAT included)",
    value: "Value without VAT",
    rate: "VAT rate",
    vat: "VAT",
    withVat: "Value with VAT",
    delivery: "Delivery charge",
    total: "Total",
    note: "Prices include VAT at {{rate}}; the VAT of each line is its share of the total's VAT, to the poisha.",
    checkout: {
      binLabel: "Your BIN (optional)",
      binHint: "For a VAT invoice in your business's name: 9 or 13 digits, dashes allowed.",
    },
  },
};
