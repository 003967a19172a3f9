import type { enCodNote } from "./en-cod-note";
import type { Words } from "./catalogue";

/** The Bangla of en-cod-note.ts. */
export const bnCodNote: Words<typeof enCodNote> = {
  codNote: {
    awaiting: "আপনার ফোনে পাঠানো কোড দিয়ে অর্ডারটি নিশ্চিত করুন; {{time}} পর্যন্ত পণ্যগুলো আপনার জন্য রাখা থাকবে।",
    confirmed: "নিশ্চিত হয়েছে।",
  },
};
