import type { enSheetMessages } from "./en-sheet-messages";

/** The Bangla of en-sheet-messages.ts. */
export const bnSheetMessages: {
  [Area in keyof typeof enSheetMessages]: Record<keyof (typeof enSheetMessages)[Area], string>;
} = {
  sheet: {
    empty: "ফাইলে কোনো সারি নেই: প্রথম লাইনে কলামের নাম, পরের প্রতিটি লাইনে একটি ভ্যারিয়েন্ট",
    not_csv: "ফাইলটি স্টোর পড়তে পারে এমন CSV নয় (লাইন {{line}}): {{reason}}",
    unknown_column: "{{column}} কলামটি ক্যাটালগের নয়: কলামের তালিকা দেখুন",
    repeated_column: "{{column}} কলামের নাম দুবার আছে",
    missing_column: "ফাইলে একটি {{column}} কলাম লাগবে",
    too_many_rows: "একটি ফাইলে সর্বোচ্চ {{max}}টি সারি থাকতে পারে; ভাগ করে নিন",
    too_large: "ক্যাটালগ ফাইল সর্বোচ্চ ১০ MB হতে পারে; ভাগ করে নিন",
    dry_run_invalid: "dryRun হবে true অথবা false",
    product_unknown: "এই আইডির কোনো টুল নেই: নতুন টুলের জন্য খালি রাখুন",
    product_differs: "এই টুলের প্রথম সারি (লাইন {{line}}) থেকে আলাদা",
    other_row_refused: "এই টুলের অন্য একটি সারি বাতিল (লাইন {{line}}), তাই এর কোনো সারিই আমদানি হবে না",
    variant_twice: "এই ভ্যারিয়েন্টটি লাইন {{line}}-এও আছে",
    sku_in_file: "লাইন {{line}}-এও এই SKU দেওয়া আছে",
    category_unknown: "{{slug}} স্লাগের কোনো ক্যাটাগরি নেই",
    image_unknown: "{{name}} নামে স্টোরে কোনো ছবি নেই: আগে আপলোড করুন, তারপর ফাইলের নাম দিন",
    option_value_missing: "এই ভ্যারিয়েন্টের {{option}}-এর মান দিন",
    option_value_without_name: "আগে option{{n}}_name-এ অপশনের নাম দিন",
    refused: "কিছুই আমদানি হয়নি: {{count}}টি সারি বাতিল",
    imported: "আমদানি হয়েছে: {{created}}টি টুল নতুন, {{changed}}টি বদলেছে",
    checked: "যাচাই হয়েছে: কিছুই লেখা হয়নি",
  },
};
