import type { enPhoneCodeMessages } from "./en-phone-code-messages";

/** The Bangla of en-phone-code-messages.ts. */
export const bnPhoneCodeMessages: {
  [Area in keyof typeof enPhoneCodeMessages]: Record<keyof (typeof enPhoneCodeMessages)[Area], string>;
} = {
  phone_code: {
    not_offered: "এই দোকান ফোনে পাঠানো কোড দিয়ে অর্ডার নিশ্চিত করে না",
    not_awaiting: "শুধু নিশ্চিতকরণের অপেক্ষায় থাকা ক্যাশ অন ডেলিভারি অর্ডারেই কোড দেওয়া যায়",
    no_phone: "অর্ডারে কোড পাঠানোর মতো কোনো মোবাইল নম্বর নেই",
    code_shape: "আপনার ফোনে পাঠানো কোডের ৬টি সংখ্যা লিখুন",
    none: "এই অর্ডারের জন্য এখনো কোনো কোড পাঠানো হয়নি: একটি কোড চান",
    wrong: "কোডটি সঠিক নয়। আর চেষ্টা করা যাবে: {{left}} বার",
    no_tries_left: "এই কোডে আর চেষ্টা করা যাবে না: নতুন কোড চান",
    expired: "এই কোডের মেয়াদ শেষ: নতুন কোড চান",
    too_many: "এই অর্ডারের জন্য অনেকবার কোড পাঠানো হয়েছে: {{minutes}} মিনিট পরে আবার চান",
    sent: "{{phone}} নম্বরে একটি কোড পাঠানো হচ্ছে",
    confirmed: "ধন্যবাদ: আপনার অর্ডার নিশ্চিত হয়েছে",
    confirmed_by_code: "ডেলিভারির ফোনে পাঠানো কোড দিয়ে নিশ্চিত করা হয়েছে",
  },
};
