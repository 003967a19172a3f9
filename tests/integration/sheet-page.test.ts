import { randomUUID } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { MAX_SHEET_BYTES, SHEET_COLUMNS, type SheetReport } from "@shared/catalog-sheet";
import { bnSheet } from "@shared/words/bn-sheet";
import { enSheet } from "@shared/words/en-sheet";
import { product, productVariant, stockEntry } from "@server/db/schema";
import { signUp, signUpAdmin, type TestAccount } from "../support/accounts";
import { readAnswer } from "../support/action-answer";
import { CALLS_COUNTED, changedTables, fingerprint } from "../support/fingerprint";
import { makeProduct } from "../support/orders";
import { browserHeaders, usePageApp } from "../support/page-app";
import { textOf } from "../support/page-text";
import { expectLedgersBalanced } from "../support/stock-ledger";

const PATH = "/dashboard/spreadsheet";
const HEADER = "product_id,name,description,category,images,sku,price,stock,minimum_quantity";

/** The spreadsheet screen, as a browser without JavaScript uses it: the page read, the file posted as a form. */
describe("the catalog spreadsheet page (/dashboard/spreadsheet)", () => {
  const t = usePageApp();
  let admin: TestAccount;
  let customer: TestAccount;

  beforeAll(async () => {
    admin = await signUpAdmin(t);
    customer = await signUp(t);
  });

  /** A SKU no other test of the file gives. */
  const aSku = (what: string) => `${what}-${randomUUID().slice(0, 8)}`.toUpperCase();
  /** A row creating a tool: the brief's saw, sold in one form. */
  const newSawRow = (sku: string, name = `Page Saw ${sku}`) =>
    `,${name},A saw,other,marking-gauge.svg,${sku},1250.50,40,20`;
  const csvOf = (...rows: string[]) => [HEADER, ...rows].join("\r\n") + "\r\n";

  /** The page's form as a browser posts it: multipart, the file a file part of its own (no file chosen: an empty one). */
  function sheetForm(intent: string, csv: string | null): FormData {
    const form = new FormData();
    const file =
      csv === null
        ? new File([], "", { type: "application/octet-stream" })
        : new File([csv], "catalog.csv", { type: "text/csv" });
    form.append("file", file);
    form.append("intent", intent);
    return form;
  }

  /** Posts the page's form as `as` (null: a stranger, no session). */
  function post(body: FormData | URLSearchParams, as: TestAccount | null = admin, language?: "bn") {
    return t.request(PATH, {
      method: "POST",
      headers: browserHeaders(as, language),
      body,
      redirect: "manual",
    });
  }

  async function page(as?: TestAccount, language?: "bn") {
    const res = await t.request(PATH, { headers: browserHeaders(as, language), redirect: "manual" });
    return { status: res.status, location: res.headers.get("location"), html: await res.text() };
  }

  /** The report's rows as the page draws them: each row's result. */
  const linesOf = (html: string) =>
    [...html.matchAll(/<tr[^>]*data-testid="sheet-line"[^>]*data-result="(\w+)"[^>]*>([\s\S]*?)<\/tr>/g)].map((m) => ({
      result: m[1],
      text: textOf(m[2]!).trim(),
    }));
  /** Each of a page's elements of a kind, its opening tag (and, for a button, its text up to the next tag). */
  const elementsOf = (html: string, tag: string) =>
    [...html.matchAll(new RegExp(`<${tag}\\b[^>]*>${tag === "button" ? "[^<]*" : ""}`, "g"))].map((m) => m[0]);
  const reportOf = (html: string) => /data-testid="sheet-report"[\s\S]*?<\/section>/.exec(html)?.[0] ?? "";

  /** Runs `during` and expects no row of any table to change but the rate limits' counters. */
  async function expectNothingWritten<T>(during: () => Promise<T>): Promise<T> {
    const before = await fingerprint(t.database, CALLS_COUNTED);
    const result = await during();
    expect(changedTables(before, await fingerprint(t.database, CALLS_COUNTED))).toEqual([]);
    return result;
  }

  const variantsWithSku = (...skus: string[]) =>
    t.database.db
      .select()
      .from(productVariant)
      .where(
        inArray(
          sql`lower(${productVariant.sku})`,
          skus.map((s) => s.toLowerCase()),
        ),
      );

  describe("the page", () => {
    it("shows an admin the export link, the import form and every column's documentation, in English", async () => {
      const { status, html } = await page(admin);
      expect(status).toBe(200);
      const text = textOf(html);
      expect(text).toContain("Catalog spreadsheet");
      expect(html).toContain('href="/api/products.csv"');
      expect(text).toContain("Download the catalog (CSV)");
      // The form a browser without JavaScript posts: multipart, a file field, the two buttons.
      const form = elementsOf(html, "form").find((f) => f.includes(`action="${PATH}"`));
      expect(form).toMatch(/method="post"/i);
      expect(form).toMatch(/enctype="multipart\/form-data"/i);
      expect(elementsOf(html, "input").filter((i) => i.includes('name="file"'))).toEqual([
        expect.stringContaining('type="file"'),
      ]);
      const buttons = elementsOf(html, "button").filter((b) => b.includes('name="intent"'));
      expect(buttons).toEqual([
        expect.stringMatching(/value="check"[^>]*>Check the file \(dry run\)$/),
        expect.stringMatching(/value="import"[^>]*>Import$/),
      ]);
      expect(text).toContain("The columns");
      for (const column of SHEET_COLUMNS) {
        expect(html).toContain(`>${column}</code>`);
        expect(text).toContain(enSheet.sheetPage.docs[column]);
      }
      expect(html).not.toContain('data-testid="sheet-report"');
    });

    it("shows the same in Bangla, the columns' names as the file has them", async () => {
      const { status, html } = await page(admin, "bn");
      expect(status).toBe(200);
      const text = textOf(html);
      expect(text).toContain("ক্যাটালগ স্প্রেডশিট");
      expect(text).toContain("ক্যাটালগ ডাউনলোড করুন (CSV)");
      expect(text).toContain("ফাইল যাচাই করুন (ড্রাই রান)");
      expect(text).toContain("আমদানি করুন");
      expect(text).toContain("কলামগুলো");
      for (const column of SHEET_COLUMNS) {
        expect(html).toContain(`>${column}</code>`);
        expect(text).toContain(bnSheet.sheetPage.docs[column]);
      }
      expect(text).not.toContain(enSheet.sheetPage.docs.product_id);
    });

    it("refuses a customer as the other admin pages do: 403, and the page says it is for admins", async () => {
      const stock = await t.request("/dashboard/stock", { headers: browserHeaders(customer), redirect: "manual" });
      const sheet = await page(customer);
      expect(stock.status).toBe(403);
      expect(sheet.status).toBe(403);
      expect(textOf(sheet.html)).toContain("This page is for the store's admins.");
      expect(sheet.html).not.toContain('name="intent"');
      expect(textOf((await page(customer, "bn")).html)).toContain("এই পাতাটি দোকানের অ্যাডমিনদের জন্য।");
    });

    it("sends a stranger to sign in and come back, as the other admin pages do", async () => {
      const res = await t.request("/dashboard/stock", { headers: browserHeaders(), redirect: "manual" });
      const stranger = await page();
      expect([302, 303]).toContain(stranger.status);
      expect(res.status).toBe(stranger.status);
      expect(stranger.location).toBe(`/login?redirectTo=${encodeURIComponent(PATH)}`);
      expect(res.headers.get("location")).toBe(`/login?redirectTo=${encodeURIComponent("/dashboard/stock")}`);
    });

    it("refuses a customer's and a stranger's post, writing nothing", async () => {
      const sku = aSku("NOT-ADMIN");
      const byCustomer = await expectNothingWritten(async () =>
        readAnswer(await post(sheetForm("import", csvOf(newSawRow(sku))), customer)),
      );
      expect(byCustomer.status).toBe(403);
      const byStranger = await expectNothingWritten(async () =>
        readAnswer(await post(sheetForm("import", csvOf(newSawRow(sku))), null)),
      );
      expect([302, 303]).toContain(byStranger.status);
      expect(byStranger.location).toBe(`/login?redirectTo=${encodeURIComponent(PATH)}`);
      expect(await variantsWithSku(sku)).toEqual([]);
    });
  });

  describe("a file checked (dry run)", () => {
    it("reports the rows it would create and refuse, and writes nothing", async () => {
      const good = aSku("DRY-GOOD");
      const bad = aSku("DRY-BAD");
      const csv = csvOf(newSawRow(good), `,Page Plane ${bad},A plane,no-such-shelf,marking-gauge.svg,${bad},900,10,5`);
      const res = await expectNothingWritten(() => post(sheetForm("check", csv)));
      const html = await res.clone().text();
      const answer = await readAnswer(res);
      expect(answer.status, answer.message ?? "").toBe(200);
      expect(answer.toast).toEqual({ kind: "success", message: "Checked: nothing was written" });
      const report = (answer.data as { report: SheetReport }).report;
      expect(report).toMatchObject({
        dryRun: true,
        applied: false,
        rows: 2,
        products: { created: 1, refused: 1 },
        variants: { created: 1, refused: 1 },
      });
      expect(report.lines.find((l) => l.sku === bad)?.problems).toEqual([
        expect.objectContaining({ column: "category", code: "sheet.category_unknown" }),
      ]);
      // The page draws the report: the refused row first, with its reason beside its column.
      expect(textOf(reportOf(html))).toContain("What the file would do: nothing was written");
      const lines = linesOf(html);
      expect(lines.map((l) => l.result)).toEqual(["refused", "created"]);
      expect(lines[0]!.text).toContain(bad);
      expect(lines[0]!.text).toContain("category No category has the slug no-such-shelf");
      expect(lines[1]!.text).toContain(`Page Saw ${good}`);
      expect(await variantsWithSku(good, bad)).toEqual([]);
    });

    it("takes the file's text as the field's value too (a form a program posts, urlencoded)", async () => {
      const sku = aSku("DRY-TEXT");
      const answer = await expectNothingWritten(async () =>
        readAnswer(await post(new URLSearchParams({ intent: "check", file: csvOf(newSawRow(sku)) }))),
      );
      expect(answer.done, answer.message ?? "").toBe(true);
      expect((answer.data as { report: SheetReport }).report.products).toMatchObject({ created: 1, refused: 0 });
      expect(await variantsWithSku(sku)).toEqual([]);
    });

    it("reports in Bangla on a page in Bangla", async () => {
      const sku = aSku("DRY-BN");
      const res = await expectNothingWritten(() =>
        post(
          sheetForm("check", csvOf(newSawRow(sku), `,x,y,other,no-such-image.svg,${aSku("BN-BAD")},1,1,1`)),
          admin,
          "bn",
        ),
      );
      expect(res.status).toBe(200);
      const report = textOf(reportOf(await res.text()));
      expect(report).toContain("ফাইলটি যা করত: কিছুই লেখা হয়নি");
      expect(report).toContain("no-such-image.svg নামে স্টোরে কোনো ছবি নেই");
    });
  });

  describe("a file imported", () => {
    it("creates the tool, its variant and its ledger's opening row, as imported by the admin", async () => {
      const sku = aSku("IMP");
      const name = `Page Saw ${sku}`;
      const res = await post(sheetForm("import", csvOf(newSawRow(sku, name))));
      const html = await res.clone().text();
      const answer = await readAnswer(res);
      expect(answer.done, answer.message ?? "").toBe(true);
      expect(answer.toast).toEqual({ kind: "success", message: "Imported: 1 tools created, 0 changed" });
      expect((answer.data as { report: SheetReport }).report).toMatchObject({
        dryRun: false,
        applied: true,
        products: { created: 1, changed: 0, refused: 0 },
      });
      expect(textOf(reportOf(html))).toContain("Imported: every row is written");
      expect(linesOf(html).map((l) => l.result)).toEqual(["created"]);

      const [tool] = await t.database.db.select().from(product).where(eq(product.name, name));
      expect(tool).toMatchObject({
        description: "A saw",
        pricePoisha: 125050,
        availability: 40,
        minimumQuantity: 20,
        image: "/images/products/marking-gauge.svg",
      });
      const variants = await variantsWithSku(sku);
      expect(variants).toHaveLength(1);
      expect(variants[0]).toMatchObject({
        productId: tool!.id,
        sku,
        pricePoisha: 125050,
        availability: 40,
        minimumQuantity: 20,
      });
      const ledger = await t.database.db.select().from(stockEntry).where(eq(stockEntry.productId, tool!.id));
      expect(ledger).toEqual([
        expect.objectContaining({
          variantId: variants[0]!.id,
          change: 40,
          after: 40,
          reason: "imported",
          by: "admin",
          orderId: null,
        }),
      ]);
      await expectLedgersBalanced(t.database.db, [tool!.id]);
    });

    it("writes a changed stock as an imported count, the difference in the ledger", async () => {
      const { id, variantId } = await makeProduct(t, { availability: 200 });
      const [variant] = await t.database.db.select().from(productVariant).where(eq(productVariant.id, variantId));
      const csv = ["product_id,sku,stock", `${id},${variant!.sku},150`].join("\r\n");
      const answer = await readAnswer(await post(sheetForm("import", csv)));
      expect(answer.done, answer.message ?? "").toBe(true);
      expect(answer.toast?.message).toBe("Imported: 0 tools created, 1 changed");
      const [after] = await t.database.db.select().from(productVariant).where(eq(productVariant.id, variantId));
      expect(after!.availability).toBe(150);
      const imported = await t.database.db
        .select()
        .from(stockEntry)
        .where(and(eq(stockEntry.productId, id), eq(stockEntry.reason, "imported")));
      expect(imported).toEqual([expect.objectContaining({ change: -50, after: 150, by: "admin" })]);
      await expectLedgersBalanced(t.database.db, [id]);
    });

    it("refuses a file with a refused row: 400, the report, and nothing written, not even its good rows", async () => {
      const good = aSku("REF-GOOD");
      const bad = aSku("REF-BAD");
      const csv = csvOf(newSawRow(good), `,Page Rasp ${bad},A rasp,other,marking-gauge.svg,${bad},not a price,10,5`);
      const res = await expectNothingWritten(() => post(sheetForm("import", csv)));
      const html = await res.clone().text();
      const answer = await readAnswer(res);
      expect(answer.status).toBe(400);
      expect(answer.toast).toEqual({ kind: "error", message: "Nothing was imported: 1 rows are refused" });
      expect((answer.data as { report: SheetReport }).report).toMatchObject({
        dryRun: true,
        applied: false,
        products: { created: 1, refused: 1 },
      });
      const lines = linesOf(html);
      expect(lines.map((l) => l.result)).toEqual(["refused", "created"]);
      expect(lines[0]!.text).toContain(`${bad} price Price must be a number`);
      expect(await variantsWithSku(good, bad)).toEqual([]);
      // The report's heading says the import was refused, not that the file was only checked.
      expect(textOf(reportOf(html))).toContain("Refused: nothing was written");
      expect(textOf(reportOf(html))).not.toContain("What the file would do");
    });

    it("says so in Bangla on a page in Bangla", async () => {
      const bad = aSku("REF-BN");
      const csv = csvOf(`,Page Rasp ${bad},A rasp,other,marking-gauge.svg,${bad},not a price,10,5`);
      const res = await expectNothingWritten(() => post(sheetForm("import", csv), admin, "bn"));
      expect(res.status).toBe(400);
      const report = textOf(reportOf(await res.text()));
      expect(report).toContain("দাম সংখ্যায় দিন");
      expect(report).toContain("বাতিল: কিছুই লেখা হয়নি");
    });
  });

  describe("a file refused as a whole: the message beside the file field", () => {
    const WHOLE: [what: string, csv: string | null, english: RegExp, bangla: string][] = [
      ["no file chosen", null, /^The file holds no rows/, "ফাইলে কোনো সারি নেই"],
      ["a header alone", `${HEADER}\r\n`, /^The file holds no rows/, "ফাইলে কোনো সারি নেই"],
      [
        "not CSV",
        'product_id,sku\r\n"unclosed,quote\r\n',
        /^The file is not CSV the store can read/,
        "ফাইলটি স্টোর পড়তে পারে এমন CSV নয়",
      ],
      [
        "an unknown column",
        "product_id,sku,colour\r\n,X-1,red\r\n",
        /^The column colour is not one of the catalog's/,
        "colour কলামটি ক্যাটালগের নয়",
      ],
      ["no sku column", "product_id,name\r\n,Saw\r\n", /^The file needs a sku column$/, "ফাইলে একটি sku কলাম লাগবে"],
      [
        "no product_id column",
        "sku,name\r\nX-2,Saw\r\n",
        /^The file needs a product_id column$/,
        "ফাইলে একটি product_id কলাম লাগবে",
      ],
    ];

    it.each(WHOLE)("%s: 400, in English, nothing written", async (_, csv, english) => {
      const answer = await expectNothingWritten(async () => readAnswer(await post(sheetForm("import", csv))));
      expect(answer.status).toBe(400);
      expect(answer.formErrors.file).toMatch(english);
      expect(answer.toast).toBeNull();
    });

    it.each(WHOLE)("%s: in Bangla on a page in Bangla", async (_, csv, _english, bangla) => {
      const res = await expectNothingWritten(() => post(sheetForm("check", csv), admin, "bn"));
      expect(res.status).toBe(400);
      const html = await res.text();
      const beside = /<p id="file-error"[^>]*>([^<]*)<\/p>/.exec(html)?.[1];
      expect(beside).toContain(bangla);
      expect(html).toMatch(
        /<input[^>]*aria-invalid="true"[^>]*aria-describedby="file-error"|aria-describedby="file-error"[^>]*aria-invalid/,
      );
    });
  });

  it("refuses an intent no button sends with 400, writing nothing", async () => {
    const answer = await expectNothingWritten(async () =>
      readAnswer(await post(sheetForm("apply", csvOf(newSawRow(aSku("INTENT")))))),
    );
    expect(answer.status).toBe(400);
    expect(answer.toast?.kind).toBe("error");
  });

  it("reads a file over the forms' 64 KB, as the spreadsheet's own limit allows, listing its first 200 rows", async () => {
    const rows = Array.from({ length: 2000 }, (_, n) => newSawRow(`LONG-${n}-${randomUUID().slice(0, 8)}`));
    const csv = csvOf(...rows);
    expect(csv.length).toBeGreaterThan(64 * 1024);
    const res = await expectNothingWritten(() => post(sheetForm("check", csv)));
    const html = await res.clone().text();
    const answer = await readAnswer(res);
    expect(answer.done, answer.message ?? "").toBe(true);
    expect((answer.data as { report: SheetReport }).report.products).toMatchObject({ created: 2000, refused: 0 });
    expect(linesOf(html)).toHaveLength(200);
    expect(textOf(reportOf(html))).toContain("The first 200 of 2,000 rows that create, change or are refused.");
  });

  it("refuses a file over 10 MB with 413 before reading it, writing nothing", async () => {
    const rows: string[] = [HEADER];
    let size = HEADER.length;
    for (let n = 0; size <= MAX_SHEET_BYTES; n++) {
      const line = newSawRow(`BIG-${n}`);
      rows.push(line);
      size += line.length + 2;
    }
    const csv = rows.join("\r\n");
    // Posted as a browser posts it, its length declared: refused before a byte is read.
    const form = sheetForm("import", csv);
    const encoded = new Response(form);
    const body = new Uint8Array(await encoded.arrayBuffer());
    expect(body.byteLength).toBeGreaterThan(MAX_SHEET_BYTES);
    const declared = await expectNothingWritten(() =>
      t.request(PATH, {
        method: "POST",
        headers: {
          ...browserHeaders(admin),
          "Content-Type": encoded.headers.get("content-type")!,
          "Content-Length": String(body.byteLength),
        },
        body,
        redirect: "manual",
      }),
    );
    expect(declared.status).toBe(413);
    expect(await declared.json()).toMatchObject({
      code: "sheet.too_large",
      message: "A catalog file can be at most 10 MB; split it",
    });
    // Its length not declared (sent in chunks): refused once 10 MB have come.
    const streamed = await expectNothingWritten(() => post(sheetForm("import", csv)));
    expect(streamed.status).toBe(413);
    expect(await streamed.json()).toMatchObject({ code: "sheet.too_large" });
    expect(await variantsWithSku("BIG-0")).toEqual([]);
  });
});
