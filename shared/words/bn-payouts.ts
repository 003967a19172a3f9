import type { enPayouts } from "./en-payouts";
import type { Words } from "./catalogue";

/** The Bangla of en-payouts.ts. */
export const bnPayouts: Words<typeof enPayouts> = {
  payoutsPage: {
    title: "কুরিয়ারের পেমেন্ট",
    lead: "ক্যাশ অন ডেলিভারির যে টাকা কুরিয়ার তোলে, দোকানকে বুঝিয়ে না দেওয়া পর্যন্ত তা কুরিয়ারের কাছেই থাকে। কুরিয়ারের হিসাবে যে পার্সেলগুলো আছে সেগুলোতে টিক দিন, কত টাকা এসেছে লিখুন, তারপর পেমেন্টটি লিখে রাখুন: টাকার অঙ্ক হতে হবে ওই পার্সেলগুলোর টাকা থেকে কুরিয়ারের চার্জ বাদে যা থাকে, ঠিক তত।",
    courier: { steadfast: "স্টেডফাস্ট", pathao: "পাঠাও" },
    couriers: "কুরিয়ার",
    held: "যে পার্সেলগুলোর টাকা {{courier}}-এর কাছে আছে",
    heldTotal: "{{count}}টি পার্সেল: দোকানের পাওনা {{net}} ({{collected}} তোলা হয়েছে, চার্জ {{fee}})",
    none: "{{courier}}-এর কাছে এই দোকানের কোনো টাকা নেই।",
    choose: "এই পেমেন্টে আছে",
    chooseOne: "এই পেমেন্টে আছে: {{invoice}}",
    invoice: "ইনভয়েস",
    tracking: "ট্র্যাকিং কোড",
    state: "পার্সেল",
    collected: "তোলা হয়েছে",
    fee: "চার্জ",
    net: "পাওনা",
    since: "কবে থেকে",
    states: {
      booking: "বুকিং চলছে",
      booked: "বুক করা হয়েছে",
      in_transit: "পথে আছে",
      hold: "আটকে আছে",
      delivered: "পৌঁছে গেছে",
      partly_delivered: "আংশিক পৌঁছেছে",
      returned: "ফেরত",
      cancelled: "বাতিল",
    },
    amount: "যত টাকা এসেছে (টাকা)",
    reference: "কুরিয়ারের রেফারেন্স (ইচ্ছা হলে)",
    record: "পেমেন্ট লিখে রাখুন",
    recorded: "লেখা পেমেন্টগুলো",
    noPayouts: "এখনো কোনো পেমেন্ট লেখা হয়নি।",
    when: "কবে",
    parcels: "পার্সেল",
  },
  overviewCouriers: {
    held: "কুরিয়ারের কাছে থাকা নগদ টাকা",
    heldNote: "পার্সেল: {{n}}টি",
    fees: "এই সময়ে কুরিয়ারের চার্জ",
    feesNote: "পেমেন্ট: {{n}}টি",
    seePayouts: "পেমেন্টগুলো দেখুন",
  },
};
