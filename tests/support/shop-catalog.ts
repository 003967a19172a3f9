import { eq } from "drizzle-orm";
import { category } from "@server/db/schema";
import type { NewProduct } from "@server/db/new-products";
import type { TestContext } from "./test-app";
import { insertStocked } from "./stock-ledger";

/** How many clamps the catalog holds: more than an API page (100), so that the default page is a bound. */
export const CLAMP_COUNT = 105;

const tools = [
  {
    key: "bevel",
    category: "chisels",
    name: "Bevel-Edge Chisel Set",
    nameBn: "বেভেল-এজ বাটালি সেট",
    description: "Four everyday bench chisels with bevelled sides.",
    descriptionBn: "প্রতিদিনের কাজের চারটি বেঞ্চ বাটালি।",
    pricePoisha: 245000,
    minimumQuantity: 20,
    availability: 340,
  },
  {
    key: "mortise",
    category: "chisels",
    name: "Mortise Chisel 10 mm",
    nameBn: "মর্টিস বাটালি",
    description: "A thick, square-sided chisel for door frames.",
    descriptionBn: "দরজার ফ্রেমে খাঁজ কাটার মোটা বাটালি।",
    pricePoisha: 89000,
    minimumQuantity: 20,
    // Less than one minimum order: out of stock.
    availability: 10,
  },
  {
    key: "coping",
    category: "saws",
    name: "Coping Saw",
    nameBn: "কোপিং করাত",
    description: "For curves and scrollwork.",
    descriptionBn: "বাঁক আর নকশার কাজে।",
    pricePoisha: 52000,
    minimumQuantity: 100,
    availability: 1500,
  },
  {
    key: "ryoba",
    category: "saws",
    name: "Ryoba Pull Saw",
    nameBn: "রিওবা পুল করাত",
    description: "A double-edged saw that cuts on the pull stroke.",
    descriptionBn: "টানার সময় কাটে এমন জাপানি দুই-ধারি করাত।",
    pricePoisha: 165000,
    minimumQuantity: 40,
    availability: 400,
  },
  {
    key: "gauge",
    category: "other",
    name: "Wheel Marking Gauge",
    nameBn: null,
    description: "Scores a clean, fine line parallel to an edge.",
    descriptionBn: null,
    pricePoisha: 118000,
    minimumQuantity: 20,
    availability: 240,
  },
] as const;

export type ToolKey = (typeof tools)[number]["key"];

/**
 * A small shop for the search tests: chisels and saws named in English and Bangla, a gauge with no Bangla texts,
 * and CLAMP_COUNT clamps with distinct prices, names and ages. Each tool is a second newer than the next, so the
 * newest first is the order above (the coping saw, with one "saw" to the ryoba's two, is the newer); every clamp is older than the tools.
 */
export async function makeShopCatalog(t: TestContext) {
  const db = t.database.db;
  const shelves = await db
    .insert(category)
    .values([
      { slug: "chisels", nameEn: "Chisels", nameBn: "বাটালি", position: 10 },
      { slug: "saws", nameEn: "Saws", nameBn: "করাত", position: 20 },
      { slug: "clamps", nameEn: "Clamps", nameBn: "ক্ল্যাম্প", position: 30 },
    ])
    .returning();
  const [other] = await db.select().from(category).where(eq(category.slug, "other"));
  const idOf = new Map([...shelves, other!].map((c) => [c.slug, c.id]));
  const now = Date.now();
  const rows = await insertStocked(
    db,
    tools.map(({ key: _key, category: slug, ...tool }, i) => ({
      ...tool,
      categoryId: idOf.get(slug)!,
      image: "/images/products/marking-gauge.svg",
      createdAt: new Date(now - i * 1000),
    })),
  );
  const clamps: NewProduct[] = Array.from({ length: CLAMP_COUNT }, (_, i) => ({
    name: `Bar Clamp ${String(i + 1).padStart(3, "0")}`,
    image: "/images/products/f-clamp.svg",
    // Prices in an order of their own, neither the names' nor the ages'.
    pricePoisha: 40000 + ((i * 37) % CLAMP_COUNT) * 100,
    minimumQuantity: 20,
    availability: 200,
    categoryId: idOf.get("clamps")!,
    createdAt: new Date(now - 60_000 - i * 1000),
  }));
  await insertStocked(db, clamps);
  const ids = Object.fromEntries(tools.map((tool, i) => [tool.key, rows[i]!.id])) as Record<ToolKey, string>;
  return { ids, total: tools.length + CLAMP_COUNT };
}

/** The fixture's English and Bangla names, by key. */
export const toolNamed = (key: ToolKey) => tools.find((tool) => tool.key === key)!;
