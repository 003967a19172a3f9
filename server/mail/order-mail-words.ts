import type { Language } from "@shared/languages";
import type { OrderStatus } from "@shared/order-flow";
import type { BuyerMailKind } from "./outbox";

/** What a buyer's e-mail says about its event: the subject (with `{product}`) and its opening lines. */
interface EventWords {
  subject: string;
  lead: string;
}

interface BuyerWords {
  shop: string;
  hello: string;
  events: Record<BuyerMailKind, EventWords>;
  /** Cash on delivery, said with the amount to have ready. */
  codPay: string;
  holdsUntil: string;
  cancelledByShop: string;
  cancelledByYou: string;
  reason: string;
  refundDue: string;
  labels: {
    orderNumber: string;
    invoice: string;
    product: string;
    price: string;
    quantity: string;
    amount: string;
    deliverTo: string;
    payment: string;
    transaction: string;
    state: string;
  };
  states: Record<OrderStatus, string>;
  pieces: string;
  methods: Record<string, string>;
  link: string;
  footer: string;
}

/** The buyer's e-mails in English and Bangla; the order pages' own words where they have them (app/i18n). */
export const BUYER_WORDS: Record<Language, BuyerWords> = {
  en: {
    shop: "Randa",
    hello: "Hello {name},",
    events: {
      placed: {
        subject: "Order received: {product}",
        lead: "Thank you for your order. Pay for it, or choose cash on delivery, to confirm it.",
      },
      paid: {
        subject: "Payment received: {product}",
        lead: "We have received your payment. Your order will be on its way soon.",
      },
      cod: {
        subject: "Cash on delivery chosen: {product}",
        lead: "You chose cash on delivery. The shop will call you to confirm the order before sending it.",
      },
      shipped: { subject: "Your order is on its way: {product}", lead: "Your order has been shipped." },
      delivered: {
        subject: "Delivered: {product}",
        lead: "Your order has been delivered. Thank you for buying from Randa.",
      },
      cancelled: { subject: "Order cancelled: {product}", lead: "Your order has been cancelled." },
      expired: {
        subject: "Order expired: {product}",
        lead: "Your order was not paid in time, so its pieces went back to stock. You are welcome to order again.",
      },
      refunded: {
        subject: "Refund made: {product}",
        lead: "We have refunded the money you paid for this order.",
      },
    },
    codPay: "Please pay {amount} in cash when it arrives.",
    holdsUntil: "Its pieces are kept for you until {time}.",
    cancelledByShop: "The shop cancelled it.",
    cancelledByYou: "You cancelled it.",
    reason: "Reason: {reason}",
    refundDue: "The money you paid for it will be refunded.",
    labels: {
      orderNumber: "Order number",
      invoice: "Invoice",
      product: "Product",
      price: "Price",
      quantity: "Quantity",
      amount: "Payable amount",
      deliverTo: "Deliver to",
      payment: "Payment",
      transaction: "Transaction Id",
      state: "State now",
    },
    states: {
      unpaid: "Placed",
      paid: "Paid",
      cod: "Cash on delivery",
      shipped: "Shipped",
      delivered: "Delivered",
      cancelled: "Cancelled",
      expired: "Expired",
    },
    pieces: "Pis",
    methods: {
      cod: "Cash on delivery",
      test: "Test card",
      stripe: "Card",
      sslcommerz: "SSLCommerz (bKash, Nagad or card)",
    },
    link: "See your order",
    footer: "You receive this e-mail because you ordered from Randa.",
  },
  bn: {
    shop: "রান্দা",
    hello: "প্রিয় {name},",
    events: {
      placed: {
        subject: "অর্ডার পেয়েছি: {product}",
        lead: "আপনার অর্ডারের জন্য ধন্যবাদ। অর্ডারটি নিশ্চিত করতে মূল্য পরিশোধ করুন অথবা ক্যাশ অন ডেলিভারি বেছে নিন।",
      },
      paid: {
        subject: "পেমেন্ট পেয়েছি: {product}",
        lead: "আপনার পেমেন্ট পেয়েছি। শিগগিরই আপনার অর্ডার পাঠানো হবে।",
      },
      cod: {
        subject: "ক্যাশ অন ডেলিভারি বেছে নেওয়া হয়েছে: {product}",
        lead: "আপনি ক্যাশ অন ডেলিভারি বেছে নিয়েছেন। পাঠানোর আগে দোকান থেকে ফোন করে অর্ডারটি নিশ্চিত করা হবে।",
      },
      shipped: { subject: "আপনার অর্ডার পাঠানো হয়েছে: {product}", lead: "আপনার অর্ডারটি পাঠানো হয়েছে।" },
      delivered: {
        subject: "পৌঁছে গেছে: {product}",
        lead: "আপনার অর্ডারটি পৌঁছে গেছে। রান্দা থেকে কেনার জন্য ধন্যবাদ।",
      },
      cancelled: { subject: "অর্ডার বাতিল: {product}", lead: "আপনার অর্ডারটি বাতিল হয়েছে।" },
      expired: {
        subject: "অর্ডারের মেয়াদ শেষ: {product}",
        lead: "সময়মতো মূল্য পরিশোধ না হওয়ায় অর্ডারের মেয়াদ শেষ হয়েছে এবং পণ্যগুলো মজুতে ফিরে গেছে। চাইলে আবার অর্ডার করতে পারেন।",
      },
      refunded: {
        subject: "টাকা ফেরত দেওয়া হয়েছে: {product}",
        lead: "এই অর্ডারের জন্য আপনার পরিশোধিত টাকা ফেরত দেওয়া হয়েছে।",
      },
    },
    codPay: "পণ্য পৌঁছালে নগদ {amount} পরিশোধ করুন।",
    holdsUntil: "{time} পর্যন্ত পণ্যগুলো আপনার জন্য রাখা থাকবে।",
    cancelledByShop: "দোকান এটি বাতিল করেছে।",
    cancelledByYou: "আপনি এটি বাতিল করেছেন।",
    reason: "কারণ: {reason}",
    refundDue: "এর জন্য আপনার পরিশোধিত টাকা ফেরত দেওয়া হবে।",
    labels: {
      orderNumber: "অর্ডার নম্বর",
      invoice: "ইনভয়েস",
      product: "পণ্য",
      price: "দাম",
      quantity: "পরিমাণ",
      amount: "মোট প্রদেয়",
      deliverTo: "যেখানে পৌঁছাবে",
      payment: "পেমেন্ট",
      transaction: "ট্রানজ্যাকশন আইডি",
      state: "এখনকার অবস্থা",
    },
    states: {
      unpaid: "অর্ডার হয়েছে",
      paid: "পরিশোধিত",
      cod: "ক্যাশ অন ডেলিভারি",
      shipped: "পাঠানো হয়েছে",
      delivered: "পৌঁছে গেছে",
      cancelled: "বাতিল",
      expired: "মেয়াদ শেষ",
    },
    pieces: "পিস",
    methods: {
      cod: "ক্যাশ অন ডেলিভারি",
      test: "টেস্ট কার্ড",
      stripe: "কার্ড",
      sslcommerz: "SSLCommerz (বিকাশ, নগদ বা কার্ড)",
    },
    link: "আপনার অর্ডার দেখুন",
    footer: "রান্দা থেকে অর্ডার করেছেন বলে আপনি এই ইমেইল পাচ্ছেন।",
  },
};
