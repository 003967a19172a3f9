import { randomUUID } from "node:crypto";
import { readdir } from "node:fs/promises";
import path from "node:path";
import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { insertCategory } from "@server/catalog/sql/category-rows";
import { SheetReportJson } from "@server/catalog/sheet-routes";
import { MAX_SHEET_ROWS } from "@shared/catalog-sheet";
import { asBearer } from "../support/accounts";
import { csvText, newToolInSizesRows, newToolRows, stockTakeRows, type SheetRows } from "../support/catalog-csv";
import { CALLS_COUNTED } from "../support/fingerprint";
import { csvCases, dryRunQuery, renderCsv, VALID_CSV_CASE, type CsvCase } from "../support/fuzz/csv-cases";
import { fuzzEach, useFuzzAccounts } from "../support/fuzz/fuzz-call";
import { FUZZ_RUNS, FUZZ_TIMEOUT, fuzz, successes } from "../support/fuzz/run-fuzz";
import { renderUpload, uploadCases } from "../support/fuzz/upload-cases";
import { makeProduct } from "../support/orders";
import { TEST_ORIGIN, useTestApp } from "../support/test-app";

const PRODUCT = {
  name: "Fuzzed Gauge",
  price: 1250.5,
  Availability: 200,
  minimumQuantity: 20,
  maxPerOrder: 60,
  desc: "A marking gauge.",
  details: "Beech, brass wear strips.",
  image: "/images/products/marking-gauge.svg",
};

const STOCK_RECEIVED = { reason: "received", change: 40, note: "Forty from Kaptan Bazar" };

/** A tool's sizes as Edit Product sends them: two widths, their SKUs the product's own. */
const sizes = (s: Record<string, string>) => ({
  options: [{ name: "Width", nameBn: "প্রস্থ", values: ["6 mm", "12 mm"] }],
  variants: ["6 mm", "12 mm"].map((width, i) => ({
    sku: `FZ-${s.productId!.slice(0, 8)}-${i}`,
    options: { Width: width },
    price: 450 + 70 * i,
    Availability: 100,
    minimumQuantity: 20,
    weight: 150,
  })),
});

const NDJSON = "application/x-ndjson";

describe("fuzzing the catalog's write calls (products, uploads, categories, spreadsheets): never a 5xx, and a refused request changes nothing", () => {
  const t = useTestApp();
  const accounts = useFuzzAccounts(t);
  const aProduct = async () => ({ productId: (await makeProduct(t)).id });
  /** A fresh tag for names no category has yet, and an empty category to rename or remove. */
  const aCategory = async () => {
    const tag = randomUUID().slice(0, 8);
    const { id } = await insertCategory(t.database.db, { nameEn: `Shelf ${tag}`, nameBn: `তাক ${tag}` });
    return { categoryId: id, tag };
  };
  const categoryBody = (s: Record<string, string>) => ({
    nameEn: `Fuzzed ${s.tag}`,
    nameBn: `ফাজ ${s.tag}`,
    position: 5,
  });

  // prettier-ignore
  fuzzEach(t, [
    { call: "POST /api/product",        as: "admin", body: () => PRODUCT },
    { call: "PUT /api/product/{id}",    as: "admin", scene: aProduct, id: (s) => s.productId!, body: () => PRODUCT },
    { call: "PUT /api/product/{id}",    as: "admin", scene: aProduct, id: (s) => s.productId!, body: sizes, shape: "sizes" },
    { call: "DELETE /api/product/{id}", as: "admin", scene: aProduct, id: (s) => s.productId! },
    // Stock changes that pass the schema count against the rate limit, taken or not (CALLS_COUNTED).
    { call: "POST /api/product/{id}/stock", as: "admin", scene: aProduct, id: (s) => s.productId!, body: () => STOCK_RECEIVED, ignored: CALLS_COUNTED },
    { call: "POST /api/category",        as: "admin", scene: aCategory, body: categoryBody },
    { call: "PUT /api/category/{id}",    as: "admin", scene: aCategory, id: (s) => s.categoryId!, body: categoryBody },
    { call: "DELETE /api/category/{id}", as: "admin", scene: aCategory, id: (s) => s.categoryId! },
  ], accounts);

  it(
    `POST /api/uploads as admin: ${FUZZ_RUNS} hostile requests, and a refused one stores no file`,
    { timeout: FUZZ_TIMEOUT },
    async () => {
      const uploads = path.join(t.services.dataDir, "uploads");
      const statuses = await fuzz({
        t,
        cases: uploadCases,
        valid: { kind: "file", field: "image", content: { kind: "photo" }, name: "photo.png", type: "image/png" },
        send: async (_, c) => {
          const { body, type } = await renderUpload(c);
          const headers = { ...asBearer(accounts.admin), ...(type === undefined ? {} : { "Content-Type": type }) };
          return t.request("/api/uploads", { method: "POST", headers, body });
        },
        outside: () => readdir(uploads).catch(() => []),
        ignored: CALLS_COUNTED,
      });
      expect(successes(statuses), JSON.stringify(statuses)).toBeGreaterThan(0);
    },
  );

  /**
   * The spreadsheet's import, its file given as text/csv: hostile cells (formulas, Bangla digits, photos and SKUs
   * of nothing), broken quoting and framing, unknown, repeated or missing columns, rows given twice, too many rows,
   * a file over 10 MB, bytes that are not UTF-8, other media types, hostile `dryRun`s, and answers streamed as
   * NDJSON. Every file that passes the checks counts against the import's rate limit, taken or not (CALLS_COUNTED).
   */
  const aTag = () => Promise.resolve({ tag: randomUUID().slice(0, 8) });
  const SHEETS: {
    shape: string;
    scene: () => Promise<Record<string, string>>;
    rows: (s: Record<string, string>) => SheetRows;
  }[] = [
    { shape: "a stock-take of a tool", scene: aProduct, rows: (s) => stockTakeRows(s.productId!) },
    { shape: "a new tool", scene: aTag, rows: (s) => newToolRows(s.tag) },
    { shape: "a new tool in two widths", scene: aTag, rows: (s) => newToolInSizesRows(s.tag) },
  ];

  for (const sheet of SHEETS) {
    it(
      `POST /api/products.csv (${sheet.shape}) as admin: ${FUZZ_RUNS} hostile files`,
      { timeout: FUZZ_TIMEOUT },
      async () => {
        const statuses = await fuzz<Record<string, string>, CsvCase>({
          t,
          scene: sheet.scene,
          cases: csvCases,
          valid: VALID_CSV_CASE,
          ignored: CALLS_COUNTED,
          send: (s, c) => sendSheet(c, sheet.rows(s)),
          checkAnswer: (_, res, text) => {
            const parsed = SheetReportJson.safeParse(JSON.parse(text));
            expect(parsed.success ? [] : parsed.error.issues, text.slice(0, 300)).toEqual([]);
            expect(res.headers.get("content-type")).toMatch(/^application\/json/);
          },
        });
        expect(successes(statuses), JSON.stringify(statuses)).toBeGreaterThan(0);
      },
    );
  }

  /**
   * Whatever the calls above made of the catalog (tools of every name, photo, option and price the checks let in),
   * its export reads back as it is: checked as a dry run, no row is refused, new or changed.
   */
  it("the catalog the fuzz left exports, and its file reads back with every row unchanged", async () => {
    const exported = await t.request("/api/products.csv", { headers: asBearer(accounts.admin) });
    expect(exported.status).toBe(200);
    const [header, ...rows] = parse(await exported.text(), { bom: true }) as string[][];
    const productColumn = header!.indexOf("product_id");
    // Files within the row limit, each tool's rows in one of them.
    const files: string[][][] = [[]];
    for (const [i, row] of rows.entries()) {
      const file = files.at(-1)!;
      const sameTool = i > 0 && rows[i - 1]![productColumn] === row[productColumn];
      if (file.length >= MAX_SHEET_ROWS - 10 && !sameTool) files.push([row]);
      else file.push(row);
    }
    expect(rows.length).toBeGreaterThan(0);
    for (const file of files) {
      const res = await t.request("/api/products.csv?dryRun=true", {
        method: "POST",
        headers: { ...asBearer(accounts.admin), Origin: TEST_ORIGIN, "Content-Type": "text/csv" },
        body: csvText(header!, file),
      });
      const text = await res.text();
      expect(res.status, text.slice(0, 300)).toBe(200);
      const report = SheetReportJson.parse(JSON.parse(text));
      const moved = report.lines.filter((line) => line.result !== "unchanged");
      expect(moved.slice(0, 5), `${moved.length} of ${report.rows} rows`).toEqual([]);
    }
  });

  /**
   * One case sent as the admin. An answer streamed as NDJSON (status 200 once it began) is read to its end: every
   * line JSON, progress before the last, which is the report or the refusal. A streamed refusal is handed on as the
   * refusal it is (400, or 429 over the rate limit), so that the fuzz holds it to a refusal's rules: it changed
   * nothing.
   */
  async function sendSheet(c: CsvCase, rows: SheetRows): Promise<Response> {
    const headers: Record<string, string> = { ...asBearer(accounts.admin), Origin: TEST_ORIGIN };
    if (c.contentType !== null) headers["Content-Type"] = c.contentType;
    if (c.accept !== null) headers.Accept = c.accept;
    const res = await t.request(`/api/products.csv${dryRunQuery(c.dryRun)}`, {
      method: "POST",
      headers,
      body: renderCsv(c.body, rows),
    });
    if (!(res.headers.get("content-type") ?? "").startsWith(NDJSON)) return res;
    expect(res.status).toBe(200);
    const lines = (await res.text()).split("\n");
    expect(lines.pop(), "the stream ends with a line break").toBe("");
    const said = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const last = said.pop();
    for (const line of said) expect(Object.keys(line)).toEqual(["progress"]);
    if (last && "report" in last) return Response.json(last.report, { status: 200 });
    expect(last && "error" in last, JSON.stringify(last)).toBe(true);
    const error = last!.error as { code: string };
    return Response.json(error, { status: error.code.startsWith("request.too_many") ? 429 : 400 });
  }
});
