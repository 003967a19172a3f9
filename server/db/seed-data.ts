/** The demo shop's categories; "Other tools" (slug `other`) comes with the database itself. */
export const demoCategories = [
  { slug: "chisels", nameEn: "Chisels", nameBn: "বাটালি", position: 10 },
  { slug: "planes", nameEn: "Planes", nameBn: "রান্দা", position: 20 },
  { slug: "saws", nameEn: "Saws", nameBn: "করাত", position: 30 },
  { slug: "marking-and-measuring", nameEn: "Marking and measuring", nameBn: "মাপজোখ ও দাগ কাটা", position: 40 },
  { slug: "clamps", nameEn: "Clamps", nameBn: "ক্ল্যাম্প", position: 50 },
  { slug: "sharpening", nameEn: "Sharpening", nameBn: "শান দেওয়া", position: 60 },
  { slug: "shaping-and-finishing", nameEn: "Shaping and finishing", nameBn: "আকার দেওয়া ও ফিনিশিং", position: 70 },
  { slug: "mallets-and-drills", nameEn: "Mallets and drills", nameBn: "হাতুড়ি ও ড্রিল", position: 80 },
];

/** The demo catalog: real hand tools at plausible Dhaka wholesale prices, quantities in steps of 20. */
export interface DemoProduct {
  slug: string;
  /** The slug of its category in demoCategories. */
  category: string;
  name: string;
  nameBn: string;
  /** The description in Bangla, shown to visitors reading in Bangla. */
  descriptionBn: string;
  priceTk: number;
  /** One piece, packed, in grams: what the delivery charge counts. */
  weightGrams: number;
  minimumQuantity: number;
  availability: number;
  description: string;
  details: string;
  /** Sold in sizes: the option and each size's own SKU, price, stock and weight (the minimum is the product's). */
  sizes?: {
    option: { name: string; nameBn: string };
    variants: { value: string; sku: string; priceTk: number; availability: number; weightGrams: number }[];
  };
}

export const demoProducts: DemoProduct[] = [
  {
    slug: "bevel-edge-chisel-set",
    category: "chisels",
    name: "Bevel-Edge Chisel Set, 4 pcs (6, 12, 18, 25 mm)",
    nameBn: "বেভেল-এজ বাটালি সেট, ৪ পিস (৬, ১২, ১৮, ২৫ মিমি)",
    descriptionBn:
      "প্রতিদিনের কাজের চারটি বেঞ্চ বাটালি; ঢালু কিনারা ডাভটেইলের কোণেও পৌঁছায়। শক্ত করা ক্রোম-ভ্যানাডিয়াম ইস্পাত, পিঠ সমান করে ঘষা, শান দিলেই তৈরি।",
    priceTk: 2450,
    weightGrams: 1200,
    minimumQuantity: 20,
    availability: 340,
    description:
      "Four everyday bench chisels with bevelled sides that reach into dovetail corners. Hardened chrome-vanadium steel, ground flat on the back and ready to hone.",
    details:
      "Blade widths 6, 12, 18 and 25 mm; hardness HRC 58–60; 25° primary bevel; hornbeam handles with steel hoops for light mallet work; canvas roll included.",
  },
  {
    slug: "mortise-chisel",
    category: "chisels",
    name: "Mortise Chisel 10 mm",
    nameBn: "মর্টিস বাটালি ১০ মিমি",
    descriptionBn: "দরজা-জানালার ফ্রেমে মর্টিস কাটার সময় হাতুড়ির ঘা আর চাড় সইবার মতো মোটা, চৌকো কিনারার বাটালি।",
    priceTk: 890,
    weightGrams: 350,
    minimumQuantity: 20,
    availability: 260,
    description:
      "A thick, square-sided chisel made to be struck and levered while chopping mortises for door and window frames.",
    details:
      "10 mm blade, 9 mm thick at the neck; leather washer under an octagonal ash handle; hooped top for the mallet; 30° bevel.",
  },
  {
    slug: "smoothing-plane",
    category: "planes",
    name: "No. 4 Smoothing Plane",
    nameBn: "স্মুথিং রান্দা",
    descriptionBn:
      "ফিনিশিংয়ের আগে শেষ টানের রান্দা: সমান ঢালাই-লোহার বডি আর সূক্ষ্মভাবে বসানো ফলা এমন মসৃণ তল রেখে যায় যে শিরিষ কাগজ লাগে না।",
    priceTk: 3850.5,
    weightGrams: 2100,
    minimumQuantity: 20,
    availability: 120,
    description:
      "The bench plane for the last pass before finishing: a flat cast-iron body and a fine-set iron leave a surface that needs no sandpaper.",
    details:
      "Sole 245 × 50 mm, ground flat to 0.05 mm; 50 mm high-carbon iron with chip breaker; lateral and depth adjusters; rosewood-stained tote and knob.",
  },
  {
    slug: "block-plane",
    category: "planes",
    name: "Low-Angle Block Plane",
    nameBn: "ব্লক রান্দা",
    descriptionBn: "এক হাতে চালানোর রান্দা, ফলা ১২° কোণে বসানো; আঁশের মাথা চাঁছা, কিনারা ঢালু করা আর জোড় সমান করার জন্য।",
    priceTk: 2200,
    weightGrams: 800,
    minimumQuantity: 20,
    availability: 180,
    description: "A one-hand plane with its iron bedded at 12°, for end grain, chamfers and trimming joints flush.",
    details:
      "Length 160 mm; 35 mm iron, bevel up; adjustable mouth; ductile iron body that survives a fall from the bench.",
  },
  {
    slug: "ryoba-pull-saw",
    category: "saws",
    name: "Ryoba Pull Saw 240 mm",
    nameBn: "রিওবা পুল করাত",
    descriptionBn:
      "টানার সময় কাটে এমন জাপানি দুই-ধারি করাত: এক ধারে লম্বালম্বি কাটার দাঁত, অন্য ধারে আড়াআড়ি কাটার দাঁত, আর সরু কাটে কাঠ নষ্ট হয় কম।",
    priceTk: 1650,
    weightGrams: 450,
    minimumQuantity: 40,
    availability: 400,
    description:
      "A Japanese double-edged saw that cuts on the pull stroke: rip teeth on one edge, crosscut teeth on the other, and a thin kerf that wastes little timber.",
    details:
      "Blade 240 mm × 0.5 mm; 6 TPI rip, 15 TPI crosscut; impulse-hardened teeth; rattan-wrapped handle; replaceable blade.",
  },
  {
    slug: "dovetail-saw",
    category: "saws",
    name: "Dovetail Back Saw 250 mm",
    nameBn: "ডাভটেইল করাত",
    descriptionBn:
      "নিখুঁত জোড়ের কাটের জন্য শক্ত পিঠওয়ালা করাত। পিতলের পিঠ পাতলা ফলাকে সোজা রাখে, তাই কাট আপনার দাগ ধরে চলে।",
    priceTk: 1975,
    weightGrams: 400,
    minimumQuantity: 20,
    availability: 90,
    description:
      "A stiff-backed saw for accurate joinery cuts. The brass back keeps the thin plate straight so the cut follows your line.",
    details: "Plate 250 mm; 15 TPI rip filed; folded brass back; closed beech handle with two brass screws.",
  },
  {
    slug: "coping-saw",
    category: "saws",
    name: "Coping Saw with 5 Spare Blades",
    nameBn: "কোপিং করাত",
    descriptionBn:
      "বাঁক, নকশার কাজ আর ডাভটেইলের বাড়তি কাঠ সরাতে। ফ্রেমের মধ্যে ফলা ঘোরানো যায়, তাই সরু কোণেও কাট ঘুরিয়ে নেওয়া যায়।",
    priceTk: 520,
    weightGrams: 350,
    minimumQuantity: 100,
    availability: 1500,
    description:
      "For curves, scrollwork and clearing dovetail waste. The blade turns in the frame so you can steer around tight corners.",
    details: "Frame depth 125 mm; blade length 165 mm; tension by handle twist; five spare 18 TPI blades.",
  },
  {
    slug: "beech-mallet",
    category: "mallets-and-drills",
    name: "Beech Joiner's Mallet 450 g",
    nameBn: "বিচ কাঠের হাতুড়ি",
    descriptionBn: "ঢালু বিচ কাঠের মাথা প্রতিবার বাটালির মাথায় সোজা পড়ে; কাটার মতো ভারী, অথচ হাতলের ক্ষতি করে না।",
    priceTk: 640,
    weightGrams: 600,
    minimumQuantity: 40,
    availability: 520,
    description:
      "A tapered beech head that meets the chisel squarely on every swing, heavy enough to chop and gentle on handles.",
    details: "Head 130 × 85 × 65 mm; 450 g; wedged through-tenon handle; oiled finish.",
  },
  {
    slug: "marking-gauge",
    category: "marking-and-measuring",
    name: "Wheel Marking Gauge",
    nameBn: "মার্কিং গেজ",
    descriptionBn: "কিনারার সমান্তরালে, আঁশের আড়াআড়ি বা লম্বালম্বি, পরিষ্কার সরু দাগ টানে; টেনন, রিবেট আর কবজার খাঁজের জন্য।",
    priceTk: 1180,
    weightGrams: 200,
    minimumQuantity: 20,
    availability: 240,
    description:
      "Scores a clean, fine line parallel to an edge, across or along the grain, for tenons, rebates and hinge recesses.",
    details: "Hardened cutting wheel 18 mm; 200 mm steel beam with metric scale; brass fence with knurled lock screw.",
  },
  {
    slug: "f-clamp",
    category: "clamps",
    name: "F-Clamp 300 mm",
    nameBn: "এফ-ক্ল্যাম্প",
    descriptionBn: "আঠা লাগানো জোড় চেপে রাখা, কাজ টেবিলে আটকানো আর জিগ বসানোর জন্য দ্রুত সরানো যায় এমন বাহুর ক্ল্যাম্প।",
    priceTk: 450,
    weightGrams: 900,
    minimumQuantity: 100,
    availability: 2000,
    description: "A quick, sliding-arm clamp for glue-ups, holding work to the bench and setting up jigs.",
    details: "Opening 300 mm; throat 80 mm; clamping force 2,000 N; serrated steel rail; wooden handle; swivel pads.",
  },
  {
    slug: "try-square",
    category: "marking-and-measuring",
    name: "Try Square 200 mm",
    nameBn: "ট্রাই স্কয়ার",
    descriptionBn: "কিনারা আর তল ৯০° কোণে মিলেছে কি না যাচাই করে, আর তক্তার আড়াআড়ি সমকোণী দাগ টানে।",
    priceTk: 560,
    weightGrams: 300,
    minimumQuantity: 40,
    availability: 600,
    description: "Checks that edges and faces meet at 90° and marks square lines across boards.",
    details:
      "Blued steel blade 200 mm with millimetre graduations; rosewood stock with brass facing and rivets; checked square to 0.1 mm.",
  },
  {
    slug: "spokeshave",
    category: "planes",
    name: "Flat-Bottom Spokeshave",
    nameBn: "স্পোকশেভ",
    descriptionBn: "চেয়ারের পায়া, বৈঠার হাতল আর বাঁকা কিনারা এমন নিয়ন্ত্রণে আকার দেয় যা রান্দায় পাওয়া যায় না।",
    priceTk: 980,
    weightGrams: 350,
    minimumQuantity: 20,
    availability: 160,
    description: "Shapes chair legs, paddle shafts and curved edges with control that a plane cannot give.",
    details: "Sole 60 mm; 54 mm blade with two adjusting screws; cast-iron body with wing handles.",
  },
  {
    slug: "cabinet-rasp",
    category: "shaping-and-finishing",
    name: "Cabinet Rasp 250 mm",
    nameBn: "ক্যাবিনেট রেতি",
    descriptionBn: "আধা-গোল রেতি: বাঁকা তল থেকে দ্রুত কাঠ তোলে আর স্ক্র্যাপারের উপযোগী তল রেখে যায়।",
    priceTk: 1320,
    weightGrams: 400,
    minimumQuantity: 20,
    availability: 200,
    description: "A half-round rasp that removes wood quickly on curves and leaves a surface ready for a scraper.",
    details: "Length 250 mm; grain 9; flat and half-round faces; hand-stitched teeth; beech handle.",
  },
  {
    slug: "card-scraper-set",
    category: "shaping-and-finishing",
    name: "Card Scraper Set (3 pcs)",
    nameBn: "কার্ড স্ক্র্যাপার সেট",
    descriptionBn: "পাতলা স্প্রিং-ইস্পাতের স্ক্র্যাপার; যে আঁশে রান্দা চালালে কাঠ ছিঁড়ে ওঠে, সেখান থেকেও মিহি চাঁছ তোলে।",
    priceTk: 380,
    weightGrams: 150,
    minimumQuantity: 100,
    availability: 800,
    description:
      "Thin spring-steel scrapers that take fine shavings from tear-prone grain where a plane would tear out.",
    details: "Rectangle, gooseneck and convex/concave shapes; 0.6 mm spring steel; edges ground square for burnishing.",
  },
  {
    slug: "water-stone",
    category: "sharpening",
    name: "Combination Water Stone 1000/6000",
    nameBn: "শান দেওয়ার পানি-পাথর",
    descriptionBn: "দুই পাশের শান-পাথর: ১০০০ গ্রিটে ধার তোলা, ৬০০০ গ্রিটে ধার চকচকে করা। পানিতে ভিজিয়ে শান দিন।",
    priceTk: 1450,
    weightGrams: 1100,
    minimumQuantity: 20,
    availability: 12,
    description: "A two-sided sharpening stone: 1000 grit to set an edge and 6000 grit to polish it. Soak and sharpen.",
    details: "180 × 60 × 30 mm; non-slip rubber base; flattening advised every few sessions.",
  },
  {
    slug: "hand-drill",
    category: "mallets-and-drills",
    name: "Eggbeater Hand Drill",
    nameBn: "হ্যান্ড ড্রিল",
    descriptionBn: "তার বা ব্যাটারি ছাড়াই নিঃশব্দে ও নিখুঁতভাবে পাইলট ছিদ্র আর ছোট ছিদ্র করে।",
    priceTk: 1250,
    weightGrams: 1200,
    minimumQuantity: 20,
    availability: 140,
    description: "Drills pilot holes and small holes quietly and precisely, with no cable and no battery.",
    details: "Chuck 0–8 mm, three-jaw; double-pinion gear; side handle removable; 280 mm long.",
  },
  {
    slug: "auger-bit",
    category: "mallets-and-drills",
    name: "Auger Drill Bit",
    nameBn: "অগার ড্রিল বিট",
    descriptionBn:
      "ব্রেস বা হাত-ড্রিলের জন্য প্যাঁচানো বিট: মাথার স্ক্রু কাঠে টেনে নেয়, ধার কিনারা পরিষ্কার গর্ত কাটে। মাপ বেছে নিন।",
    priceTk: 380,
    weightGrams: 120,
    minimumQuantity: 20,
    availability: 0,
    description:
      "A twisted bit for a brace or hand drill: the lead screw pulls it into the wood and the spurs cut a clean hole. Choose the diameter.",
    details: "Carbon steel, hardened and tempered; square tang; 200 mm long; single spur and cutter.",
    sizes: {
      option: { name: "Diameter", nameBn: "ব্যাস" },
      variants: [
        { value: "6 mm", sku: "AUG-06", priceTk: 380, availability: 240, weightGrams: 100 },
        { value: "10 mm", sku: "AUG-10", priceTk: 420, availability: 300, weightGrams: 120 },
        { value: "12 mm", sku: "AUG-12", priceTk: 460, availability: 160, weightGrams: 140 },
        { value: "16 mm", sku: "AUG-16", priceTk: 540, availability: 0, weightGrams: 180 },
      ],
    },
  },
];

export const demoReviews = [
  {
    authorName: "Rahim Uddin",
    authorPlace: "Dhaka",
    rating: 5,
    comment:
      "The chisels arrived sharp enough to pare end grain. My apprentices use them every day and the edges hold.",
  },
  {
    authorName: "Nasrin Akter",
    authorPlace: "Chattogram",
    rating: 4.5,
    comment: "Good smoothing plane for the price. The sole was flat out of the box and the clamps came on time.",
  },
  {
    authorName: "Kamal Hossain",
    authorPlace: "Sylhet",
    rating: 4,
    comment: "Ordered pull saws for our furniture shop. Clean cuts in shegun and mahogany; delivery took four days.",
  },
];
