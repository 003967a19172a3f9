import { randomUUID } from "node:crypto";
import type { SheetColumn } from "@shared/catalog-sheet";
import { defaultSku } from "@shared/variants";

/** A catalog spreadsheet as its rows, each a variant's cells by column: the header is the first row's columns. */
export type SheetRows = Partial<Record<SheetColumn, string>>[];

/** A cell as RFC 4180 writes it: quoted when it holds a quote, a comma, a line break or space at either end. */
export const csvCell = (cell: string) => (/[",\r\n]|^\s|\s$/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell);

/** The file's text: a header and its rows, CRLF between them (as the export writes), optionally after a BOM. */
export function csvText(header: readonly string[], rows: readonly string[][], lineEnding = "\r\n", bom = false) {
  const lines = [header, ...rows].map((cells) => cells.map(csvCell).join(","));
  return `${bom ? "\uFEFF" : ""}${lines.join(lineEnding)}${lineEnding}`;
}

/** Rows by column as a file: the first row's columns are the header, every row's cells in their order. */
export function sheetText(rows: SheetRows, lineEnding = "\r\n", bom = false) {
  const header = Object.keys(rows[0] ?? {}) as SheetColumn[];
  return csvText(
    header,
    rows.map((row) => header.map((column) => row[column] ?? "")),
    lineEnding,
    bom,
  );
}

/**
 * A product made by `makeProduct` (one variant under the store's SKU for it) counted anew, its price changed: the
 * columns a stock-take's file has.
 */
export const stockTakeRows = (productId: string, stock = 150): SheetRows => [
  { product_id: productId, sku: defaultSku(productId), price: "1300", stock: String(stock) },
];

/** A new tool of one variant: its name, description, one of the store's drawings, a SKU of its own. */
export function newToolRows(tag = randomUUID().slice(0, 8)): SheetRows {
  return [
    {
      product_id: "",
      name: `Imported Gauge ${tag}`,
      name_bn: `মার্কিং গেজ ${tag}`,
      category: "other",
      description: "A marking gauge, imported from a spreadsheet.",
      images: "marking-gauge.svg",
      sku: `IMP-${tag.toUpperCase()}`,
      price: "1250.50",
      stock: "40",
      minimum_quantity: "1",
      weight_grams: "300",
    },
  ];
}

/** A new tool in two widths: its rows grouped by a `product_id` of the file's own, each width a SKU and a price. */
export function newToolInSizesRows(tag = randomUUID().slice(0, 8)): SheetRows {
  return ["6 mm", "12 mm"].map((width, i) => ({
    product_id: `new-${tag}`,
    name: `Imported Chisel ${tag}`,
    description: "A bevel-edge chisel, imported in two widths.",
    images: "bevel-edge-chisel-set.svg",
    option1_name: "Width",
    option1_name_bn: "প্রস্থ",
    option1_value: width,
    sku: `IMP-${tag.toUpperCase()}-${i}`,
    price: String(450 + 70 * i),
    stock: "100",
    minimum_quantity: "1",
    weight_grams: "150",
  }));
}
