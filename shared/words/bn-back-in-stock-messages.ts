import type { enBackInStockMessages } from "./en-back-in-stock-messages";

/** The Bangla of en-back-in-stock-messages.ts. */
export const bnBackInStockMessages: {
  [Area in keyof typeof enBackInStockMessages]: Record<keyof (typeof enBackInStockMessages)[Area], string>;
} = {
  back_in_stock: {
    contact_required: "জানানোর জন্য একটি মোবাইল নম্বর বা ই-মেইল ঠিকানা দিন",
    contact_both: "মোবাইল নম্বর অথবা ই-মেইল ঠিকানা, যেকোনো একটি দিন, দুটো নয়",
    email_invalid: "name@example.com-এর মতো একটি ই-মেইল ঠিকানা দিন",
    in_stock: "এই টুলটি স্টকে আছে: এখনই অর্ডার করতে পারেন",
    asked_email: "ধন্যবাদ: স্টকে ফিরলে আমরা আপনাকে একবার ই-মেইল করে জানাব",
    asked_sms: "ধন্যবাদ: স্টকে ফিরলে আমরা আপনাকে একটি এসএমএস পাঠিয়ে জানাব",
  },
};
