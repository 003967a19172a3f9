import type { enCourierMessages } from "./en-courier-messages";

/** The Bangla of en-courier-messages.ts. */
export const bnCourierMessages: {
  [Area in keyof typeof enCourierMessages]: Record<keyof (typeof enCourierMessages)[Area], string>;
} = {
  courier: {
    unknown: "এই নামে কোনো কুরিয়ার নেই: steadfast অথবা pathao",
    not_configured: "এই কুরিয়ারে দোকানের কোনো অ্যাকাউন্ট নেই",
    cannot_book: "শুধু পরিশোধিত অর্ডার, বা নিশ্চিত ক্যাশ অন ডেলিভারি অর্ডার, যা এখনো পাঠানো হয়নি, কুরিয়ারে বুক করা যায়",
    no_delivery: "অর্ডারে কুরিয়ারকে দেওয়ার মতো ডেলিভারির তথ্য নেই",
    booking_in_flight: "এই অর্ডারের বুকিং কুরিয়ারের কাছে যাচ্ছে: এক মিনিট পরে আবার চেষ্টা করুন",
    refused: "কুরিয়ার পার্সেলটি নেয়নি: {{reason}}",
    silent: "কুরিয়ার সাড়া দেয়নি, তাই এখনো কিছু বুক হয়নি: এক মিনিট পরে আবার চেষ্টা করুন",
    webhook_unauthorized: "কুরিয়ারের বার্তাটি যাচাই করা যায়নি",
    no_parcel: "এই ট্র্যাকিং কোডের কোনো পার্সেল নেই",
  },
};
