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
  priceTk: number;
  minimumQuantity: number;
  availability: number;
  description: string;
  details: string;
}

export const demoProducts: DemoProduct[] = [
  {
    slug: "bevel-edge-chisel-set",
    category: "chisels",
    name: "Bevel-Edge Chisel Set, 4 pcs (6, 12, 18, 25 mm)",
    nameBn: "বেভেল-এজ বাটালি সেট, ৪ পিস (৬, ১২, ১৮, ২৫ মিমি)",
    priceTk: 2450,
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
    priceTk: 890,
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
    priceTk: 3850.5,
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
    priceTk: 2200,
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
    priceTk: 1650,
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
    priceTk: 1975,
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
    priceTk: 520,
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
    priceTk: 640,
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
    priceTk: 1180,
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
    priceTk: 450,
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
    priceTk: 560,
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
    priceTk: 980,
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
    priceTk: 1320,
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
    priceTk: 380,
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
    priceTk: 1450,
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
    priceTk: 1250,
    minimumQuantity: 20,
    availability: 140,
    description: "Drills pilot holes and small holes quietly and precisely, with no cable and no battery.",
    details: "Chuck 0–8 mm, three-jaw; double-pinion gear; side handle removable; 280 mm long.",
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
