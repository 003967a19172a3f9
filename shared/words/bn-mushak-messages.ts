import type { enMushakMessages } from "./en-mushak-messages";

/** ক্রেতার বিআইএন-এর বার্তা; ইংরেজি en-mushak-messages.ts-এ। */
export const bnMushakMessages: {
  [Area in keyof typeof enMushakMessages]: Record<keyof (typeof enMushakMessages)[Area], string>;
} = {
  mushak: {
    buyer_bin_invalid: "বিআইএন-এ ৯ বা ১৩টি অঙ্ক থাকে (অঙ্কের মাঝে ড্যাশ দেওয়া যায়)",
  },
};
