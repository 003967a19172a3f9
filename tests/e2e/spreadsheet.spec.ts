import { readFileSync } from "node:fs";
import type { Locator, Page } from "@playwright/test";
import { parse } from "csv-parse/sync";
import { SHEET_COLUMNS, type SheetColumn } from "../../shared/catalog-sheet";
import { formatCount } from "../../shared/format";
import type { Language } from "../../shared/languages";
import { bnSheet } from "../../shared/words/bn-sheet";
import { enSheet } from "../../shared/words/en-sheet";
import { BASE_URL, DEMO_ADMIN, registerViaApi } from "./accounts";
import { expectAccessibleScreen, openScreen } from "./axe";
import { inLanguage, mainWidth, MESSAGES } from "./checkout";
import { expect, test as base } from "./fixtures";
import { signInViaApi, toast, waitForHydration } from "./shop";

// The catalog as a spreadsheet, at /dashboard/spreadsheet: an admin downloads the catalog as CSV, checks a file (a dry
// run that writes nothing and says, row by row, what it would create and what it refuses and why), fixes it and
// imports it, with JavaScript, without it and by keyboard, in English and in Bangla, on a phone 360 px wide and on a
// desktop; a file refused as a whole is said beside the file field; axe finds nothing. Each test imports tools of its
// own (names and SKUs no other test has) and removes them when it ends; while they exist the home page and the shop
// show them, so this file belongs with the tests that change the home page (the "home-changing" project of
// playwright.config.ts).

const ORIGIN = { Origin: BASE_URL };
const PAGES = { en: enSheet, bn: bnSheet } as const;
const SHEET = "/dashboard/spreadsheet";

type Cells = Partial<Record<SheetColumn, string>>;

/** A product as `GET /api/product` lists it: the fields this file reads. */
interface ProductJson {
  _id: string;
  name: string;
  nameBn: string | null;
  desc: string;
  price: number;
  Availability: number;
  minimumQuantity: number;
  weight: number;
  featured: boolean;
  image: string;
  variants: { sku: string; price: number; Availability: number; minimumQuantity: number; weight: number }[];
}

let made = 0;
/** A tag no other tool has: this run, this worker, this tool. */
const uniqueTag = () => `${Date.now().toString(36)}${process.pid}${++made}`;

/** A row that makes a new tool sold in one form: an empty product_id, a photo the store has, its own SKU. */
interface NewTool {
  name: string;
  nameBn: string;
  sku: string;
  cells: Cells;
}

interface Store {
  /** A new tool's row, its name and SKU this test's own; removed after the test if it was imported. */
  newTool(words: string, cells?: Cells): NewTool;
  /** The tool with exactly this name, as `GET /api/product?q=` finds it now; undefined when there is none. */
  find(name: string): Promise<ProductJson | undefined>;
}

const test = base.extend<{ store: Store }>({
  store: async ({ playwright }, provide) => {
    const admin = await playwright.request.newContext({ baseURL: BASE_URL });
    await signInViaApi(admin, DEMO_ADMIN);
    const names: string[] = [];
    const store: Store = {
      newTool(words, cells = {}) {
        const tag = uniqueTag();
        const name = `${words} ${tag}`;
        const nameBn = `করাত ${tag}`;
        const sku = `E2E-${tag}`.toUpperCase();
        names.push(name);
        return {
          name,
          nameBn,
          sku,
          cells: {
            product_id: "",
            name,
            name_bn: nameBn,
            category: "other",
            description: "A saw, for the spreadsheet's tests",
            featured: "no",
            images: "auger-bit.svg",
            sku,
            price: "1250.50",
            stock: "40",
            minimum_quantity: "20",
            weight_grams: "300",
            ...cells,
          },
        };
      },
      async find(name) {
        const res = await admin.get(`/api/product?q=${encodeURIComponent(name)}`);
        expect(res.ok(), `${res.url()}: ${res.status()} ${await res.text()}`).toBe(true);
        return ((await res.json()) as ProductJson[]).find((p) => p.name === name);
      },
    };
    await provide(store);
    for (const name of names) {
      const found = await store.find(name);
      if (!found) continue;
      const gone = await admin.delete(`/api/product/${found._id}`, { headers: ORIGIN });
      expect(gone.ok(), await gone.text()).toBe(true);
    }
    await admin.dispose();
  },
});

/** A cell as RFC 4180 writes it: quoted when it holds a comma, a quote or a line break. */
const csvCell = (text: string) => (/[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);

/** A CSV file of these rows under these columns (every column of the export, by default), as a spreadsheet saves it. */
function csvFile(rows: Cells[], columns: readonly string[] = SHEET_COLUMNS) {
  const lines = [
    columns.join(","),
    ...rows.map((r) => columns.map((c) => csvCell(r[c as SheetColumn] ?? "")).join(",")),
  ];
  return { name: "catalog.csv", mimeType: "text/csv", buffer: Buffer.from(`${lines.join("\r\n")}\r\n`, "utf8") };
}

/** A text with its placeholders filled, as the store's catalogue fills them. */
const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(values[key]));

/** A message with its numbers in the language's digits, as the page says it. */
const said = (text: string, values: Record<string, number | string>, language: Language) =>
  fill(
    text,
    Object.fromEntries(
      Object.entries(values).map(([k, v]) => [k, typeof v === "number" ? formatCount(v, language) : v]),
    ),
  );

/** The page's parts, in its language. */
function sheetPage(page: Page, language: Language) {
  const p = PAGES[language].sheetPage;
  const report = page.getByTestId("sheet-report");
  return {
    p,
    heading: page.getByRole("heading", { name: p.title, level: 2 }),
    exportLink: page.getByRole("link", { name: p.exportLink, exact: true }),
    form: page.locator("form[enctype='multipart/form-data']"),
    file: page.getByLabel(p.file, { exact: true }),
    check: page.getByRole("button", { name: p.check, exact: true }),
    import: page.getByRole("button", { name: p.apply, exact: true }),
    report,
    reportHeading: report.getByRole("heading", { level: 3 }),
    tools: page.getByTestId("sheet-tools"),
    rows: page.getByTestId("sheet-rows"),
    lines: page.getByTestId("sheet-line"),
    columns: page.locator("details").filter({ has: page.getByText(p.columns, { exact: true }) }),
  };
}

type Tally = { created: number; changed: number; unchanged: number; refused: number };

/** The report's counts as the page writes them: "2 created · 0 changed · 5 unchanged · 1 refused". */
function tally(language: Language, counts: Partial<Tally>) {
  const p = PAGES[language].sheetPage;
  return (["created", "changed", "unchanged", "refused"] as const)
    .map((r) => `${formatCount(counts[r] ?? 0, language)} ${p[r]}`)
    .join(" · ");
}

/** A report line's cells: Row, Result, Tool, SKU, and what changes or why not. */
const cellsOf = (line: Locator) => line.getByRole("cell");

/** A refused row's reason as the page lists it: the column, then the message. */
const because = (column: SheetColumn, message: string) => `${column}${message}`;

/** Downloads the catalog from the page's link; its name and its bytes. */
async function download(page: Page, link: Locator) {
  const [file] = await Promise.all([page.waitForEvent("download"), link.click()]);
  const at = await file.path();
  return { name: file.suggestedFilename(), bytes: readFileSync(at) };
}

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);
const HEADER = `${SHEET_COLUMNS.join(",")}\r\n`;

/** The export begins with the byte order mark and the header, one row per variant after it. */
async function expectTheCatalog(page: Page, link: Locator) {
  const { name, bytes } = await download(page, link);
  expect(name).toMatch(/^randa-catalog-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(bytes.subarray(0, 3).equals(BOM), "the file begins with the byte order mark").toBe(true);
  const text = bytes.subarray(3).toString("utf8");
  expect(text.startsWith(HEADER), "the header follows it").toBe(true);
  // A demo tool, in both its languages (the BOM is what makes Excel read the Bangla).
  expect(text).toContain("Mortise Chisel 10 mm");
  expect(text).toMatch(/[\u0980-\u09ff]/);
  return text;
}

test.describe("an admin checks a file, fixes it and imports it (with JavaScript)", () => {
  for (const { language, phone } of [
    { language: "en", phone: false },
    { language: "en", phone: true },
    { language: "bn", phone: true },
    { language: "bn", phone: false },
  ] as const) {
    const size = phone ? "360 px wide" : "on a desktop";
    test(`in ${language === "en" ? "English" : "Bangla"}, ${size}`, async ({ page, context, store }) => {
      const viewport = phone ? { width: 360, height: 740 } : { width: 1280, height: 800 };
      await page.setViewportSize(viewport);
      await signInViaApi(page.request, DEMO_ADMIN);
      const en = language === "en";
      const m = MESSAGES[language];
      const s = sheetPage(page, language);

      if (phone) {
        // The language the cookie says, from the start.
        await inLanguage(context, language);
        await openScreen(page, SHEET);
      } else {
        // From the dashboard's sidebar; in Bangla, switched on the page itself first.
        await openScreen(page, "/dashboard");
        if (!en) {
          await page.getByRole("button", { name: "বাংলায় দেখুন (Show in Bangla)" }).click();
          await expect(page.locator("html")).toHaveAttribute("lang", "bn");
        }
        await page
          .getByRole("navigation", { name: en ? "Dashboard" : "ড্যাশবোর্ড মেনু" })
          .getByRole("link", { name: en ? "Spreadsheet" : "স্প্রেডশিট", exact: true })
          .click();
        await expect(page).toHaveURL(/\/dashboard\/spreadsheet$/);
        await waitForHydration(page);
      }
      await expect(s.heading).toBeVisible();
      await expect(page).toHaveTitle(`${s.p.title} | Randa`);
      await expect(s.report).toHaveCount(0);
      await expectAccessibleScreen(page, SHEET, `the empty page, ${size}`);

      // The export: the catalog as CSV, with the BOM Excel needs to show Bangla.
      await expect(s.exportLink).toHaveAttribute("href", "/api/products.csv");
      await expectTheCatalog(page, s.exportLink);

      // A file with a new tool and one whose price is no number.
      const saw = store.newTool("Test Saw");
      const bad = store.newTool("Test Rasp", { price: "abc", images: "marking-gauge.svg" });
      await s.file.setInputFiles(csvFile([saw.cells, bad.cells]));

      // While the file is on its way, the page says so and neither button can be pressed again.
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route("**/api/products.csv?dryRun=true", async (route) => {
        await held;
        await route.continue();
      });
      const sent = page.waitForRequest((req) => req.method() === "POST" && /\/api\/products\.csv\?/.test(req.url()));
      await s.check.click();
      const request = await sent;
      expect(request.headers()["accept"]).toBe("application/x-ndjson");
      await expect(page.getByRole("progressbar", { name: s.p.sending })).toBeVisible();
      await expect(page.getByRole("status").filter({ hasText: s.p.sending })).toBeVisible();
      await expect(s.check).toBeDisabled();
      await expect(s.import).toBeDisabled();
      release();
      await page.unrouteAll({ behavior: "wait" });

      // The dry run: nothing written, the bad row refused beside its price, in the page's language.
      await expect(s.reportHeading).toHaveText(s.p.dryRunReport);
      await expect(toast(page, m.sheet.checked)).toBeVisible();
      await expect(page.getByRole("progressbar")).toHaveCount(0);
      await expect(s.check).toBeEnabled();
      await expect(s.tools).toHaveText(tally(language, { created: 1, refused: 1 }));
      await expect(s.rows).toHaveText(tally(language, { created: 1, refused: 1 }));
      await expect(s.lines).toHaveCount(2);
      // The refused row first.
      await expect(s.lines.first()).toHaveAttribute("data-result", "refused");
      await expect(cellsOf(s.lines.first())).toHaveText([
        formatCount(3, language),
        s.p.refused,
        bad.name,
        bad.sku,
        because("price", m.product.price_not_number),
      ]);
      await expect(s.lines.first().locator("code")).toHaveText("price");
      await expect(s.lines.nth(1)).toHaveAttribute("data-result", "created");
      await expect(cellsOf(s.lines.nth(1))).toHaveText([formatCount(2, language), s.p.created, saw.name, saw.sku, ""]);
      expect(await store.find(saw.name), "a dry run writes nothing").toBeUndefined();
      expect(await store.find(bad.name)).toBeUndefined();
      if (phone) expect(await mainWidth(page), "the report fits 360 px").toBeLessThanOrEqual(360);
      await expectAccessibleScreen(page, SHEET, `a dry run with a refused row, ${size}`);

      // The price fixed: every row would be created.
      await s.file.setInputFiles(csvFile([saw.cells, { ...bad.cells, price: "75" }]));
      await s.check.click();
      await expect(s.rows).toHaveText(tally(language, { created: 2 }));
      await expect(s.reportHeading).toHaveText(s.p.dryRunReport);
      await expect(s.tools).toHaveText(tally(language, { created: 2 }));
      await expect(s.lines).toHaveCount(2);
      await expect(cellsOf(s.lines.first())).toHaveText([formatCount(2, language), s.p.created, saw.name, saw.sku, ""]);
      await expect(cellsOf(s.lines.nth(1))).toHaveText([formatCount(3, language), s.p.created, bad.name, bad.sku, ""]);
      expect(await store.find(saw.name), "a dry run writes nothing").toBeUndefined();

      // Imported: the report says so, the toast too, and the tools are in the catalog with their prices and stock.
      await s.import.click();
      await expect(s.reportHeading).toHaveText(s.p.appliedReport);
      await expect(toast(page, said(m.sheet.imported, { created: 2, changed: 0 }, language))).toBeVisible();
      await expect(s.tools).toHaveText(tally(language, { created: 2 }));
      await expect(s.lines).toHaveCount(2);
      const sawNow = await store.find(saw.name);
      expect(sawNow).toMatchObject({
        nameBn: saw.nameBn,
        desc: "A saw, for the spreadsheet's tests",
        price: 1250.5,
        Availability: 40,
        minimumQuantity: 20,
        weight: 300,
        featured: false,
        image: "/images/products/auger-bit.svg",
      });
      expect(sawNow!.variants).toMatchObject([{ sku: saw.sku, price: 1250.5, Availability: 40 }]);
      expect(await store.find(bad.name)).toMatchObject({ price: 75, Availability: 40 });
      await expectAccessibleScreen(page, SHEET, `a file imported, ${size}`);

      // The same file again would make the tools twice: their SKUs are taken, so nothing is written.
      await s.import.click();
      await expect(s.reportHeading).toHaveText(s.p.refusedReport);
      await expect(toast(page, said(m.sheet.refused, { count: 2 }, language))).toBeVisible();
      await expect(s.tools).toHaveText(tally(language, { refused: 2 }));
      await expect(cellsOf(s.lines.first())).toHaveText([
        formatCount(2, language),
        s.p.refused,
        saw.name,
        saw.sku,
        because("sku", said(m.variant_edit.sku_taken, { sku: saw.sku }, language)),
      ]);

      // Every control fits the window; only the report's table scrolls sideways, in its own box.
      for (const control of [s.exportLink, s.file, s.check, s.import]) {
        const box = (await control.boundingBox())!;
        expect(box.x + box.width, "a control inside the window").toBeLessThanOrEqual(viewport.width);
      }
      if (phone) expect(await mainWidth(page), "the page fits 360 px").toBeLessThanOrEqual(360);

      // The columns, each explained.
      await s.columns.getByText(s.p.columns, { exact: true }).click();
      await expect(s.columns.locator("dt")).toHaveText([...SHEET_COLUMNS]);
      await expect(s.columns.locator("dd").first()).toHaveText(s.p.docs.product_id);
      await expectAccessibleScreen(page, SHEET, `a refused import and the columns shown, ${size}`);
    });
  }
});

test("an exported catalog, brought back as it is, changes nothing", async ({ page }) => {
  await signInViaApi(page.request, DEMO_ADMIN);
  await openScreen(page, SHEET);
  const s = sheetPage(page, "en");
  const text = await expectTheCatalog(page, s.exportLink);
  const rows = (parse(text) as string[][]).length - 1;
  await s.file.setInputFiles({ name: "catalog.csv", mimeType: "text/csv", buffer: Buffer.from(`\ufeff${text}`) });
  await s.check.click();
  await expect(s.reportHeading).toHaveText(s.p.dryRunReport);
  await expect(s.rows).toHaveText(tally("en", { unchanged: rows }));
  await expect(s.lines).toHaveCount(0);
  await expect(s.report.getByText(s.p.nothingToDo)).toBeVisible();
});

test.describe("by keyboard", () => {
  for (const { language, phone } of [
    { language: "en", phone: false },
    { language: "bn", phone: true },
  ] as const) {
    const size = phone ? "360 px wide" : "on a desktop";
    test(`an admin chooses a file, checks it and imports it without a mouse, in ${language === "en" ? "English" : "Bangla"}, ${size}`, async ({
      page,
      context,
      store,
    }) => {
      if (phone) await page.setViewportSize({ width: 360, height: 740 });
      await signInViaApi(page.request, DEMO_ADMIN);
      await inLanguage(context, language);
      await openScreen(page, SHEET);
      const m = MESSAGES[language];
      const s = sheetPage(page, language);
      const plane = store.newTool("Test Plane", { price: "980", stock: "60" });

      // From the download link, Tab reaches the file field; Space opens the file chooser.
      await s.exportLink.focus();
      await page.keyboard.press("Tab");
      await expect(s.file).toBeFocused();
      const [chooser] = await Promise.all([page.waitForEvent("filechooser"), page.keyboard.press("Space")]);
      await chooser.setFiles(csvFile([plane.cells]));

      // Tab to Check, Enter: the dry run's report.
      await page.keyboard.press("Tab");
      await expect(s.check).toBeFocused();
      await page.keyboard.press("Enter");
      await expect(s.reportHeading).toHaveText(s.p.dryRunReport);
      await expect(s.tools).toHaveText(tally(language, { created: 1 }));
      expect(await store.find(plane.name)).toBeUndefined();

      // Tab, from where Check is, to Import; Enter: imported.
      await page.keyboard.press("Tab");
      await expect(s.import).toBeFocused();
      await page.keyboard.press("Enter");
      await expect(s.reportHeading).toHaveText(s.p.appliedReport);
      await expect(toast(page, said(m.sheet.imported, { created: 1, changed: 0 }, language))).toBeVisible();
      expect(await store.find(plane.name)).toMatchObject({ price: 980, Availability: 60 });

      // A file that names a column the catalog does not have is refused as a whole, beside the file field; the last
      // file's report goes.
      await s.file.setInputFiles(csvFile([plane.cells], [...SHEET_COLUMNS, "colour"]));
      await s.check.focus();
      await page.keyboard.press("Enter");
      const unknown = said(m.sheet.unknown_column, { column: "colour" }, language);
      await expect(s.file).toHaveAccessibleDescription(unknown);
      await expect(s.file).toHaveAttribute("aria-invalid", "true");
      await expect(s.form.getByText(unknown)).toBeVisible();
      await expect(s.report).toHaveCount(0);
      await expectAccessibleScreen(page, SHEET, `a file refused as a whole, ${size}`);

      // No file chosen: the store says so beside the file field.
      await s.file.setInputFiles([]);
      await s.check.focus();
      await page.keyboard.press("Enter");
      await expect(s.file).toHaveAccessibleDescription(m.sheet.empty);
      await expect(s.file).toHaveAttribute("aria-invalid", "true");
      await expect(s.report).toHaveCount(0);
      await expectAccessibleScreen(page, SHEET, `no file chosen, ${size}`);
    });
  }
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  for (const { language, phone } of [
    { language: "en", phone: false },
    { language: "bn", phone: true },
  ] as const) {
    const size = phone ? "360 px wide" : "on a desktop";
    test(`a file is checked and imported by a plain form, and one refused as a whole is said beside the field, in ${language === "en" ? "English" : "Bangla"}, ${size}`, async ({
      page,
      context,
      store,
    }) => {
      const viewport = phone ? { width: 360, height: 740 } : { width: 1280, height: 800 };
      await page.setViewportSize(viewport);
      await signInViaApi(page.request, DEMO_ADMIN);
      await inLanguage(context, language);
      const m = MESSAGES[language];
      const s = sheetPage(page, language);
      const res = await page.goto(SHEET);
      expect(res?.status()).toBe(200);
      await expect(page.locator("html[data-hydrated]")).toHaveCount(0);
      await expect(s.heading).toBeVisible();
      // The form posts the file to the page it is on.
      await expect(s.form).toHaveAttribute("method", "post");
      await expect(s.form).toHaveAttribute("action", SHEET);

      /** Presses a button and waits for the page that answers the form. */
      const post = async (button: Locator) => {
        const answer = page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes(SHEET));
        await button.click();
        const status = (await answer).status();
        await expect(s.heading).toBeVisible();
        return status;
      };

      // The dry run: the report comes back as a page, the refused row's reason in the page's language.
      const chisel = store.newTool("Test Chisel", { price: "640" });
      const bad = store.newTool("Test Gouge", { stock: "many" });
      await s.file.setInputFiles(csvFile([chisel.cells, bad.cells]));
      expect(await post(s.check)).toBe(200);
      await expect(s.reportHeading).toHaveText(s.p.dryRunReport);
      await expect(s.tools).toHaveText(tally(language, { created: 1, refused: 1 }));
      await expect(s.lines).toHaveCount(2);
      await expect(s.lines.first()).toHaveAttribute("data-result", "refused");
      await expect(cellsOf(s.lines.first())).toHaveText([
        formatCount(3, language),
        s.p.refused,
        bad.name,
        bad.sku,
        because("stock", m.product.availability_not_number),
      ]);
      await expect(cellsOf(s.lines.nth(1))).toHaveText([
        formatCount(2, language),
        s.p.created,
        chisel.name,
        chisel.sku,
        "",
      ]);
      expect(await store.find(chisel.name), "a dry run writes nothing").toBeUndefined();
      if (phone) expect(await mainWidth(page), "the report fits 360 px").toBeLessThanOrEqual(360);

      // Imported with the bad row: refused with its report (400), nothing written; the good row says what it would do.
      await s.file.setInputFiles(csvFile([chisel.cells, bad.cells]));
      expect(await post(s.import)).toBe(400);
      await expect(s.reportHeading).toHaveText(s.p.refusedReport);
      await expect(s.tools).toHaveText(tally(language, { created: 1, refused: 1 }));
      await expect(s.lines).toHaveCount(2);
      await expect(s.lines.first()).toHaveAttribute("data-result", "refused");
      await expect(cellsOf(s.lines.nth(1))).toHaveText([
        formatCount(2, language),
        s.p.created,
        chisel.name,
        chisel.sku,
        "",
      ]);
      expect(await store.find(chisel.name), "a refused import writes nothing").toBeUndefined();

      // A file that names a column the catalog does not have is refused as a whole, beside the file field.
      const columns = [...SHEET_COLUMNS, "colour"];
      await s.file.setInputFiles(csvFile([chisel.cells], columns));
      expect(await post(s.check)).toBe(400);
      const refusal = said(m.sheet.unknown_column, { column: "colour" }, language);
      await expect(s.file).toHaveAccessibleDescription(refusal);
      await expect(s.file).toHaveAttribute("aria-invalid", "true");
      await expect(s.form.getByText(refusal)).toBeVisible();
      await expect(s.report).toHaveCount(0);

      // The bad row left out: imported, and the refusal is gone.
      await s.file.setInputFiles(csvFile([chisel.cells]));
      expect(await post(s.import)).toBe(200);
      await expect(s.reportHeading).toHaveText(s.p.appliedReport);
      await expect(s.tools).toHaveText(tally(language, { created: 1 }));
      await expect(s.file).not.toHaveAttribute("aria-invalid");
      expect(await store.find(chisel.name)).toMatchObject({ price: 640, Availability: 40 });
      expect(await store.find(bad.name)).toBeUndefined();
    });
  }
});

test.describe(() => {
  // The browser logs the refused page load; that 403 is what this test asks for.
  test.use({ allowedConsoleErrors: [/status of 403 \(Forbidden\)/] });

  test("a customer can neither open the page nor download the catalog", async ({ page }) => {
    await registerViaApi(page);
    const res = await page.goto(SHEET);
    expect(res?.status()).toBe(403);
    await expect(page.getByText("This page is for the store's admins.")).toBeVisible();
    await expect(page.getByLabel(enSheet.sheetPage.file)).toHaveCount(0);
    const csv = await page.request.get("/api/products.csv");
    expect(csv.status()).toBe(403);
    const sent = await page.request.post("/api/products.csv?dryRun=true", {
      data: HEADER,
      headers: { ...ORIGIN, "Content-Type": "text/csv" },
    });
    expect(sent.status()).toBe(403);
  });
});
