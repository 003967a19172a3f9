import type { Words } from "./catalogue";

/**
 * The e-mails' words in English, under `mail` beside the pages' catalogue (an e-mail names its order's state from
 * `states`, as the pages do). Only the server reads them (server/mail/order-mail.ts): no page imports this module,
 * so they are never sent to a browser. Bangla in bn-mail.ts, typed against this.
 */
export const enMail = {
  shop: "Randa",
  hello: "Hello {{name}},",
  /** A buyer's e-mail about an event of their order: its subject and its opening line. */
  events: {
    placed: {
      subject: "Order received: {{product}}",
      lead: "Thank you for your order. Pay for it, or choose cash on delivery, to confirm it.",
    },
    paid: {
      subject: "Payment received: {{product}}",
      lead: "We have received your payment. Your order will be on its way soon.",
    },
    cod: {
      subject: "Cash on delivery chosen: {{product}}",
      lead: "You chose cash on delivery. The shop will call you to confirm the order before sending it.",
    },
    shipped: { subject: "Your order is on its way: {{product}}", lead: "Your order has been shipped." },
    delivered: {
      subject: "Delivered: {{product}}",
      lead: "Your order has been delivered. Thank you for buying from Randa.",
    },
    cancelled: { subject: "Order cancelled: {{product}}", lead: "Your order has been cancelled." },
    expired: {
      subject: "Order expired: {{product}}",
      lead: "Your order was not paid in time, so its pieces went back to stock. You are welcome to order again.",
    },
    returned: {
      subject: "Your parcel came back to us: {{product}}",
      lead: "The courier could not deliver your order and brought the parcel back to the shop; its pieces are back in stock.",
    },
    refunded: {
      subject: "Refund made: {{product}}",
      lead: "We have refunded the money you paid for this order.",
    },
  },
  /** The cash-on-delivery lead when the buyer confirms with the code sent to their phone (COD_VERIFY_PHONE). */
  codByCode:
    "You chose cash on delivery. To confirm the order, enter the code we sent to your phone by SMS on the order's page, where you can also ask for a new one.",
  codPay: "Please pay {{amount}} in cash when it arrives.",
  advanceReceived:
    "You chose cash on delivery and we have received the delivery charge, {{amount}}: your order is confirmed.",
  holdsUntil: "Its pieces are kept for you until {{time}}.",
  cancelledByShop: "The shop cancelled it.",
  cancelledByYou: "You cancelled it.",
  reason: "Reason: {{reason}}",
  refundDue: "The money you paid for it will be refunded.",
  labels: {
    orderNumber: "Order number",
    invoice: "Invoice",
    product: "Product",
    price: "Price",
    quantity: "Quantity",
    amount: "Payable amount",
    /** The lines' heading row: product, then quantity × price = amount. */
    lineAmount: "Amount",
    goods: "Goods",
    deliveryCharge: "Delivery charge",
    deliverTo: "Deliver to",
    payment: "Payment",
    transaction: "Transaction Id",
    state: "State now",
  },
  pieces: "{{n}} Pis",
  /** An order of several lines in a subject: its first line's product, and how many more. */
  andMore: "{{product}} and {{n}} more",
  methods: {
    cod: "Cash on delivery",
    test: "Test card",
    stripe: "Card",
    sslcommerz: "SSLCommerz (bKash, Nagad or card)",
  },
  link: "See your order",
  /** A visitor who asked to be told when a Stock Out tool is back (server/mail/back-in-stock-mail.ts). */
  backInStock: {
    subject: "Back in stock: {{product}}",
    lead: "{{product}} is back in stock at Randa. Order it while it lasts.",
    why: "You asked us to tell you once when it was back. We have told you, and forgotten your address.",
    link: "See the tool",
  },
  footer: "You receive this e-mail because you ordered from Randa.",
  /**
   * The admins' e-mails, in English only: an account keeps no language of its own, and the dashboard's admins
   * share one message. Their rows reuse the buyer's labels above where the words are the same.
   */
  admin: {
    newOrder: {
      subject: "New order: {{product}}, {{quantity}}, {{amount}}",
      leadOnline: "A new order, paid online, is ready to ship.",
      leadCod: "A new order, to be paid in cash on delivery, is ready to ship.",
      buyer: "Buyer",
      amount: "Amount",
      notGiven: "Not given",
      link: "Open the order",
    },
    lowStock: {
      subject: "Running low: {{product}}, {{left}} left",
      lead: "{{product}} is below its low-stock line of {{line}}. Restock it before it runs out.",
      inStock: "In stock now",
      line: "Low-stock line",
      minimum: "Minimum order",
      order: "Order that took it low",
      link: "Edit the product",
    },
    footer: "You receive this e-mail because you are an admin of Randa.",
  },
};

/** A language's e-mail words: English's shape with a string at every leaf. */
export type MailWords = Words<typeof enMail>;
