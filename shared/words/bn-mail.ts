import { enMail, type MailWords } from "./en-mail";

/** The e-mails' words in Bangla: the same keys as en-mail.ts. Only the server reads them. */
export const bnMail: MailWords = {
  shop: "রান্দা",
  hello: "প্রিয় {{name}},",
  events: {
    placed: {
      subject: "অর্ডার পেয়েছি: {{product}}",
      lead: "আপনার অর্ডারের জন্য ধন্যবাদ। অর্ডারটি নিশ্চিত করতে মূল্য পরিশোধ করুন অথবা ক্যাশ অন ডেলিভারি বেছে নিন।",
    },
    paid: {
      subject: "পেমেন্ট পেয়েছি: {{product}}",
      lead: "আপনার পেমেন্ট পেয়েছি। শিগগিরই আপনার অর্ডার পাঠানো হবে।",
    },
    cod: {
      subject: "ক্যাশ অন ডেলিভারি বেছে নেওয়া হয়েছে: {{product}}",
      lead: "আপনি ক্যাশ অন ডেলিভারি বেছে নিয়েছেন। পাঠানোর আগে দোকান থেকে ফোন করে অর্ডারটি নিশ্চিত করা হবে।",
    },
    shipped: { subject: "আপনার অর্ডার পাঠানো হয়েছে: {{product}}", lead: "আপনার অর্ডারটি পাঠানো হয়েছে।" },
    delivered: {
      subject: "পৌঁছে গেছে: {{product}}",
      lead: "আপনার অর্ডারটি পৌঁছে গেছে। রান্দা থেকে কেনার জন্য ধন্যবাদ।",
    },
    cancelled: { subject: "অর্ডার বাতিল: {{product}}", lead: "আপনার অর্ডারটি বাতিল হয়েছে।" },
    expired: {
      subject: "অর্ডারের মেয়াদ শেষ: {{product}}",
      lead: "সময়মতো মূল্য পরিশোধ না হওয়ায় অর্ডারের মেয়াদ শেষ হয়েছে এবং পণ্যগুলো মজুতে ফিরে গেছে। চাইলে আবার অর্ডার করতে পারেন।",
    },
    returned: {
      subject: "আপনার পার্সেল আমাদের কাছে ফেরত এসেছে: {{product}}",
      lead: "কুরিয়ার আপনার অর্ডারটি পৌঁছাতে পারেনি এবং পার্সেলটি দোকানে ফেরত এনেছে; পণ্যগুলো মজুতে ফিরে গেছে।",
    },
    refunded: {
      subject: "টাকা ফেরত দেওয়া হয়েছে: {{product}}",
      lead: "এই অর্ডারের জন্য আপনার পরিশোধিত টাকা ফেরত দেওয়া হয়েছে।",
    },
  },
  codByCode:
    "আপনি ক্যাশ অন ডেলিভারি বেছে নিয়েছেন। অর্ডারটি নিশ্চিত করতে আপনার ফোনে এসএমএসে পাঠানো কোডটি অর্ডারের পাতায় লিখুন; সেখানে নতুন কোডও চাইতে পারবেন।",
  codPay: "পণ্য পৌঁছালে নগদ {{amount}} পরিশোধ করুন।",
  advanceReceived:
    "আপনি ক্যাশ অন ডেলিভারি বেছে নিয়েছেন এবং ডেলিভারি চার্জ {{amount}} আমরা পেয়েছি: আপনার অর্ডারটি নিশ্চিত হয়েছে।",
  holdsUntil: "{{time}} পর্যন্ত পণ্যগুলো আপনার জন্য রাখা থাকবে।",
  cancelledByShop: "দোকান এটি বাতিল করেছে।",
  cancelledByYou: "আপনি এটি বাতিল করেছেন।",
  reason: "কারণ: {{reason}}",
  refundDue: "এর জন্য আপনার পরিশোধিত টাকা ফেরত দেওয়া হবে।",
  labels: {
    orderNumber: "অর্ডার নম্বর",
    invoice: "ইনভয়েস",
    product: "পণ্য",
    price: "দাম",
    quantity: "পরিমাণ",
    amount: "মোট প্রদেয়",
    lineAmount: "মূল্য",
    goods: "পণ্যের দাম",
    deliveryCharge: "ডেলিভারি চার্জ",
    deliverTo: "যেখানে পৌঁছাবে",
    payment: "পেমেন্ট",
    transaction: "ট্রানজ্যাকশন আইডি",
    state: "এখনকার অবস্থা",
  },
  pieces: "{{n}} পিস",
  andMore: "{{product}} ও আরও {{n}}টি",
  methods: {
    cod: "ক্যাশ অন ডেলিভারি",
    test: "টেস্ট কার্ড",
    stripe: "কার্ড",
    sslcommerz: "SSLCommerz (বিকাশ, নগদ বা কার্ড)",
  },
  link: "আপনার অর্ডার দেখুন",
  backInStock: {
    subject: "স্টকে ফিরেছে: {{product}}",
    lead: "{{product}} আবার রান্দায় স্টকে এসেছে। শেষ হওয়ার আগেই অর্ডার করুন।",
    why: "স্টকে ফিরলে একবার জানাতে বলেছিলেন। জানালাম, আর আপনার ঠিকানা আমরা মুছে ফেলেছি।",
    link: "টুলটি দেখুন",
  },
  footer: "রান্দা থেকে অর্ডার করেছেন বলে আপনি এই ইমেইল পাচ্ছেন।",
  // The admins' e-mails are written in English only (en-mail.ts says why): the same words, on purpose.
  admin: enMail.admin,
};
