/**
 * Bangladesh's 8 divisions and 64 districts, in English (the stored value) and Bangla. Source: Bangladesh
 * National Portal; the English spellings are the 2018 official ones (Chattogram, Cumilla, Jashore, Bogura…).
 */
export const DIVISIONS = [
  {
    name: "Barishal",
    bn: "বরিশাল",
    districts: [
      ["Barguna", "বরগুনা"],
      ["Barishal", "বরিশাল"],
      ["Bhola", "ভোলা"],
      ["Jhalokati", "ঝালকাঠি"],
      ["Patuakhali", "পটুয়াখালী"],
      ["Pirojpur", "পিরোজপুর"],
    ],
  },
  {
    name: "Chattogram",
    bn: "চট্টগ্রাম",
    districts: [
      ["Bandarban", "বান্দরবান"],
      ["Brahmanbaria", "ব্রাহ্মণবাড়িয়া"],
      ["Chandpur", "চাঁদপুর"],
      ["Chattogram", "চট্টগ্রাম"],
      ["Cox's Bazar", "কক্সবাজার"],
      ["Cumilla", "কুমিল্লা"],
      ["Feni", "ফেনী"],
      ["Khagrachhari", "খাগড়াছড়ি"],
      ["Lakshmipur", "লক্ষ্মীপুর"],
      ["Noakhali", "নোয়াখালী"],
      ["Rangamati", "রাঙ্গামাটি"],
    ],
  },
  {
    name: "Dhaka",
    bn: "ঢাকা",
    districts: [
      ["Dhaka", "ঢাকা"],
      ["Faridpur", "ফরিদপুর"],
      ["Gazipur", "গাজীপুর"],
      ["Gopalganj", "গোপালগঞ্জ"],
      ["Kishoreganj", "কিশোরগঞ্জ"],
      ["Madaripur", "মাদারীপুর"],
      ["Manikganj", "মানিকগঞ্জ"],
      ["Munshiganj", "মুন্সিগঞ্জ"],
      ["Narayanganj", "নারায়ণগঞ্জ"],
      ["Narsingdi", "নরসিংদী"],
      ["Rajbari", "রাজবাড়ী"],
      ["Shariatpur", "শরীয়তপুর"],
      ["Tangail", "টাঙ্গাইল"],
    ],
  },
  {
    name: "Khulna",
    bn: "খুলনা",
    districts: [
      ["Bagerhat", "বাগেরহাট"],
      ["Chuadanga", "চুয়াডাঙ্গা"],
      ["Jashore", "যশোর"],
      ["Jhenaidah", "ঝিনাইদহ"],
      ["Khulna", "খুলনা"],
      ["Kushtia", "কুষ্টিয়া"],
      ["Magura", "মাগুরা"],
      ["Meherpur", "মেহেরপুর"],
      ["Narail", "নড়াইল"],
      ["Satkhira", "সাতক্ষীরা"],
    ],
  },
  {
    name: "Mymensingh",
    bn: "ময়মনসিংহ",
    districts: [
      ["Jamalpur", "জামালপুর"],
      ["Mymensingh", "ময়মনসিংহ"],
      ["Netrokona", "নেত্রকোণা"],
      ["Sherpur", "শেরপুর"],
    ],
  },
  {
    name: "Rajshahi",
    bn: "রাজশাহী",
    districts: [
      ["Bogura", "বগুড়া"],
      ["Chapai Nawabganj", "চাঁপাইনবাবগঞ্জ"],
      ["Joypurhat", "জয়পুরহাট"],
      ["Naogaon", "নওগাঁ"],
      ["Natore", "নাটোর"],
      ["Pabna", "পাবনা"],
      ["Rajshahi", "রাজশাহী"],
      ["Sirajganj", "সিরাজগঞ্জ"],
    ],
  },
  {
    name: "Rangpur",
    bn: "রংপুর",
    districts: [
      ["Dinajpur", "দিনাজপুর"],
      ["Gaibandha", "গাইবান্ধা"],
      ["Kurigram", "কুড়িগ্রাম"],
      ["Lalmonirhat", "লালমনিরহাট"],
      ["Nilphamari", "নীলফামারী"],
      ["Panchagarh", "পঞ্চগড়"],
      ["Rangpur", "রংপুর"],
      ["Thakurgaon", "ঠাকুরগাঁও"],
    ],
  },
  {
    name: "Sylhet",
    bn: "সিলেট",
    districts: [
      ["Habiganj", "হবিগঞ্জ"],
      ["Moulvibazar", "মৌলভীবাজার"],
      ["Sunamganj", "সুনামগঞ্জ"],
      ["Sylhet", "সিলেট"],
    ],
  },
] as const;

export type DivisionName = (typeof DIVISIONS)[number]["name"];

export const DIVISION_NAMES = DIVISIONS.map((d) => d.name) as unknown as readonly [DivisionName, ...DivisionName[]];

/** Every district's English name (the stored value). */
export const DISTRICT_NAMES: ReadonlySet<string> = new Set(DIVISIONS.flatMap((d) => d.districts.map(([name]) => name)));

export function districtsOf(division: string): readonly (readonly [string, string])[] {
  return DIVISIONS.find((d) => d.name === division)?.districts ?? [];
}

/** A mobile number as people write it (+880 1712-345678, 01712 345678) in its 11-digit form, or null. */
export function normalizeMobile(text: string): string | null {
  const digits = text.replace(/[\s-]/g, "").replace(/^\+?880/, "0");
  return /^01[3-9]\d{8}$/.test(digits) ? digits : null;
}
