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
    order_returned: "এই অর্ডারের পার্সেল পৌঁছানো যায়নি, দোকানে ফিরে এসেছে।",
    cannot_receive_back: "শুধু পাঠানো অর্ডারের পার্সেলই ফেরত নেওয়া যায়।",
    refund_after_return: "আপনার পার্সেল পৌঁছানো যায়নি, দোকানে ফিরে এসেছে; আপনি যা দিয়েছেন তা ফেরত দেওয়া হবে।",
    received_back: "পার্সেল ফেরত নেওয়া হয়েছে",
  },
  payout: {
    orders_required: "এই পেমেন্টে কোন কোন অর্ডার আছে তা বেছে নিন",
    order_invalid: "অর্ডারকে তার আইডি দিয়ে চিনতে হবে",
    order_repeated: "একটি অর্ডার দুবার দেওয়া হয়েছে",
    too_many_orders: "একটি পেমেন্টে সর্বোচ্চ ৫০০টি অর্ডার থাকতে পারে",
    amount_required: "টাকার অঙ্ক দিতে হবে",
    amount_not_number: "টাকার অঙ্ক একটি সংখ্যা হতে হবে",
    amount_negative: "টাকার অঙ্ক ঋণাত্মক হতে পারে না",
    amount_too_high: "এত টাকা কোনো পেমেন্টে আসে না",
    amount_decimals: "টাকার অঙ্কে দশমিকের পরে সর্বোচ্চ দুই ঘর (পয়সা) থাকতে পারে",
    reference_invalid: "কুরিয়ারের রেফারেন্স সর্বোচ্চ ১০০টি সাধারণ অক্ষরের হতে পারে",
    not_payable:
      "এই অর্ডারগুলোর {{count}}টির নগদ টাকা এই কুরিয়ারের কাছে নেই (এখনো তোলা হয়নি, আগেই বুঝিয়ে দেওয়া হয়েছে, বা অন্য কুরিয়ারের): {{invoices}}",
    does_not_add_up:
      "হিসাব মিলছে না: এই পার্সেলগুলোর নগদ টাকা থেকে কুরিয়ারের চার্জ বাদে {{expected}} হয়, পেমেন্টে লেখা {{given}} (পার্থক্য {{difference}})",
    recorded: "পেমেন্ট লেখা হয়েছে",
  },
};
