import type { Language } from "./languages";

/**
 * Messages that reach the page as English text — the spec's validation messages, the server's answers, the
 * card processor's words — in Bangla. Looked up where they are shown (toasts, form errors), so the schemas and
 * the API keep one wording.
 */
const BANGLA: Record<string, string> = {
  "Order Placed": "অর্ডার সম্পন্ন হয়েছে",
  "Cash collected": "নগদ টাকা পাওয়া গেছে",
  "Order shipped": "অর্ডার পাঠানো হয়েছে",
  "Order delivered": "অর্ডার পৌঁছে গেছে",
  "Payment accepted": "পেমেন্ট গ্রহণ করা হয়েছে",
  "Product added succefully": "পণ্য যোগ করা হয়েছে",
  "Failed to add product": "পণ্য যোগ করা যায়নি",
  "Product updated": "পণ্য হালনাগাদ হয়েছে",
  "Failed to update product": "পণ্য হালনাগাদ করা যায়নি",
  "Made an admin successfully": "অ্যাডমিন করা হয়েছে",
  "Failed making an admin": "অ্যাডমিন করা যায়নি",
  "User deleted": "ব্যবহারকারী মুছে ফেলা হয়েছে",
  "Price Is Required": "দাম দিন",
  "Quantity Is Required": "পরিমাণ দিন",
  "Image Is Required": "ছবি দিন",
  "Too many attempts. Please wait a minute and try again.":
    "অনেকবার চেষ্টা করা হয়েছে। এক মিনিট অপেক্ষা করে আবার চেষ্টা করুন।",
  "Profile Updated": "প্রোফাইল হালনাগাদ হয়েছে",
  "Thanks For A Comment": "মন্তব্যের জন্য ধন্যবাদ",
  "Rating Is Required": "রেটিং দিন",
  "Comment Is Required": "মন্তব্য লিখুন",
  "Rating must be a number from 0 to 5 in steps of 0.5": "রেটিং ০ থেকে ৫-এর মধ্যে, ০.৫ ধাপে দিন",
  "Email Is Required": "ইমেইল দিন",
  "Please put valid email": "সঠিক ইমেইল দিন",
  "Password Is Required": "পাসওয়ার্ড দিন",
  "Password must be six characters or long": "পাসওয়ার্ড কমপক্ষে ছয় অক্ষরের হতে হবে",
  "Name Is Required": "নাম দিন",
  "Invalid email or password": "ইমেইল বা পাসওয়ার্ড সঠিক নয়",
  "Your password was changed. Please sign in with the new one.":
    "আপনার পাসওয়ার্ড বদলানো হয়েছে। নতুন পাসওয়ার্ড দিয়ে সাইন ইন করুন।",
  "Google sign-in did not complete. Please try again.": "গুগল সাইন-ইন সম্পন্ন হয়নি। আবার চেষ্টা করুন।",
  "Google sign-in is not configured on this store.": "এই দোকানে গুগল সাইন-ইন চালু করা হয়নি।",
  "Removed Order": "অর্ডার বাতিল করা হয়েছে",
  "Order Quantity Must Be Smaller Than Available Quantity": "অর্ডারের পরিমাণ মজুতের চেয়ে কম হতে হবে",
  "Delivery Name Is Required": "ডেলিভারির নাম দিন",
  "Enter a Bangladeshi mobile number: 11 digits starting 01, e.g. 01712345678":
    "বাংলাদেশি মোবাইল নম্বর দিন: 01 দিয়ে শুরু 11 অঙ্ক, যেমন 01712345678",
  "Choose a division": "একটি বিভাগ বেছে নিন",
  "Choose a district of the chosen division": "বেছে নেওয়া বিভাগের একটি জেলা বেছে নিন",
  "Address Is Required": "ঠিকানা দিন",
  "Please add the delivery details before paying or confirming the order.":
    "পরিশোধ বা নিশ্চিত করার আগে ডেলিভারির তথ্য দিন।",
  "Your card was declined.": "আপনার কার্ডটি প্রত্যাখ্যাত হয়েছে।",
  "Your card has insufficient funds.": "আপনার কার্ডে যথেষ্ট টাকা নেই।",
  "Your card number is invalid.": "আপনার কার্ড নম্বরটি সঠিক নয়।",
  "Your card number is incomplete.": "আপনার কার্ড নম্বরটি অসম্পূর্ণ।",
  "Your card's expiration date is incomplete.": "আপনার কার্ডের মেয়াদের তারিখ অসম্পূর্ণ।",
  "Your card's expiration month is invalid.": "আপনার কার্ডের মেয়াদের মাসটি সঠিক নয়।",
  "Your card's expiration date is in the past.": "আপনার কার্ডের মেয়াদ শেষ হয়ে গেছে।",
  "Your card's security code is incomplete.": "আপনার কার্ডের নিরাপত্তা কোড অসম্পূর্ণ।",
  "This order is already paid.": "এই অর্ডারের মূল্য আগেই পরিশোধ করা হয়েছে।",
  "Your card could not be charged. Please try another card.":
    "আপনার কার্ড থেকে টাকা নেওয়া যায়নি। অন্য কার্ড দিয়ে চেষ্টা করুন।",
  "The payment gateway could not be reached. Please try again.": "পেমেন্ট গেটওয়েতে পৌঁছানো যায়নি। আবার চেষ্টা করুন।",
  "The card payment service could not be reached. Please try again.": "কার্ড পেমেন্ট সেবায় পৌঁছানো যায়নি। আবার চেষ্টা করুন।",
  "This order is to be paid in cash on delivery.": "এই অর্ডারের মূল্য ডেলিভারির সময় নগদে পরিশোধ করতে হবে।",
  "This order is paid and cannot be cancelled.": "এই অর্ডারের মূল্য পরিশোধ করা হয়েছে, তাই বাতিল করা যাবে না।",
  "This order has been shipped and cannot be cancelled.": "এই অর্ডারটি পাঠানো হয়ে গেছে, তাই বাতিল করা যাবে না।",
  "This order has a payment waiting for the store's review and cannot be cancelled.":
    "এই অর্ডারের একটি পেমেন্ট দোকানের যাচাইয়ের অপেক্ষায়, তাই বাতিল করা যাবে না।",
  "We could not reach the store. Check your connection and try again.":
    "দোকানের সাথে যোগাযোগ করা যায়নি। ইন্টারনেট সংযোগ দেখে আবার চেষ্টা করুন।",
};

const bengaliDigits = (text: string) => text.replace(/\d/g, (d) => "০১২৩৪৫৬৭৮৯"[Number(d)]!);

const PATTERNS: [RegExp, (m: RegExpExecArray) => string][] = [
  [/^You have to buy at least (\d+)$/, (m) => `কমপক্ষে ${bengaliDigits(m[1]!)} পিস কিনতে হবে`],
];

export function translateMessage(message: string, language: Language): string {
  if (language !== "bn") return message;
  if (message in BANGLA) return BANGLA[message]!;
  for (const [pattern, render] of PATTERNS) {
    const match = pattern.exec(message);
    if (match) return render(match);
  }
  return message;
}
