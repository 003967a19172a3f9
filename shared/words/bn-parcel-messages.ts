import type { enParcelMessages } from "./en-parcel-messages";

/** The Bangla of en-parcel-messages.ts. */
export const bnParcelMessages: {
  [Area in keyof typeof enParcelMessages]: Record<keyof (typeof enParcelMessages)[Area], string>;
} = {
  parcel: {
    booked: "কুরিয়ারে বুক হয়েছে: ট্র্যাকিং কোড {{trackingCode}}",
    recorded: "কুরিয়ারের কাছে থাকা পার্সেলটি লেখা হয়েছে: ট্র্যাকিং কোড {{trackingCode}}",
    booked_several: "{{asked}}টি অর্ডারের মধ্যে {{booked}}টি কুরিয়ারে বুক হয়েছে",
    none_chosen: "অন্তত একটি অর্ডার বাছুন",
    too_many: "একবারে সর্বোচ্চ ২০টি অর্ডার বাছুন",
    no_slip: "কুরিয়ারে পার্সেল বুক হলে তবেই অর্ডারের প্যাকিং স্লিপ হয়",
  },
};
