import type { BackInStockWords } from "./en-back-in-stock";

/** The Bangla of en-back-in-stock.ts. */
export const bnBackInStock: BackInStockWords = {
  backInStock: {
    title: "স্টকে ফিরলে আমাকে জানান",
    hint: "একটি মোবাইল নম্বর বা ই-মেইল ঠিকানা দিন: টুলটি স্টকে ফিরলে আমরা একবার জানাব, তারপর তা মুছে ফেলব।",
    label: "মোবাইল নম্বর বা ই-মেইল",
    button: "জানাবেন",
  },
};
