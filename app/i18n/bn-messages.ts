import type { MESSAGES } from "@shared/messages";

type Translations = { [Area in keyof typeof MESSAGES]?: { [Key in keyof (typeof MESSAGES)[Area]]?: string } };

/**
 * The messages of shared/messages.ts in Bangla, by code. A message missing here is shown in English. Placeholders
 * as in English (`{{min}}`); numbers in them are written in Bengali digits by the caller.
 */
export const bnMessages: Translations = {
  request: {
    invalid: "অনুরোধটি সঠিক নয়।",
    not_form: "অনুরোধটি কোনো ফর্ম নয়।",
    unstorable_text: "লেখায় NUL বা অসম্পূর্ণ অক্ষর থাকতে পারবে না।",
    unknown_action: "অজানা কাজ",
    server_error: "আমাদের দিকে একটি সমস্যা হয়েছে। আবার চেষ্টা করুন।",
    failed: "কিছু একটা সমস্যা হয়েছে। আবার চেষ্টা করুন।",
    network: "দোকানের সাথে যোগাযোগ করা যায়নি। ইন্টারনেট সংযোগ দেখে আবার চেষ্টা করুন।",
  },
  auth: {
    sign_in_required: "আগে সাইন ইন করুন।",
    admins_only: "এটি শুধু অ্যাডমিন করতে পারেন।",
    email_required: "ইমেইল দিন",
    email_invalid: "সঠিক ইমেইল দিন",
    password_required: "পাসওয়ার্ড দিন",
    password_too_short: "পাসওয়ার্ড কমপক্ষে ছয় অক্ষরের হতে হবে",
    name_required: "নাম দিন",
    invalid_credentials: "ইমেইল বা পাসওয়ার্ড সঠিক নয়",
    too_many_attempts: "অনেকবার চেষ্টা করা হয়েছে। এক মিনিট অপেক্ষা করে আবার চেষ্টা করুন।",
    password_changed: "আপনার পাসওয়ার্ড বদলানো হয়েছে। নতুন পাসওয়ার্ড দিয়ে সাইন ইন করুন।",
    google_failed: "গুগল সাইন-ইন সম্পন্ন হয়নি। আবার চেষ্টা করুন।",
    google_not_configured: "এই দোকানে গুগল সাইন-ইন চালু করা হয়নি।",
  },
  user: {
    not_found: "এই ইমেইলের কোনো ব্যবহারকারী নেই",
    promoted: "অ্যাডমিন করা হয়েছে",
    promote_failed: "অ্যাডমিন করা যায়নি",
    deleted: "ব্যবহারকারী মুছে ফেলা হয়েছে",
  },
  profile: { updated: "প্রোফাইল হালনাগাদ হয়েছে" },
  product: {
    name_required: "নাম দিন",
    price_required: "দাম দিন",
    availability_required: "পরিমাণ দিন",
    minimum_required: "ন্যূনতম পরিমাণ দিন",
    description_required: "বিবরণ দিন",
    image_required: "ছবি দিন",
    added: "পণ্য যোগ করা হয়েছে",
    add_failed: "পণ্য যোগ করা যায়নি",
    updated: "পণ্য হালনাগাদ হয়েছে",
    update_failed: "পণ্য হালনাগাদ করা যায়নি",
    removed: "পণ্য মুছে ফেলা হয়েছে",
  },
  upload: { image_required: "ছবি দিন" },
  quantity: { required: "পরিমাণ দিন", below_minimum: "কমপক্ষে {{min}} পিস কিনতে হবে" },
  stock: { too_low: "অর্ডারের পরিমাণ মজুতের চেয়ে কম হতে হবে" },
  order: {
    placed: "অর্ডার সম্পন্ন হয়েছে",
    removed: "অর্ডার বাতিল করা হয়েছে",
    cash_collected: "নগদ টাকা পাওয়া গেছে",
    shipped: "অর্ডার পাঠানো হয়েছে",
    delivered: "অর্ডার পৌঁছে গেছে",
    payment_accepted: "পেমেন্ট গ্রহণ করা হয়েছে",
    delivery_required: "পরিশোধ বা নিশ্চিত করার আগে ডেলিভারির তথ্য দিন।",
    already_paid: "এই অর্ডারের মূল্য আগেই পরিশোধ করা হয়েছে।",
    cash_on_delivery: "এই অর্ডারের মূল্য ডেলিভারির সময় নগদে পরিশোধ করতে হবে।",
    paid_not_cancellable: "এই অর্ডারের মূল্য পরিশোধ করা হয়েছে, তাই বাতিল করা যাবে না।",
    shipped_not_cancellable: "এই অর্ডারটি পাঠানো হয়ে গেছে, তাই বাতিল করা যাবে না।",
    held_not_cancellable: "এই অর্ডারের একটি পেমেন্ট দোকানের যাচাইয়ের অপেক্ষায়, তাই বাতিল করা যাবে না।",
  },
  delivery: {
    name_required: "ডেলিভারির নাম দিন",
    phone_invalid: "বাংলাদেশি মোবাইল নম্বর দিন: 01 দিয়ে শুরু 11 অঙ্ক, যেমন 01712345678",
    division_required: "একটি বিভাগ বেছে নিন",
    district_required: "বেছে নেওয়া বিভাগের একটি জেলা বেছে নিন",
    address_required: "ঠিকানা দিন",
  },
  payment: {
    gateway_unreachable: "পেমেন্ট গেটওয়েতে পৌঁছানো যায়নি। আবার চেষ্টা করুন।",
    stripe_unreachable: "কার্ড পেমেন্ট সেবায় পৌঁছানো যায়নি। আবার চেষ্টা করুন।",
  },
  card: {
    declined: "আপনার কার্ডটি প্রত্যাখ্যাত হয়েছে।",
    insufficient_funds: "আপনার কার্ডে যথেষ্ট টাকা নেই।",
    number_invalid: "আপনার কার্ড নম্বরটি সঠিক নয়।",
    number_incomplete: "আপনার কার্ড নম্বরটি অসম্পূর্ণ।",
    expiry_incomplete: "আপনার কার্ডের মেয়াদের তারিখ অসম্পূর্ণ।",
    expiry_invalid: "আপনার কার্ডের মেয়াদের মাসটি সঠিক নয়।",
    expiry_past: "আপনার কার্ডের মেয়াদ শেষ হয়ে গেছে।",
    cvc_incomplete: "আপনার কার্ডের নিরাপত্তা কোড অসম্পূর্ণ।",
    charge_failed: "আপনার কার্ড থেকে টাকা নেওয়া যায়নি। অন্য কার্ড দিয়ে চেষ্টা করুন।",
  },
  review: {
    rating_required: "রেটিং দিন",
    rating_range: "রেটিং ০ থেকে ৫-এর মধ্যে, ০.৫ ধাপে দিন",
    comment_required: "মন্তব্য লিখুন",
    thanks: "মন্তব্যের জন্য ধন্যবাদ",
  },
};
