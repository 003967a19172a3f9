import { stringify } from "csv-stringify/sync";
import { SHEET_COLUMNS, IMAGE_SEPARATOR, type SheetColumn } from "@shared/catalog-sheet";
import { poishaToTk } from "@shared/money";
import { photoList } from "@shared/photos";
import type { Db } from "../../db/client";
import { catalogPages, categorySlugs, type ProductWithShelves } from "../sql/sheet-rows";
import { flag, neutralise } from "./csv-cells";
import { fileName } from "./plan-photos";

/** Excel reads a CSV as UTF-8 (and so shows Bangla) only when it begins with the byte order mark. */
const BOM = "\uFEFF";

/**
 * The catalog as CSV, a page of products at a time: the header, then one row per live variant, the product's own
 * columns repeated on each of its rows (so a sorted or filtered sheet still says whose row it is). Texts that a
 * spreadsheet would take for a formula are neutralised (csv-cells.ts); CRLF ends each row, as RFC 4180 has it.
 */
export async function* catalogCsv(db: Db): AsyncGenerator<string> {
  const { slugOf } = await categorySlugs(db);
  yield BOM + line([...SHEET_COLUMNS]);
  for await (const page of catalogPages(db)) {
    yield stringify(
      page.flatMap((p) => rowsOf(p, slugOf)),
      CSV_OPTIONS,
    );
  }
}

/**
 * CRLF between rows, and quotes around any cell with a line break in it: csv-stringify quotes only a cell holding
 * the row delimiter itself, and a spreadsheet starts a new row at a bare line feed outside quotes.
 */
const CSV_OPTIONS = { record_delimiter: "windows", quoted_match: /[\r\n]/ } as const;

const line = (cells: string[]) => stringify([cells], CSV_OPTIONS);

function rowsOf(p: ProductWithShelves, slugOf: Map<string, string>): string[][] {
  const own: Partial<Record<SheetColumn, string>> = {
    product_id: p.id,
    name: p.name,
    name_bn: p.nameBn ?? "",
    category: slugOf.get(p.categoryId) ?? "other",
    description: p.description,
    description_bn: p.descriptionBn ?? "",
    details: p.details,
    featured: flag(p.featured),
    max_per_order: p.maxPerOrder === null ? "" : String(p.maxPerOrder),
    low_stock_threshold: p.lowStockThreshold === null ? "" : String(p.lowStockThreshold),
    images: photoList(p)
      .map((photo) => fileName(photo.url))
      .join(IMAGE_SEPARATOR),
    option1_name: p.options[0]?.name ?? "",
    option1_name_bn: p.options[0]?.nameBn ?? "",
    option2_name: p.options[1]?.name ?? "",
    option2_name_bn: p.options[1]?.nameBn ?? "",
  };
  return p.variants.map((v) => {
    const cells: Partial<Record<SheetColumn, string>> = {
      ...own,
      option1_value: p.options[0] ? (v.options[p.options[0].name] ?? "") : "",
      option2_value: p.options[1] ? (v.options[p.options[1].name] ?? "") : "",
      variant_id: v.id,
      sku: v.sku,
      price: String(poishaToTk(v.pricePoisha)),
      stock: String(v.availability),
      minimum_quantity: String(v.minimumQuantity),
      weight_grams: String(v.weightGrams),
      variant_image: v.image ? fileName(v.image) : "",
    };
    return SHEET_COLUMNS.map((column) => neutralise(cells[column] ?? ""));
  });
}
