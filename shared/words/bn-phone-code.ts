import type { Words } from "./catalogue";
import type { enPhoneCode } from "./en-phone-code";

/** The Bangla of en-phone-code.ts. */
export const bnPhoneCode: Words<typeof enPhoneCode> = {
  phoneCode: {
    title: "ফোনে অর্ডার নিশ্চিত করুন",
    sentTo:
      "{{phone}} নম্বরে ৬ সংখ্যার একটি কোড পাঠিয়েছি। অর্ডার নিশ্চিত করতে কোডটি লিখুন: তাহলে দোকান থেকে আর ফোন করতে হবে না।",
    hint: "একটি কোড ১০ মিনিট আর ৫ বার চেষ্টা পর্যন্ত কাজ করে।",
    label: "কোড",
    confirm: "অর্ডার নিশ্চিত করুন",
    confirming: "নিশ্চিত করা হচ্ছে…",
    again: "আবার কোড পাঠান",
    sending: "পাঠানো হচ্ছে…",
    codExplain:
      "ডেলিভারি কর্মীকে নগদ {{amount}} দিন। আপনার ফোনে এসএমএসে ৬ সংখ্যার একটি কোড পাঠানো হবে: অর্ডারটি নিশ্চিত করতে কোডটি এখানে লিখুন। ততক্ষণ পণ্যগুলো আপনার জন্য রাখা থাকবে।",
  },
};
