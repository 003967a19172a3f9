import { randomUUID } from "node:crypto";
import { parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  MAX_SHEET_ROWS,
  SHEET_COLUMNS,
  type ReportLine,
  type SheetColumn,
  type SheetProgress,
  type SheetReport,
} from "@shared/catalog-sheet";
import { product } from "@server/db/schema";
import { asBearer, asCookie, jsonInit, signUp, signUpAdmin, type TestAccount } from "../support/accounts";
import { CALLS_COUNTED, changedTables, fingerprint } from "../support/fingerprint";
import { call } from "../support/order-money";
import { makeProduct, TEST_DELIVERY } from "../support/orders";
import { pngImage } from "../support/images";
import { expectLedgersBalanced } from "../support/stock-ledger";
import { useTestApp } from "../support/test-app";

/** A row of a sheet by column; a column it leaves out is an empty cell. */
type Row = Partial<Record<SheetColumn, string>>;

interface VariantJson {
  id: string;
  sku: string;
  options: Record<string, string>;
  price: number;
  Availability: number;
  minimumQuantity: number;
  weight: number;
  image: string | null;
}
interface ProductJson {
  _id: string;
  name: string;
  nameBn: string | null;
  desc: string;
  descBn: string | null;
  details: string;
  image: string;
  images: { url: string; alt: string | null; altBn: string | null }[];
  categoryId: string;
  featured: boolean;
  maxPerOrder: number | null;
  price: number;
  Availability: number;
  options: { name: string; nameBn: string | null; values: string[] }[];
  variants: VariantJson[];
}
interface EntryJson {
  variantId: string;
  sku: string;
  change: number;
  after: number;
  reason: string;
  by: string;
  byName: string | null;
}

const BOM = "\uFEFF";
const NDJSON = "application/x-ndjson";
const DRAWING = (name: string) => `/images/products/${name}.svg`;

/** A file as a spreadsheet saves it: the header, then the rows, CRLF, quoted where a cell needs it. */
function csvOf(rows: Row[], columns: readonly SheetColumn[] = SHEET_COLUMNS): string {
  return stringify([[...columns], ...rows.map((r) => columns.map((c) => r[c] ?? ""))], { record_delimiter: "windows" });
}

/** A file's rows by column, as a spreadsheet reads them. */
function rowsIn(csv: string): Row[] {
  return parse(csv, { bom: true, columns: true }) as Row[];
}

describe("the catalog as a spreadsheet: GET and POST /api/products.csv", () => {
  const t = useTestApp();
  let admin: TestAccount;
  let customer: TestAccount;
  let serial = 0;
  const tag = () => `${++serial}-${randomUUID().slice(0, 6)}`;

  beforeAll(async () => {
    admin = await signUpAdmin(t, { name: "Sheet Admin" });
    customer = await signUp(t);
  });

  async function exported(who: TestAccount = admin) {
    const res = await t.request("/api/products.csv", { headers: asBearer(who) });
    expect(res.status).toBe(200);
    const bytes = Buffer.from(await res.arrayBuffer());
    // Decoded as bytes, not with res.text(): the decoder of the Fetch API drops a byte order mark.
    return { res, bytes, text: bytes.toString("utf8") };
  }

  /** The exported rows of these products, in the export's order. */
  async function exportedRowsOf(...ids: string[]): Promise<Row[]> {
    return rowsIn((await exported()).text).filter((r) => ids.includes(r.product_id!));
  }

  function post(
    csv: string,
    { dryRun, who = admin, accept }: { dryRun?: string; who?: TestAccount | null; accept?: string } = {},
  ) {
    return t.request(`/api/products.csv${dryRun === undefined ? "" : `?dryRun=${dryRun}`}`, {
      method: "POST",
      headers: {
        "Content-Type": "text/csv",
        ...(who ? asBearer(who) : {}),
        ...(accept ? { Accept: accept } : {}),
      },
      body: csv,
    });
  }

  async function dryRun(csv: string): Promise<SheetReport> {
    const res = await post(csv, { dryRun: "true" });
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()) as SheetReport;
  }

  async function imported(csv: string): Promise<SheetReport> {
    const res = await post(csv);
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()) as SheetReport;
  }

  async function productOf(id: string): Promise<ProductJson> {
    const res = await t.request(`/api/product/${id}`);
    expect(res.status).toBe(200);
    return (await res.json()) as ProductJson;
  }

  async function ledgerOf(id: string): Promise<EntryJson[]> {
    const res = await t.request(`/api/product/${id}/stock?limit=100`, { headers: asBearer(admin) });
    expect(res.status).toBe(200);
    return (await res.json()) as EntryJson[];
  }

  async function idNamed(name: string): Promise<string> {
    const rows = await t.database.db.select({ id: product.id }).from(product).where(eq(product.name, name));
    expect(rows, `one product named ${name}`).toHaveLength(1);
    return rows[0]!.id;
  }

  async function namedCount(names: string[]): Promise<number> {
    let found = 0;
    for (const name of names) {
      found += (await t.database.db.select({ id: product.id }).from(product).where(eq(product.name, name))).length;
    }
    return found;
  }

  /** Runs `during` and expects no row of any table to have changed but the rate limits' counters. */
  async function expectNothingWritten(during: () => Promise<void>) {
    const before = await fingerprint(t.database, CALLS_COUNTED);
    await during();
    expect(changedTables(before, await fingerprint(t.database, CALLS_COUNTED))).toEqual([]);
  }

  async function aCategory(): Promise<{ id: string; slug: string }> {
    const res = await t.request(
      "/api/category",
      jsonInit("POST", { nameEn: `Marking tools ${tag()}`, nameBn: `মার্কিং ${tag()}` }, asBearer(admin)),
    );
    expect(res.status).toBe(200);
    const { insertedId: id } = (await res.json()) as { insertedId: string };
    const { slug } = (await (await t.request(`/api/category/${id}`)).json()) as { slug: string };
    return { id, slug };
  }

  async function added(body: Record<string, unknown>): Promise<string> {
    const res = await call(t, admin, "POST", "/api/product", {
      price: 450,
      Availability: 100,
      minimumQuantity: 20,
      desc: "A tool for the bench.",
      image: DRAWING("marking-gauge"),
      ...body,
    });
    expect(res.status, await res.clone().text()).toBe(200);
    return ((await res.json()) as { insertedId: string }).insertedId;
  }

  async function edited(id: string, body: Record<string, unknown>) {
    const res = await call(t, admin, "PUT", `/api/product/${id}`, body);
    expect(res.status, await res.clone().text()).toBe(200);
  }

  /** An auger bit in two diameters and two lengths, each variant its own price, stock, weight and minimum. */
  async function anAugerBit(name = `Auger Bit ${tag()}`): Promise<string> {
    const id = await added({ name, image: DRAWING("auger-bit") });
    const prefix = `AUG-${id.slice(0, 6)}`;
    await edited(id, {
      options: [
        { name: "Diameter", nameBn: "ব্যাস", values: ["10 mm", "16 mm"] },
        { name: "Length", nameBn: null, values: ["230 mm", "460 mm"] },
      ],
      variants: [
        {
          sku: `${prefix}-10S`,
          options: { Diameter: "10 mm", Length: "230 mm" },
          price: 380,
          Availability: 100,
          minimumQuantity: 20,
          weight: 120,
        },
        {
          sku: `${prefix}-10L`,
          options: { Diameter: "10 mm", Length: "460 mm" },
          price: 520.5,
          Availability: 60,
          minimumQuantity: 10,
          weight: 210,
        },
        {
          sku: `${prefix}-16S`,
          options: { Diameter: "16 mm", Length: "230 mm" },
          price: 450,
          Availability: 0,
          minimumQuantity: 20,
          weight: 160,
          image: DRAWING("hand-drill"),
        },
        {
          sku: `${prefix}-16L`,
          options: { Diameter: "16 mm", Length: "460 mm" },
          price: 690.25,
          Availability: 35,
          minimumQuantity: 5,
          weight: 300,
        },
      ],
    });
    return id;
  }

  /** A new tool's one row, good as it is. */
  const newRow = (over: Row = {}): Row => ({
    product_id: "",
    name: `Sheet Chisel ${tag()}`,
    description: "A firmer chisel, from a spreadsheet.",
    images: "mortise-chisel.svg",
    price: "450",
    stock: "100",
    minimum_quantity: "20",
    weight_grams: "150",
    ...over,
  });

  const HYPERLINK = `=HYPERLINK("http://evil.example/steal","Click for a discount")`;

  describe("the round trip", () => {
    it("a varied catalog exported and imported again is unchanged: nothing written, every product as it was, and the next export byte for byte the same", async () => {
      const category = await aCategory();
      const gauge = await added({
        name: `${HYPERLINK} ${tag()}`,
        nameBn: "মার্কিং গেজ, পিতলের মুখ",
        desc: 'A marking gauge, brass-faced; for "scribing" lines, parallel to an edge.',
        descBn: "কাঠের কিনারার সমান্তরাল দাগ টানার জন্য।",
        details: 'Beam: 8", beech, oiled\nPin: hardened steel, "sharp"\r\nMade in Dhaka, 2026',
        price: 1250.5,
        Availability: 200,
        minimumQuantity: 20,
        maxPerOrder: 100,
        lowStockThreshold: 30,
        featured: true,
        weight: 350,
        categoryId: category.id,
      });
      await edited(gauge, {
        images: [
          { url: DRAWING("marking-gauge"), alt: "The gauge, its fence set", altBn: "গেজ" },
          { url: DRAWING("auger-bit"), alt: null, altBn: null },
          { url: DRAWING("try-square"), alt: "Beside a try square", altBn: null },
        ],
      });
      const bit = await anAugerBit();
      await edited(bit, {
        nameBn: "অগার বিট",
        descBn: "- তীক্ষ্ণ\n- মজবুত",
        details: "- Lead screw: self-feeding\n- Shank: hex, 11 mm",
        categoryId: category.id,
        images: [
          { url: DRAWING("auger-bit"), alt: "The bit", altBn: null },
          { url: DRAWING("hand-drill"), alt: null, altBn: "হাত ড্রিল" },
        ],
      });
      const plain = await makeProduct(t, { name: `+Plain Gauge ${tag()}`, description: "@ the bench" });

      const first = await exported();
      const ids = [...new Set(rowsIn(first.text).map((r) => r.product_id!))];
      expect(ids).toEqual(expect.arrayContaining([gauge, bit, plain.id]));
      const before = await Promise.all(ids.map(productOf));
      // What the product JSON does not show is in the sheet all the same.
      expect(rowsIn(first.text).find((r) => r.product_id === gauge)).toMatchObject({
        name: `'${before.find((p) => p._id === gauge)!.name}`,
        name_bn: "মার্কিং গেজ, পিতলের মুখ",
        category: category.slug,
        featured: "yes",
        max_per_order: "100",
        low_stock_threshold: "30",
        images: "marking-gauge.svg|auger-bit.svg|try-square.svg",
        price: "1250.5",
        weight_grams: "350",
      });

      let report!: SheetReport;
      await expectNothingWritten(async () => {
        report = await imported(first.text);
      });
      expect(report).toMatchObject({
        dryRun: false,
        applied: true,
        rows: rowsIn(first.text).length,
        products: { created: 0, changed: 0, unchanged: ids.length, refused: 0 },
        variants: { created: 0, changed: 0, unchanged: rowsIn(first.text).length, refused: 0 },
      });
      for (const line of report.lines) {
        expect(line, `line ${line.line}`).toMatchObject({ result: "unchanged", changes: [], problems: [] });
      }
      expect(report.lines.find((l) => l.productId === gauge)!.name).toMatch(/^=HYPERLINK\(/);
      expect(await Promise.all(ids.map(productOf))).toEqual(before);

      const second = await exported();
      expect(second.bytes.equals(first.bytes)).toBe(true);
    });
  });

  describe("GET /api/products.csv", () => {
    it("answers CSV in UTF-8 with a byte order mark, CRLF rows, the columns in order and a row per live variant", async () => {
      const bit = await anAugerBit();
      const before = await productOf(bit);
      // A variant an order names is retired when it is taken off, not deleted: the sheet leaves it out.
      const [, long10] = before.variants;
      const ordered = await call(t, customer, "POST", "/api/order", {
        productId: bit,
        variantId: long10!.id,
        quantity: 10,
        delivery: TEST_DELIVERY,
      });
      expect(ordered.status, await ordered.clone().text()).toBe(200);
      await edited(bit, {
        details: "Lead screw: self-feeding\nShank: hex, 11 mm",
        options: before.options,
        variants: before.variants.filter((v) => v.id !== long10!.id).map(({ Availability: _, ...v }) => v),
      });

      const { res, bytes, text } = await exported();
      expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
      expect(res.headers.get("content-disposition")).toMatch(
        /^attachment; filename="randa-catalog-\d{4}-\d{2}-\d{2}\.csv"$/,
      );
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      expect(text.startsWith(`${BOM}${SHEET_COLUMNS.join(",")}\r\n`)).toBe(true);
      // Every row ends in CRLF; a line feed alone is only ever inside a quoted cell.
      expect(text.endsWith("\r\n")).toBe(true);
      expect(/(?<!\r)\n/.test(text.replace(/"(?:[^"]|"")*"/g, ""))).toBe(false);
      expect(text).toContain(`,"Lead screw: self-feeding\nShank: hex, 11 mm",`);
      const header = parse(text, { bom: true, to: 1 }) as string[][];
      expect(header[0]).toEqual([...SHEET_COLUMNS]);

      const rows = rowsIn(text).filter((r) => r.product_id === bit);
      const after = await productOf(bit);
      expect(rows.map((r) => r.variant_id)).toEqual(after.variants.map((v) => v.id));
      expect(rows.map((r) => r.variant_id)).not.toContain(long10!.id);
      expect(
        rows.map((r) => [
          r.option1_value,
          r.option2_value,
          r.price,
          r.stock,
          r.minimum_quantity,
          r.weight_grams,
          r.variant_image,
        ]),
      ).toEqual([
        ["10 mm", "230 mm", "380", "100", "20", "120", ""],
        ["16 mm", "230 mm", "450", "0", "20", "160", "hand-drill.svg"],
        ["16 mm", "460 mm", "690.25", "35", "5", "300", ""],
      ]);
      // The tool's own columns on each of its rows.
      for (const r of rows) {
        expect(r).toMatchObject({
          name: after.name,
          category: "other",
          featured: "no",
          images: "auger-bit.svg",
          option1_name: "Diameter",
          option1_name_bn: "ব্যাস",
          option2_name: "Length",
          option2_name_bn: "",
        });
      }
    });

    it("puts an apostrophe before a text a spreadsheet would take for a formula; the import takes it off again", async () => {
      const name = `${HYPERLINK} ${tag()}`;
      const details = "-5 mm of set\n+ a spare iron";
      const id = await added({ name, details, desc: "@home and in the workshop" });
      const { text } = await exported();
      expect(text).toContain(`"'=HYPERLINK(""http://evil.example/steal"",""Click for a discount"") `);
      const [row] = rowsIn(text).filter((r) => r.product_id === id);
      expect(row).toMatchObject({
        name: `'${name}`,
        details: `'${details}`,
        description: "'@home and in the workshop",
      });

      // Its price changed in the sheet: the texts come back without the apostrophe, and unchanged.
      const report = await imported(csvOf([{ ...row, price: "999" }]));
      expect(report.lines).toMatchObject([{ result: "changed", changes: ["price"], name }]);
      expect(await productOf(id)).toMatchObject({ name, details, desc: "@home and in the workshop", price: 999 });

      // A new tool in a file a spreadsheet saved is named without it too.
      const formula = `=SUM(A1:A9) Saw ${tag()}`;
      expect((await imported(csvOf([newRow({ name: `'${formula}` })]))).products.created).toBe(1);
      expect((await productOf(await idNamed(formula))).name).toBe(formula);
    });

    it("keeps an apostrophe a text itself begins with through the round trip", async () => {
      const name = `'=' marks the centre line ${tag()}`;
      const id = await added({ name });
      const [row] = await exportedRowsOf(id);
      expect(row!.name).toBe(`'${name}`);
      const report = await imported(csvOf([row!]));
      expect(report.lines).toMatchObject([{ result: "unchanged", changes: [] }]);
      expect((await productOf(id)).name).toBe(name);
    });

    it("is an admin's: a customer is refused with 403 and a visitor with 401, each way, and nothing is written", async () => {
      expect((await t.request("/api/products.csv", { headers: asCookie(admin) })).status).toBe(200);
      const asCustomer = await t.request("/api/products.csv", { headers: asBearer(customer) });
      expect(asCustomer.status).toBe(403);
      expect(await asCustomer.text()).not.toContain("product_id");
      expect((await t.request("/api/products.csv")).status).toBe(401);

      const name = `Refused Rasp ${tag()}`;
      const file = csvOf([newRow({ name })]);
      await expectNothingWritten(async () => {
        expect((await post(file, { who: customer })).status).toBe(403);
        expect((await post(file, { who: customer, dryRun: "true" })).status).toBe(403);
        expect((await post(file, { who: null })).status).toBe(401);
      });
      expect(await namedCount([name])).toBe(0);
    });
  });

  describe("POST /api/products.csv: creating and changing", () => {
    it("creates tools in one form and with options, changes existing ones from an edited export, and says which columns", async () => {
      const bit = await anAugerBit();
      const gauge = await makeProduct(t, { availability: 200 });
      const category = await aCategory();
      const [gaugeRow] = await exportedRowsOf(gauge.id);
      const bitRows = await exportedRowsOf(bit);
      const gaugeName = `Renamed Gauge ${tag()}`;
      const mallet = `Sheet Mallet ${tag()}`;
      const plane = `Sheet Plane ${tag()}`;
      const planeKey = `PLANE-${tag()}`;
      const newSku = `${bitRows[0]!.sku}-25`;
      const file = csvOf([
        { ...gaugeRow, name: gaugeName, price: "1399.75" },
        bitRows[0]!,
        { ...bitRows[1]!, stock: "75" },
        bitRows[2]!,
        bitRows[3]!,
        {
          ...bitRows[0]!,
          variant_id: "",
          sku: newSku,
          option1_value: "25 mm",
          price: "880",
          stock: "30",
          minimum_quantity: "10",
          weight_grams: "400",
        },
        newRow({
          name: mallet,
          name_bn: "কাঠের হাতুড়ি",
          category: category.slug.toUpperCase(),
          description: "A beech mallet.",
          description_bn: "বিচ কাঠের হাতুড়ি।",
          details: "Head: 450 g, beech\nHandle: ash",
          featured: "yes",
          max_per_order: "60",
          low_stock_threshold: "15",
          images: "beech-mallet.svg|/images/products/try-square.svg",
          sku: "",
          price: "৬৫০",
          stock: "40",
          minimum_quantity: "10",
          weight_grams: "1,200",
        }),
        {
          product_id: planeKey,
          name: plane,
          description: "A smoothing plane.",
          images: "smoothing-plane.svg",
          option1_name: "Size",
          option1_name_bn: "মাপ",
          option1_value: "No. 3",
          sku: `PLN-${serial}-3`,
          price: "3200",
          stock: "12",
          minimum_quantity: "1",
          weight_grams: "1600",
        },
        {
          product_id: planeKey,
          option1_value: "No. 4",
          sku: `PLN-${serial}-4`,
          price: "3500",
          stock: "8",
          minimum_quantity: "1",
          weight_grams: "1900",
          variant_image: "block-plane.svg",
        },
      ]);
      const report = await imported(file);
      expect(report).toMatchObject({
        dryRun: false,
        applied: true,
        rows: 9,
        products: { created: 2, changed: 2, unchanged: 0, refused: 0 },
        variants: { created: 4, changed: 2, unchanged: 3, refused: 0 },
      });
      expect(report.lines.map((l) => [l.line, l.result, l.productId, l.name, l.sku, l.changes, l.problems])).toEqual([
        [2, "changed", gauge.id, gaugeName, gaugeRow!.sku, ["name", "price"], []],
        [3, "unchanged", bit, bitRows[0]!.name, bitRows[0]!.sku, [], []],
        [4, "changed", bit, bitRows[0]!.name, bitRows[1]!.sku, ["stock"], []],
        [5, "unchanged", bit, bitRows[0]!.name, bitRows[2]!.sku, [], []],
        [6, "unchanged", bit, bitRows[0]!.name, bitRows[3]!.sku, [], []],
        [7, "created", bit, bitRows[0]!.name, newSku, [], []],
        [8, "created", null, mallet, "", [], []],
        [9, "created", null, plane, `PLN-${serial}-3`, [], []],
        [10, "created", null, plane, `PLN-${serial}-4`, [], []],
      ]);

      // The changed ones.
      const g = await productOf(gauge.id);
      expect(g).toMatchObject({ name: gaugeName, price: 1399.75, priceFrom: 1399.75, Availability: 200 });
      expect(g.variants).toMatchObject([{ price: 1399.75, Availability: 200 }]);
      expect((await ledgerOf(gauge.id)).map((e) => e.reason)).toEqual(["opening"]);
      const b = await productOf(bit);
      expect(b.options[0]).toEqual({ name: "Diameter", nameBn: "ব্যাস", values: ["10 mm", "16 mm", "25 mm"] });
      expect(b.variants.map((v) => [v.sku, v.options, v.price, v.Availability, v.minimumQuantity, v.weight])).toEqual([
        [bitRows[0]!.sku, { Diameter: "10 mm", Length: "230 mm" }, 380, 100, 20, 120],
        [bitRows[1]!.sku, { Diameter: "10 mm", Length: "460 mm" }, 520.5, 75, 10, 210],
        [bitRows[2]!.sku, { Diameter: "16 mm", Length: "230 mm" }, 450, 0, 20, 160],
        [bitRows[3]!.sku, { Diameter: "16 mm", Length: "460 mm" }, 690.25, 35, 5, 300],
        [newSku, { Diameter: "25 mm", Length: "230 mm" }, 880, 30, 10, 400],
      ]);
      expect(b.Availability).toBe(240);
      const bitLedger = await ledgerOf(bit);
      expect(
        bitLedger.filter((e) => e.reason === "imported").map((e) => [e.sku, e.change, e.after, e.by, e.byName]),
      ).toEqual([
        [newSku, 30, 30, "admin", "Sheet Admin"],
        [bitRows[1]!.sku, 15, 75, "admin", "Sheet Admin"],
      ]);

      // The new ones.
      const m = await productOf(await idNamed(mallet));
      expect(m).toMatchObject({
        nameBn: "কাঠের হাতুড়ি",
        desc: "A beech mallet.",
        descBn: "বিচ কাঠের হাতুড়ি।",
        details: "Head: 450 g, beech\nHandle: ash",
        featured: true,
        maxPerOrder: 60,
        categoryId: category.id,
        image: DRAWING("beech-mallet"),
        images: [
          { url: DRAWING("beech-mallet"), alt: null, altBn: null },
          { url: DRAWING("try-square"), alt: null, altBn: null },
        ],
        price: 650,
        Availability: 40,
        minimumQuantity: 10,
        weight: 1200,
        options: [],
      });
      expect(m.variants).toHaveLength(1);
      expect(m.variants[0]).toMatchObject({ options: {}, price: 650, Availability: 40, image: null });
      expect(m.variants[0]!.sku).toMatch(/^RND-[0-9A-F]{12}$/);
      const [malletRow] = await t.database.db.select().from(product).where(eq(product.id, m._id));
      expect(malletRow!.lowStockThreshold).toBe(15);
      expect((await ledgerOf(m._id)).map((e) => [e.reason, e.change, e.after, e.by, e.byName])).toEqual([
        ["imported", 40, 40, "admin", "Sheet Admin"],
      ]);

      const p = await productOf(await idNamed(plane));
      expect(p).toMatchObject({
        options: [{ name: "Size", nameBn: "মাপ", values: ["No. 3", "No. 4"] }],
        Availability: 20,
        price: 3200,
        priceFrom: 3200,
        featured: false,
        maxPerOrder: null,
        nameBn: null,
        details: "",
      });
      expect(p.variants.map((v) => [v.sku, v.options, v.price, v.Availability, v.weight, v.image])).toEqual([
        [`PLN-${serial}-3`, { Size: "No. 3" }, 3200, 12, 1600, null],
        [`PLN-${serial}-4`, { Size: "No. 4" }, 3500, 8, 1900, DRAWING("block-plane")],
      ]);
      expect((await ledgerOf(p._id)).map((e) => [e.reason, e.sku, e.change]).sort()).toEqual([
        ["imported", `PLN-${serial}-3`, 12],
        ["imported", `PLN-${serial}-4`, 8],
      ]);
      await expectLedgersBalanced(t.database.db, [gauge.id, bit, m._id, p._id]);
    });

    it("a file that leaves columns out changes only those it has; an empty stock or images keeps them, and a variant left out stays", async () => {
      const bit = await anAugerBit();
      const before = await productOf(bit);
      const ledger = await ledgerOf(bit);
      const [first, second] = await exportedRowsOf(bit);
      const columns: SheetColumn[] = ["product_id", "variant_id", "sku", "price", "stock", "images"];
      const report = await imported(
        csvOf(
          [
            { ...first, price: "399", stock: "", images: "" },
            { ...second, price: "540", stock: "", images: "" },
          ],
          columns,
        ),
      );
      expect(report.lines).toMatchObject([
        { line: 2, result: "changed", changes: ["price"] },
        { line: 3, result: "changed", changes: ["price"] },
      ]);
      expect(report.products).toEqual({ created: 0, changed: 1, unchanged: 0, refused: 0 });
      expect(await productOf(bit)).toEqual({
        ...before,
        price: 399,
        priceFrom: 399,
        variants: before.variants.map((v, i) => (i === 0 ? { ...v, price: 399 } : i === 1 ? { ...v, price: 540 } : v)),
      });
      expect(await ledgerOf(bit)).toEqual(ledger);

      // Without variant_id the SKU finds the variant, in any case (the file's spelling is the SKU from then on);
      // with it, the SKU itself can change.
      const bySku = await imported(
        csvOf(
          [{ product_id: bit, sku: first!.sku!.toLowerCase(), weight_grams: "125" }],
          ["product_id", "sku", "weight_grams"],
        ),
      );
      expect(bySku.lines).toMatchObject([{ result: "changed", changes: ["sku", "weight_grams"] }]);
      expect((await productOf(bit)).variants[0]).toMatchObject({ sku: first!.sku!.toLowerCase(), weight: 125 });
      const renamed = `${first!.sku}-R`;
      const byId = await imported(
        csvOf([{ product_id: bit, variant_id: first!.variant_id, sku: renamed }], ["product_id", "variant_id", "sku"]),
      );
      expect(byId.lines).toMatchObject([{ result: "changed", changes: ["sku"] }]);
      expect((await productOf(bit)).variants[0]).toMatchObject({
        id: first!.variant_id,
        sku: renamed,
        weight: 125,
        price: 399,
      });
      expect((await productOf(bit)).variants).toHaveLength(4);
    });

    it("a dry run writes nothing, yet reports what the import would create and change, as the import then does", async () => {
      const gauge = await makeProduct(t, { availability: 200 });
      const [row] = await exportedRowsOf(gauge.id);
      const made = `Dry Run Spokeshave ${tag()}`;
      const file = csvOf([{ ...row, price: "777", stock: "150" }, newRow({ name: made, images: "spokeshave.svg" })]);
      const before = await productOf(gauge.id);
      const ledger = await ledgerOf(gauge.id);

      let report!: SheetReport;
      await expectNothingWritten(async () => {
        report = await dryRun(file);
      });
      expect(report).toMatchObject({
        dryRun: true,
        applied: false,
        rows: 2,
        products: { created: 1, changed: 1, unchanged: 0, refused: 0 },
        variants: { created: 1, changed: 1, unchanged: 0, refused: 0 },
      });
      expect(report.lines).toMatchObject([
        { line: 2, result: "changed", productId: gauge.id, changes: ["price", "stock"], problems: [] },
        { line: 3, result: "created", productId: null, name: made, problems: [] },
      ]);
      expect(await productOf(gauge.id)).toEqual(before);
      expect(await ledgerOf(gauge.id)).toEqual(ledger);
      expect(await namedCount([made])).toBe(0);

      // dryRun=false is the import itself, and it does what the dry run said.
      const res = await post(file, { dryRun: "false" });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ ...report, dryRun: false, applied: true });
      expect(await productOf(gauge.id)).toMatchObject({ price: 777, Availability: 150 });
      expect((await ledgerOf(gauge.id)).map((e) => [e.reason, e.change, e.after])).toEqual([
        ["imported", -50, 150],
        ["opening", 200, 200],
      ]);
      expect(await namedCount([made])).toBe(1);
      await expectLedgersBalanced(t.database.db, [gauge.id, await idNamed(made)]);
    });
    it("takes a photo uploaded to the store by its file name, and refuses an upload's name the store does not hold", async () => {
      const form = new FormData();
      form.set("image", new Blob([new Uint8Array(await pngImage(900, 600))], { type: "image/png" }), "rasp.png");
      const uploaded = await t.request("/api/uploads", { method: "POST", body: form, headers: asBearer(admin) });
      expect(uploaded.status).toBe(200);
      const { url } = ((await uploaded.json()) as { data: { url: string } }).data;
      const file = url.split("/").pop()!;
      const name = `Uploaded Rasp ${tag()}`;
      const report = await imported(csvOf([newRow({ name, images: `${file}|cabinet-rasp.svg`, variant_image: file })]));
      expect(report.products.created).toBe(1);
      const made = await productOf(await idNamed(name));
      expect(made).toMatchObject({
        image: url,
        images: [{ url }, { url: DRAWING("cabinet-rasp") }],
        variants: [{ image: url }],
      });

      const never = `${"0".repeat(32)}-800.webp`;
      const refused = await dryRun(csvOf([newRow({ images: never })]));
      expect(refused.lines[0]!.problems).toEqual([
        expect.objectContaining({ column: "images", code: "sheet.image_unknown", params: { name: never } }),
      ]);
    });
  });

  describe("POST /api/products.csv: refused rows", () => {
    interface Refusal {
      /** The row within the case. */
      at: number;
      column: SheetColumn | null;
      code: string;
      /** The message's values, given the case's first line. */
      params?: (first: number) => Record<string, string | number>;
    }
    interface BadCase {
      label: string;
      rows: Row[];
      refused: Refusal[];
      /** Rows of the case that are not refused. */
      fine?: number[];
    }

    async function badCases(): Promise<BadCase[]> {
      const n = tag();
      const [unknownIdRow] = await exportedRowsOf((await makeProduct(t)).id);
      const [badPriceRow] = await exportedRowsOf((await makeProduct(t)).id);
      const [oneFormRow] = await exportedRowsOf((await makeProduct(t)).id);
      const twiceRows = await exportedRowsOf(await anAugerBit());
      const [takenRow] = await exportedRowsOf((await makeProduct(t)).id);
      const takenSku = takenRow!.sku!.toLowerCase();
      const otherBit = await exportedRowsOf(await anAugerBit());
      const group = (key: string, first: Row, ...more: Row[]): Row[] => [
        { ...newRow(first), product_id: `${key}-${n}` },
        ...more.map((r) => ({ product_id: `${key}-${n}`, price: "300", stock: "10", minimum_quantity: "1", ...r })),
      ];
      const nine = [
        "auger-bit",
        "beech-mallet",
        "block-plane",
        "cabinet-rasp",
        "coping-saw",
        "dovetail-saw",
        "f-clamp",
        "hand-drill",
        "marking-gauge",
      ];
      return [
        {
          label: "an id no tool has",
          rows: [newRow({ product_id: randomUUID() })],
          refused: [{ at: 0, column: "product_id", code: "sheet.product_unknown" }],
        },
        {
          label: "a tool's column that differs on its second row",
          rows: group(
            "DIFF",
            { option1_name: "Width", option1_value: "6 mm", sku: `DIFF-${n}-6` },
            { name: "Another name", option1_value: "12 mm", sku: `DIFF-${n}-12` },
          ),
          refused: [
            { at: 1, column: "name", code: "sheet.product_differs", params: (first) => ({ line: first }) },
            { at: 0, column: null, code: "sheet.other_row_refused", params: (first) => ({ line: first + 1 }) },
          ],
        },
        {
          label: "an unknown category",
          rows: [newRow({ category: "no-such-shelf" })],
          refused: [
            { at: 0, column: "category", code: "sheet.category_unknown", params: () => ({ slug: "no-such-shelf" }) },
          ],
        },
        {
          label: "a photo the store does not have",
          rows: [newRow({ images: "auger-bit.svg|chisel-photo.jpg" })],
          refused: [
            { at: 0, column: "images", code: "sheet.image_unknown", params: () => ({ name: "chisel-photo.jpg" }) },
          ],
        },
        {
          label: "a variant's photo the store does not have",
          rows: [newRow({ variant_image: "https://evil.example/nowhere.svg" })],
          refused: [
            { at: 0, column: "variant_image", code: "sheet.image_unknown", params: () => ({ name: "nowhere.svg" }) },
          ],
        },
        {
          label: "a SKU two tools of the file give",
          rows: [newRow({ sku: `TWICE-${n}` }), newRow({ sku: `twice-${n}` })],
          refused: [{ at: 1, column: "sku", code: "sheet.sku_in_file", params: (first) => ({ line: first }) }],
          fine: [0],
        },
        {
          label: "a SKU another tool sells",
          rows: [newRow({ sku: takenSku })],
          refused: [{ at: 0, column: "sku", code: "variant_edit.sku_taken", params: () => ({ sku: takenSku }) }],
        },
        {
          label: "one variant on two rows",
          rows: [twiceRows[0]!, { ...twiceRows[0]! }],
          refused: [
            { at: 1, column: "sku", code: "sheet.variant_twice", params: (first) => ({ line: first }) },
            { at: 0, column: null, code: "sheet.other_row_refused", params: (first) => ({ line: first + 1 }) },
          ],
        },
        {
          label: "another tool's variant id",
          rows: [{ ...unknownIdRow, variant_id: otherBit[0]!.variant_id }],
          refused: [{ at: 0, column: "variant_id", code: "variant_edit.unknown_id" }],
        },
        {
          label: "a variant without its option's value",
          rows: group(
            "MISS",
            { option1_name: "Width", option1_value: "6 mm", sku: `MISS-${n}-6` },
            { option1_value: "", sku: `MISS-${n}-X` },
          ),
          refused: [
            { at: 1, column: "option1_value", code: "sheet.option_value_missing", params: () => ({ option: "Width" }) },
          ],
        },
        {
          label: "a value of an option the tool does not have",
          rows: [newRow({ option1_value: "6 mm" })],
          refused: [
            { at: 0, column: "option1_value", code: "sheet.option_value_without_name", params: () => ({ n: 1 }) },
          ],
        },
        {
          label: "a value of a second option a tool of one option does not have",
          rows: [newRow({ option1_name: "Width", option1_value: "6 mm", option2_value: "300 mm" })],
          refused: [
            { at: 0, column: "option2_value", code: "sheet.option_value_without_name", params: () => ({ n: 2 }) },
          ],
        },
        {
          label: "a second option without a first",
          rows: [newRow({ option2_name: "Length", option2_value: "300 mm" })],
          refused: [{ at: 0, column: "option1_name", code: "variant_edit.option_name_required" }],
        },
        {
          label: "a price that is not a number",
          rows: [newRow({ price: "cheap" })],
          refused: [{ at: 0, column: "price", code: "product.price_not_number" }],
        },
        {
          label: "no price",
          rows: [newRow({ price: "" })],
          refused: [{ at: 0, column: "price", code: "product.price_required" }],
        },
        {
          label: "a price of nothing",
          rows: [newRow({ price: "0" })],
          refused: [{ at: 0, column: "price", code: "product.price_not_positive" }],
        },
        {
          label: "a price in thousandths",
          rows: [newRow({ price: "10.555" })],
          refused: [{ at: 0, column: "price", code: "product.price_decimals" }],
        },
        {
          label: "an existing tool's price that is not a number",
          rows: [{ ...badPriceRow, price: "free" }],
          refused: [{ at: 0, column: "price", code: "product.price_not_number" }],
        },
        {
          label: "no name",
          rows: [newRow({ name: "" })],
          refused: [{ at: 0, column: "name", code: "product.name_required" }],
        },
        {
          label: "a name too long",
          rows: [newRow({ name: "x".repeat(201) })],
          refused: [{ at: 0, column: "name", code: "product.name_too_long" }],
        },
        {
          label: "a name with a direction override",
          rows: [newRow({ name: "Saw \u202eevil" })],
          refused: [{ at: 0, column: "name", code: "product.name_unsafe" }],
        },
        {
          label: "no description",
          rows: [newRow({ description: "" })],
          refused: [{ at: 0, column: "description", code: "product.description_required" }],
        },
        {
          label: "featured neither yes nor no",
          rows: [newRow({ featured: "maybe" })],
          refused: [{ at: 0, column: "featured", code: "product.featured_invalid" }],
        },
        {
          label: "a minimum order under one",
          rows: [newRow({ minimum_quantity: "0" })],
          refused: [{ at: 0, column: "minimum_quantity", code: "product.minimum_too_low" }],
        },
        {
          label: "a most per order under the minimum",
          rows: [newRow({ max_per_order: "10", minimum_quantity: "20" })],
          refused: [{ at: 0, column: "max_per_order", code: "product.max_per_order_below_minimum" }],
        },
        {
          label: "a most per order that is not a number",
          rows: [newRow({ max_per_order: "lots" })],
          refused: [{ at: 0, column: "max_per_order", code: "product.max_per_order_not_number" }],
        },
        {
          label: "a negative low-stock threshold",
          rows: [newRow({ low_stock_threshold: "-5" })],
          refused: [{ at: 0, column: "low_stock_threshold", code: "product.low_stock_negative" }],
        },
        {
          label: "a new variant without its stock",
          rows: [newRow({ stock: "" })],
          refused: [{ at: 0, column: "stock", code: "product.availability_required" }],
        },
        {
          label: "a negative stock",
          rows: [newRow({ stock: "-3" })],
          refused: [{ at: 0, column: "stock", code: "product.availability_negative" }],
        },
        {
          label: "a stock in halves",
          rows: [newRow({ stock: "2.5" })],
          refused: [{ at: 0, column: "stock", code: "product.availability_not_whole" }],
        },
        {
          label: "a weight that is not a number",
          rows: [newRow({ weight_grams: "heavy" })],
          refused: [{ at: 0, column: "weight_grams", code: "zone.weight_invalid" }],
        },
        {
          label: "a SKU with a space",
          rows: [newRow({ sku: "CH 06" })],
          refused: [{ at: 0, column: "sku", code: "variant_edit.sku_invalid" }],
        },
        {
          label: "a new tool without a photo",
          rows: [newRow({ images: "" })],
          refused: [{ at: 0, column: "images", code: "product.image_required" }],
        },
        {
          label: "the same photo twice",
          rows: [newRow({ images: "auger-bit.svg|auger-bit.svg" })],
          refused: [{ at: 0, column: "images", code: "photo.repeat" }],
        },
        {
          label: "nine photos",
          rows: [newRow({ images: nine.map((d) => `${d}.svg`).join("|") })],
          refused: [{ at: 0, column: "images", code: "photo.too_many" }],
        },
        {
          label: "two variants of a tool without options",
          rows: group("ONE", { sku: `ONE-${n}-A` }, { sku: `ONE-${n}-B` }),
          refused: [
            { at: 0, column: "option1_name", code: "variant_edit.one_without_options" },
            { at: 1, column: null, code: "sheet.other_row_refused", params: (first) => ({ line: first }) },
          ],
        },
        {
          label: "a new variant of an existing tool without options",
          rows: [{ ...oneFormRow, variant_id: "", sku: `ADDED-${n}` }],
          refused: [{ at: 0, column: "option1_name", code: "variant_edit.one_without_options" }],
        },
        {
          label: "two variants alike",
          rows: group(
            "SAME",
            { option1_name: "Width", option1_value: "6 mm", sku: `SAME-${n}-A` },
            { option1_value: "6 mm", sku: `SAME-${n}-B` },
          ),
          refused: [{ at: 1, column: "option1_value", code: "variant_edit.combination_repeat" }],
        },
        {
          label: "one SKU on two variants of a tool",
          rows: group(
            "SKU",
            { option1_name: "Width", option1_value: "6 mm", sku: `SKU-${n}` },
            { option1_value: "12 mm", sku: `sku-${n}` },
          ),
          refused: [{ at: 1, column: "sku", code: "variant_edit.sku_repeat" }],
        },
      ];
    }

    /** The cases one after another in one file, each with the line of its first row. */
    function fileOf(cases: BadCase[]) {
      let line = 2;
      const placed = cases.map((c) => {
        const first = line;
        line += c.rows.length;
        return { ...c, first };
      });
      return { csv: csvOf(cases.flatMap((c) => c.rows)), placed, rows: line - 2 };
    }

    it("a dry run names each refused row with its column and code; the import refuses the file with 400 and the same report, and writes nothing", async () => {
      const { csv, placed, rows } = fileOf(await badCases());
      const report = await dryRun(csv);
      expect(report.rows).toBe(rows);
      const byLine = new Map(report.lines.map((l) => [l.line, l]));
      let refusedRows = 0;
      for (const c of placed) {
        for (const [at] of c.rows.entries()) {
          const line = byLine.get(c.first + at)!;
          if (c.fine?.includes(at)) {
            expect(line.result, `${c.label}: line ${line.line}`).not.toBe("refused");
            continue;
          }
          refusedRows++;
          expect(line.result, `${c.label}: line ${line.line} ${JSON.stringify(line.problems)}`).toBe("refused");
          expect(line.changes).toEqual([]);
          for (const p of line.problems) expect(p.message, c.label).toMatch(/\S/);
        }
        // Each row that says why says exactly that: its column, code and values, once.
        for (const at of new Set(c.refused.map((r) => r.at))) {
          const line: ReportLine = byLine.get(c.first + at)!;
          expect(line.problems, `${c.label}: line ${line.line}`).toEqual(
            c.refused
              .filter((r) => r.at === at)
              .map((r) =>
                expect.objectContaining({
                  column: r.column,
                  code: r.code,
                  ...(r.params ? { params: r.params(c.first) } : {}),
                }),
              ),
          );
        }
      }
      expect(report.variants).toEqual({ created: 1, changed: 0, unchanged: 0, refused: refusedRows });
      // One tool refused in each case; the first of the two that give one SKU is the one created.
      expect(report.products).toEqual({ created: 1, changed: 0, unchanged: 0, refused: placed.length });

      await expectNothingWritten(async () => {
        const res = await post(csv);
        expect(res.status).toBe(400);
        const refused = (await res.json()) as { code: string; message: string; params: unknown; report: SheetReport };
        expect(refused).toMatchObject({
          code: "sheet.refused",
          message: `Nothing was imported: ${refusedRows} rows are refused`,
          params: { count: refusedRows },
        });
        expect(refused.report).toEqual(report);
      });
    });

    it("is all or nothing: three good rows and one refused row write nothing, and the good rows say what they would have done", async () => {
      const gauge = await makeProduct(t);
      const [row] = await exportedRowsOf(gauge.id);
      const names = [`Good Rasp ${tag()}`, `Good Saw ${tag()}`, `Bad Clamp ${tag()}`];
      const file = csvOf([
        newRow({ name: names[0] }),
        { ...row, price: "2000", stock: "5" },
        newRow({ name: names[1] }),
        newRow({ name: names[2], category: "clamps-that-are-not" }),
      ]);
      const before = await productOf(gauge.id);
      const ledger = await ledgerOf(gauge.id);
      await expectNothingWritten(async () => {
        const res = await post(file);
        expect(res.status).toBe(400);
        const { code, params, report } = (await res.json()) as { code: string; params: unknown; report: SheetReport };
        expect([code, params]).toEqual(["sheet.refused", { count: 1 }]);
        expect(report).toMatchObject({ dryRun: true, applied: false });
        expect(report.lines.map((l) => [l.line, l.result])).toEqual([
          [2, "created"],
          [3, "changed"],
          [4, "created"],
          [5, "refused"],
        ]);
      });
      expect(await productOf(gauge.id)).toEqual(before);
      expect(await ledgerOf(gauge.id)).toEqual(ledger);
      expect(await namedCount(names)).toBe(0);
    });
  });

  describe("POST /api/products.csv: files refused as a whole", () => {
    const HEADER = "product_id,sku\r\n";
    it.each([
      ["an empty body", "", undefined, "sheet.empty"],
      ["blank lines", "  \r\n\r\n", undefined, "sheet.empty"],
      ["a header alone", `${BOM}${SHEET_COLUMNS.join(",")}\r\n`, undefined, "sheet.empty"],
      ["a quote never closed", `${HEADER},"SKU-1\r\n`, undefined, "sheet.not_csv"],
      ["a row of more cells than columns", `${HEADER},SKU-1,extra\r\n`, undefined, "sheet.not_csv"],
      [
        "a column the catalog has not",
        "product_id,sku,colour\r\n,SKU-1,red\r\n",
        { column: "colour" },
        "sheet.unknown_column",
      ],
      ["a column named twice", "product_id,sku,SKU\r\n,SKU-1,SKU-2\r\n", { column: "sku" }, "sheet.repeated_column"],
      [
        "no product_id column",
        "name,sku,price\r\nRasp,SKU-1,100\r\n",
        { column: "product_id" },
        "sheet.missing_column",
      ],
      ["no sku column", "product_id,name\r\n,Rasp\r\n", { column: "sku" }, "sheet.missing_column"],
      ["one row too many", HEADER + ",\r\n".repeat(MAX_SHEET_ROWS + 1), { max: MAX_SHEET_ROWS }, "sheet.too_many_rows"],
    ])("refuses %s with 400 and writes nothing", async (_label, csv, params, code) => {
      await expectNothingWritten(async () => {
        for (const dryRun of ["true", undefined]) {
          const res = await post(csv, { dryRun });
          expect(res.status).toBe(400);
          const said = (await res.json()) as { code: string; message: string; params?: unknown };
          expect(said.code).toBe(code);
          expect(said.message).toMatch(/\S/);
          if (params) expect(said.params).toMatchObject(params);
          expect(said).not.toHaveProperty("report");
        }
      });
    });

    it("judges a file of exactly the most rows", async () => {
      const report = await dryRun(HEADER + ",\r\n".repeat(MAX_SHEET_ROWS));
      expect(report.rows).toBe(MAX_SHEET_ROWS);
      expect(report.variants.refused).toBe(MAX_SHEET_ROWS);
    });

    it("refuses a dryRun that is neither true nor false before reading the file", async () => {
      const name = `Dry Plane ${tag()}`;
      await expectNothingWritten(async () => {
        const res = await post(csvOf([newRow({ name })]), { dryRun: "yes" });
        expect(res.status).toBe(400);
        expect(await res.json()).toMatchObject({ code: "sheet.dry_run_invalid" });
      });
      expect(await namedCount([name])).toBe(0);
    });

    it("refuses a 20 MB file with 413 sheet.too_large, and writes nothing", async () => {
      const row = `,${"A".repeat(60)}\r\n`;
      const huge = HEADER + row.repeat(Math.ceil((20 * 1024 * 1024) / row.length));
      expect(huge.length).toBeGreaterThanOrEqual(20 * 1024 * 1024);
      await expectNothingWritten(async () => {
        for (const dryRun of ["true", undefined]) {
          const res = await post(huge, { dryRun });
          expect(res.status).toBe(413);
          expect(await res.json()).toEqual({
            code: "sheet.too_large",
            message: "A catalog file can be at most 10 MB; split it",
          });
        }
      });
    });
  });

  describe("POST /api/products.csv as NDJSON", () => {
    async function streamed(csv: string, dryRun?: string) {
      const res = await post(csv, { dryRun, accept: NDJSON });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe(NDJSON);
      const text = await res.text();
      expect(text.endsWith("\n")).toBe(true);
      return text
        .trimEnd()
        .split("\n")
        .map(
          (line) => JSON.parse(line) as { progress?: SheetProgress; report?: SheetReport; error?: { code: string } },
        );
    }

    it("streams the progress of checking, then of writing, then the report", async () => {
      const names = [1, 2, 3].map(() => `Streamed Rasp ${tag()}`);
      const file = csvOf(names.map((name) => newRow({ name, images: "cabinet-rasp.svg" })));

      const checked = await streamed(file, "true");
      const report = checked.at(-1)!.report!;
      expect(report).toMatchObject({ dryRun: true, applied: false, products: { created: 3 } });
      const checking = checked.slice(0, -1).map((l) => l.progress!);
      expect(checking.length).toBeGreaterThan(0);
      expect(checking.every((p) => p.phase === "checking" && p.total === 3)).toBe(true);
      expect(checking.at(-1)).toEqual({ phase: "checking", done: 3, total: 3 });
      expect(await namedCount(names)).toBe(0);

      const written = await streamed(file);
      expect(written.at(-1)).toEqual({ report: { ...report, dryRun: false, applied: true } });
      const phases = written.slice(0, -1).map((l) => l.progress!);
      expect(phases.every((p) => p !== undefined)).toBe(true);
      expect([...new Set(phases.map((p) => p.phase))]).toEqual(["checking", "writing"]);
      expect(phases.at(-1)).toEqual({ phase: "writing", done: 3, total: 3 });
      const dones = phases.filter((p) => p.phase === "writing").map((p) => p.done);
      expect(dones).toEqual([...dones].sort((a, b) => a - b));
      expect(await namedCount(names)).toBe(3);
    });

    it("ends a refused import with its error and report, and a file refused as a whole with its error", async () => {
      const name = `Streamed Saw ${tag()}`;
      await expectNothingWritten(async () => {
        const refused = await streamed(csvOf([newRow({ name }), newRow({ price: "cheap" })]));
        const last = refused.at(-1)!;
        expect(last).toMatchObject({
          error: { code: "sheet.refused", params: { count: 1 }, message: "Nothing was imported: 1 rows are refused" },
          report: { applied: false, variants: { created: 1, refused: 1 } },
        });
        expect(refused.slice(0, -1).every((l) => l.progress?.phase === "checking")).toBe(true);

        const empty = await streamed("");
        expect(empty).toEqual([{ error: { code: "sheet.empty", message: expect.any(String) } }]);
        const unknown = await streamed("product_id,sku,colour\r\n,X,red\r\n", "true");
        expect(unknown).toMatchObject([{ error: { code: "sheet.unknown_column", params: { column: "colour" } } }]);
      });
      expect(await namedCount([name])).toBe(0);
    });
  });

  describe("after everything else", () => {
    it("the whole catalog exported and imported again after everything this file did is unchanged", async () => {
      // Runs after every other test in the file: the tools they made, the sheet's own included, go round too.
      const first = await exported();
      const rows = rowsIn(first.text);
      const ids = [...new Set(rows.map((r) => r.product_id!))];
      const before = await Promise.all(ids.map(productOf));
      const report = await imported(first.text);
      expect(report.products).toEqual({ created: 0, changed: 0, unchanged: ids.length, refused: 0 });
      expect(report.lines.filter((l) => l.result !== "unchanged")).toEqual([]);
      expect(await Promise.all(ids.map(productOf))).toEqual(before);
      expect((await exported()).bytes.equals(first.bytes)).toBe(true);
      await expectLedgersBalanced(t.database.db);
    });
  });
});

describe("the catalog spreadsheet's rate limit", () => {
  const t = useTestApp({ IMPORT_LIMIT_PER_HOUR: "2" });

  it("counts each file an admin sends, dry runs too, and refuses the next with 429 until the hour has passed", async () => {
    const admin = await signUpAdmin(t);
    const other = await signUpAdmin(t);
    const name = `Limited Saw ${randomUUID().slice(0, 6)}`;
    const file = csvOf([
      { name, description: "A saw.", images: "coping-saw.svg", price: "300", stock: "5", minimum_quantity: "1" },
    ]);
    const send = (who: TestAccount, dryRun?: string) =>
      t.request(`/api/products.csv${dryRun ? `?dryRun=${dryRun}` : ""}`, {
        method: "POST",
        headers: { "Content-Type": "text/csv", ...asBearer(who) },
        body: file,
      });
    expect((await send(admin, "true")).status).toBe(200);
    expect((await send(admin, "true")).status).toBe(200);
    const limited = await send(admin);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(((await limited.json()) as { code: string }).code).toMatch(/^request\.too_many/);
    const rows = await t.database.db.select({ id: product.id }).from(product).where(eq(product.name, name));
    expect(rows).toEqual([]);
    // The limit is each admin's own.
    expect((await send(other)).status).toBe(200);
    // The export is not counted.
    expect((await t.request("/api/products.csv", { headers: asBearer(admin) })).status).toBe(200);
  });
});
