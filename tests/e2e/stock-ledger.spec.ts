import type { Locator, Page } from "@playwright/test";
import { BASE_URL, DEMO_ADMIN, registerViaApi, signIn } from "./accounts";
import { expectAccessibleScreen, openScreen } from "./axe";
import { inLanguage, mainWidth, pieces } from "./checkout";
import { test, unique } from "./added-tools";
import { expect } from "./fixtures";
import { orderViaApi, signInViaApi, toast, waitForHydration } from "./shop";

// The stock ledger at /dashboard/stock: an admin reads where a tool's pieces came from and went, and records pieces
// received, a stock-take or a write-off. Each test makes tools of its own (the demo catalog's stock is other tests'
// to read) and removes them when it ends; while they exist the home page and the shop show them, so this file runs
// with the tests that change the home page (the "home-changing" project of playwright.config.ts).

const ledgerOf = (id: string) => `/dashboard/stock?product=${id}`;

/** The ledger's rows, newest first. */
const ledgerRows = (page: Page) => page.locator("tbody tr[data-reason]");

/** The reasons of the ledger's rows, top to bottom. */
const reasons = (page: Page) =>
  ledgerRows(page).evaluateAll((rows) => rows.map((row) => (row as HTMLElement).dataset.reason));

/** A row's cells after When (a date and time): What, Change, Stock after, Who, Order, Note. */
const cellsAfterWhen = (row: Locator) => row.locator("td:not(:first-child)");

/** The form that records a change, in the page's language, and its fields. */
function recordForm(page: Page, language: "en" | "bn" = "en") {
  const en = language === "en";
  const form = page.getByRole("form", { name: en ? "Record a change" : "একটি বদল লিখুন" });
  return {
    form,
    reason: form.getByLabel(en ? "Why" : "কেন", { exact: true }),
    change: form.getByLabel(en ? "Change in pieces (+ adds, − takes away)" : "কত পিস বদল (+ যোগ, − বাদ)"),
    count: form.getByLabel(en ? "Or, for a stock-take, the count on the shelf" : "অথবা, স্টক গণনায়, তাকে গোনা সংখ্যা"),
    note: form.getByLabel(en ? "Note (optional)" : "নোট (ঐচ্ছিক)"),
    record: form.getByRole("button", { name: en ? "Record" : "লিখুন", exact: true }),
  };
}

/** The answer to the form's post: the document's without JavaScript, the data request's with it. */
const recordAnswer = (page: Page) =>
  page.waitForResponse((res) => res.request().method() === "POST" && /\/dashboard\/stock(\.data)?\?/.test(res.url()));

test("an admin opens a tool's ledger from Manage Products, records pieces received and a stock-take, and reads an order's rows", async ({
  page,
  browser,
  addTool,
}) => {
  const name = unique("Bench Hook");
  const id = await addTool({ name, stock: 120 });

  // A customer orders 30: the ledger's "placed" row, with its order.
  const buyerPage = await browser.newPage();
  const buyer = await registerViaApi(buyerPage);
  const orderId = await orderViaApi(buyerPage, id, 30);

  await page.goto(`/login?redirectTo=${encodeURIComponent("/dashboard/manageproduct")}`);
  await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await expect(page).toHaveURL(/\/dashboard\/manageproduct$/);
  // The stock figure in Manage Products is the way to the tool's ledger.
  const product = page.getByRole("row").filter({ hasText: name });
  const stockLink = product.locator(`a[href="${ledgerOf(id)}"]`);
  // The figure shows; a screen reader hears where it leads too.
  await expect(stockLink).toHaveAccessibleName("90 Pis (its stock ledger)");
  await stockLink.click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/stock\\?product=${id}$`));
  await waitForHydration(page);
  await expect(page.getByRole("heading", { name: "Stock", level: 2 })).toBeVisible();
  await expect(page.getByTestId("stock-now")).toHaveText(`${name}: 90 Pis in stock`);

  const rows = ledgerRows(page);
  await expect(rows).toHaveCount(2);
  expect(await reasons(page)).toEqual(["placed", "opening"]);
  const placed = rows.first();
  await expect(cellsAfterWhen(placed)).toHaveText([
    "Order placed",
    "−30",
    "90",
    `${buyer.name} (buyer)`,
    `Order ${orderId.slice(0, 8)}`,
    "",
  ]);
  await expect(placed.getByRole("link", { name: `Order ${orderId.slice(0, 8)}` })).toHaveAttribute(
    "href",
    `/dashboard/order/${orderId}`,
  );
  await expect(placed.locator("td").first()).toHaveText(/\d/);
  await expect(cellsAfterWhen(rows.nth(1))).toHaveText(["Opening stock", "+120", "120", "Randa Admin", "", ""]);

  // 40 pieces received from a supplier, with a note.
  const note = "Delivery from Dholaikhal, invoice 17";
  const fields = recordForm(page);
  await expect(fields.reason).toHaveValue("received");
  await fields.reason.selectOption({ label: "Received from a supplier" });
  await fields.change.fill("40");
  await fields.note.fill(note);
  await fields.record.click();
  await expect(toast(page, "Stock recorded")).toBeVisible();
  await expect(page.getByTestId("stock-now")).toHaveText(`${name}: 130 Pis in stock`);
  await expect(rows).toHaveCount(3);
  await expect(cellsAfterWhen(rows.first())).toHaveText(["Received", "+40", "130", "Randa Admin", "", note]);
  await expect(rows.first()).toHaveAttribute("data-reason", "received");
  // The form starts afresh for the next change.
  await expect(fields.change).toHaveValue("");
  await expect(fields.note).toHaveValue("");

  // A stock-take finds 126 on the shelf: the store reckons the change.
  await fields.reason.selectOption({ label: "Counted (stock-take)" });
  await fields.count.fill("126");
  await fields.record.click();
  await expect(page.getByTestId("stock-now")).toHaveText(`${name}: 126 Pis in stock`);
  await expect(rows).toHaveCount(4);
  await expect(cellsAfterWhen(rows.first())).toHaveText(["Counted", "−4", "126", "Randa Admin", "", ""]);
  expect(await reasons(page)).toEqual(["counted", "received", "placed", "opening"]);
  await expect(rows.locator("td:nth-child(4)")).toHaveText(["126", "130", "90", "120"]);

  // The customer cancels: the pieces come back, in the buyer's name, with the order.
  const cancelled = await buyerPage.request.delete(`/api/order/${orderId}`, { headers: { Origin: BASE_URL } });
  expect(cancelled.ok(), await cancelled.text()).toBe(true);
  await buyerPage.close();
  await page.reload();
  await expect(page.getByTestId("stock-now")).toHaveText(`${name}: 156 Pis in stock`);
  expect(await reasons(page)).toEqual(["cancelled", "counted", "received", "placed", "opening"]);
  await expect(cellsAfterWhen(rows.first())).toHaveText([
    "Order cancelled",
    "+30",
    "156",
    `${buyer.name} (buyer)`,
    `Order ${orderId.slice(0, 8)}`,
    "",
  ]);

  // The placed row's order link opens the order.
  await rows
    .nth(3)
    .getByRole("link", { name: `Order ${orderId.slice(0, 8)}` })
    .click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/order/${orderId}$`));

  // Back at the Stock list, from the sidebar: the tool, its stock and its ledger link.
  await page.goto("/dashboard");
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Stock" }).click();
  await expect(page).toHaveURL(/\/dashboard\/stock$/);
  await waitForHydration(page);
  // The store's own search is in the navbar; the list's is in the page.
  const search = page.getByRole("main").getByRole("search");
  await search.getByLabel("Find a tool").fill(name);
  await search.getByRole("button", { name: "Find", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/stock\?q=/);
  const listed = page.getByRole("table").locator("tbody tr");
  await expect(listed).toHaveCount(1);
  await expect(listed.getByRole("cell")).toHaveText([name, "156 Pis", "Ledger"]);
  await listed.getByRole("link", { name: `The stock ledger of ${name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/stock\\?product=${id}$`));
  await expect(page.getByTestId("stock-now")).toHaveText(`${name}: 156 Pis in stock`);
});

/** Writes off more pieces than the shelf holds, and checks the refusal beside the change, with what was typed. */
async function refusedWriteOff(page: Page, name: string) {
  const fields = recordForm(page);
  await fields.reason.selectOption({ label: "Damaged or lost" });
  await fields.change.fill("-45");
  await fields.note.fill("Rain through the roof");
  const answer = recordAnswer(page);
  await fields.record.click();
  expect((await answer).status()).toBe(409);

  const said = "The stock is 30 Pis: it cannot fall below zero";
  await expect(fields.form.getByText(said)).toBeVisible();
  await expect(fields.change).toHaveAttribute("aria-invalid", "true");
  await expect(fields.change).toHaveAccessibleDescription(said);
  // Only the change is at fault; the rest of the form is as it was typed.
  await expect(fields.reason).not.toHaveAttribute("aria-invalid");
  await expect(fields.reason).toHaveValue("damaged");
  await expect(fields.change).toHaveValue("-45");
  await expect(fields.count).toHaveValue("");
  await expect(fields.note).toHaveValue("Rain through the roof");
  // Nothing was written.
  await expect(page.getByTestId("stock-now")).toHaveText(`${name}: 30 Pis in stock`);
  expect(await reasons(page)).toEqual(["opening"]);

  // Pieces received are a positive number: that refusal too is beside the change.
  await fields.reason.selectOption({ label: "Received from a supplier" });
  await fields.change.fill("-5");
  const second = recordAnswer(page);
  await fields.record.click();
  expect((await second).status()).toBe(400);
  await expect(fields.change).toHaveAccessibleDescription("Pieces received add to the stock: enter a positive number");
  await expect(fields.reason).toHaveValue("received");
  await expect(fields.change).toHaveValue("-5");
  await expect(fields.note).toHaveValue("Rain through the roof");
  expect(await reasons(page)).toEqual(["opening"]);

  // Six damaged is within the stock: written, and the refusal is gone.
  await fields.reason.selectOption({ label: "Damaged or lost" });
  await fields.change.fill("-6");
  await fields.record.click();
  await expect(page.getByTestId("stock-now")).toHaveText(`${name}: 24 Pis in stock`);
  const top = ledgerRows(page).first();
  await expect(top).toHaveAttribute("data-reason", "damaged");
  await expect(cellsAfterWhen(top)).toHaveText(["Damaged", "−6", "24", "Randa Admin", "", "Rain through the roof"]);
  await expect(fields.change).not.toHaveAttribute("aria-invalid");
  await expect(fields.form.getByText(said)).toHaveCount(0);
  await expect(fields.change).toHaveValue("");
}

test("writing off more than the stock is refused beside the change, keeping what was typed (with JavaScript)", async ({
  page,
  addTool,
}) => {
  const name = unique("Spokeshave Blade");
  const id = await addTool({ name, stock: 30 });
  await signInViaApi(page.request, DEMO_ADMIN);
  await openScreen(page, ledgerOf(id));
  await refusedWriteOff(page, name);
  await expect(toast(page, "Stock recorded")).toBeVisible();
  // The page never left: the refusals and the change came without a new document.
  await expect(page).toHaveURL(new RegExp(`/dashboard/stock\\?product=${id}$`));
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("writing off more than the stock is refused beside the change, keeping what was typed, by a plain form", async ({
    page,
    addTool,
  }) => {
    const name = unique("Marking Knife");
    const id = await addTool({ name, stock: 30 });
    await signInViaApi(page.request, DEMO_ADMIN);
    const res = await page.goto(ledgerOf(id));
    expect(res?.status()).toBe(200);
    await expect(page.locator("html[data-hydrated]")).toHaveCount(0);
    // The form posts to the ledger it is on.
    const form = recordForm(page).form;
    await expect(form).toHaveAttribute("method", "post");
    await expect(form).toHaveAttribute("action", ledgerOf(id));
    await refusedWriteOff(page, name);
    await expect(page).toHaveURL(new RegExp(`/dashboard/stock\\?product=${id}$`));
  });
});

test.describe("in Bangla", () => {
  for (const [size, viewport] of [
    ["360 px wide", { width: 360, height: 740 }],
    ["on a desktop", { width: 1280, height: 800 }],
  ] as const) {
    test(`the Stock list and a ledger read in Bangla, ${size}`, async ({ page, context, addTool }) => {
      const phone = viewport.width === 360;
      await page.setViewportSize(viewport);
      const name = unique("Cutting Gauge");
      const nameBn = `কাটিং গেজ ${name.split(" ").at(-1)}`;
      const id = await addTool({ name, nameBn, stock: 120 });
      await signInViaApi(page.request, DEMO_ADMIN);

      if (phone) {
        // Bangla from the start, as the cookie says.
        await inLanguage(context, "bn");
        await openScreen(page, "/dashboard/stock");
      } else {
        // Switched on the page itself.
        await openScreen(page, "/dashboard");
        await page.getByRole("button", { name: "বাংলায় দেখুন (Show in Bangla)" }).click();
        await expect(page.locator("html")).toHaveAttribute("lang", "bn");
        await page.getByRole("navigation", { name: "ড্যাশবোর্ড মেনু" }).getByRole("link", { name: "স্টক" }).click();
        await expect(page).toHaveURL(/\/dashboard\/stock$/);
      }
      await expect(page.getByRole("heading", { name: "স্টক", level: 2 })).toBeVisible();
      await expect(page).toHaveTitle("স্টক | Randa");
      const search = page.getByRole("main").getByRole("search");
      await search.getByLabel("যন্ত্র খুঁজুন").fill(name);
      await search.getByRole("button", { name: "খুঁজুন", exact: true }).click();
      const listed = page.getByRole("table").locator("tbody tr");
      await expect(listed).toHaveCount(1);
      await expect(page.getByRole("columnheader")).toHaveText(["যন্ত্র", "স্টকে", "খাতা"]);
      await expect(listed.getByRole("cell")).toHaveText([nameBn, pieces(120, "bn"), "খাতা"]);
      if (phone) expect(await mainWidth(page), "the list fits 360 px").toBeLessThanOrEqual(360);
      await listed.getByRole("link", { name: `${nameBn}-এর স্টক খাতা` }).click();
      await expect(page).toHaveURL(new RegExp(`/dashboard/stock\\?product=${id}$`));
      await waitForHydration(page);
      await expect(page.getByTestId("stock-now")).toHaveText(`${nameBn}: স্টকে ${pieces(120, "bn")}`);

      const fields = recordForm(page, "bn");
      await fields.reason.selectOption({ label: "সরবরাহকারীর কাছ থেকে এসেছে" });
      await fields.change.fill("40");
      await fields.note.fill("নতুন চালান");
      await fields.record.click();
      await expect(toast(page, "স্টক লেখা হয়েছে")).toBeVisible();
      await expect(page.getByTestId("stock-now")).toHaveText(`${nameBn}: স্টকে ${pieces(160, "bn")}`);
      await expect(page.getByRole("columnheader")).toHaveText(["কখন", "কী", "বদল", "পরে স্টক", "কে", "অর্ডার", "নোট"]);
      const rows = ledgerRows(page);
      await expect(cellsAfterWhen(rows.first())).toHaveText(["এসেছে", "+৪০", "১৬০", "Randa Admin", "", "নতুন চালান"]);
      await expect(cellsAfterWhen(rows.nth(1))).toHaveText(["শুরুর স্টক", "+১২০", "১২০", "Randa Admin", "", ""]);
      // The time is in Bengali digits too.
      await expect(rows.first().locator("td").first()).toHaveText(/[০-৯]/);
      await expect(rows.first().locator("td").first()).not.toHaveText(/[0-9]/);

      // A write-off beyond the stock, refused in Bangla beside the change.
      await fields.reason.selectOption({ label: "নষ্ট বা হারানো" });
      await fields.change.fill("-200");
      await fields.record.click();
      const said = "স্টক ১৬০ পিস: এটি শূন্যের নিচে নামতে পারে না";
      await expect(fields.change).toHaveAccessibleDescription(said);
      await expect(fields.form.getByText(said)).toBeVisible();
      await expect(fields.reason).toHaveValue("damaged");
      await expect(fields.change).toHaveValue("-200");
      await expect(page.getByTestId("stock-now")).toHaveText(`${nameBn}: স্টকে ${pieces(160, "bn")}`);

      // Every field and the button fit the window; only the table scrolls sideways, inside its own box.
      for (const field of [fields.reason, fields.change, fields.count, fields.note, fields.record]) {
        const box = (await field.boundingBox())!;
        expect(box.x + box.width, "a field inside the window").toBeLessThanOrEqual(viewport.width);
      }
      if (phone) {
        expect(await mainWidth(page), "the ledger fits 360 px").toBeLessThanOrEqual(360);
        // No row holds a link, yet a keyboard reaches the table's box and scrolls it sideways.
        const table = page.getByRole("region", { name: `${nameBn}-এর স্টক খাতা` });
        await table.focus();
        await page.keyboard.press("ArrowRight");
        await expect.poll(() => table.evaluate((box) => box.scrollLeft)).toBeGreaterThan(0);
      }
      await expectAccessibleScreen(page, "/dashboard/stock", `a refusal in Bangla, ${size}`);
    });
  }
});

for (const language of ["en", "bn"] as const) {
  test(`the Stock list and a ledger have no serious accessibility finding (${language})`, async ({
    page,
    context,
    browser,
    addTool,
  }) => {
    const name = unique("Dowel Plate");
    const id = await addTool({ name, nameBn: `ডোয়েল প্লেট ${name.split(" ").at(-1)}`, stock: 120 });
    // An order's row, with its link.
    const buyerPage = await browser.newPage();
    await registerViaApi(buyerPage);
    const orderId = await orderViaApi(buyerPage, id, 30);
    await signInViaApi(page.request, DEMO_ADMIN);
    await inLanguage(context, language);
    const en = language === "en";

    await openScreen(page, "/dashboard/stock");
    await expectAccessibleScreen(page, "/dashboard/stock", "the list of tools");
    await openScreen(page, `/dashboard/stock?q=${encodeURIComponent("no such tool at all")}`);
    await expect(page.getByText(en ? "No tool matches." : "কোনো যন্ত্র মেলেনি।")).toBeVisible();
    await expectAccessibleScreen(page, "/dashboard/stock", "a search that finds nothing");

    await openScreen(page, ledgerOf(id));
    await expect(ledgerRows(page)).toHaveCount(2);
    await expect(page.getByRole("link", { name: `${en ? "Order" : "অর্ডার"} ${orderId.slice(0, 8)}` })).toBeVisible();
    await expectAccessibleScreen(page, "/dashboard/stock", "a ledger with an order's row");

    const fields = recordForm(page, language);
    await fields.reason.selectOption("damaged");
    await fields.change.fill("-500");
    await fields.record.click();
    await expect(fields.change).toHaveAttribute("aria-invalid", "true");
    await expectAccessibleScreen(page, "/dashboard/stock", "a refusal beside the change");

    await fields.change.fill("-10");
    await fields.record.click();
    const recorded = page.locator("[data-sonner-toast][data-type=success]");
    // Over the toast its five seconds wait, so it stays while axe reads it.
    await recorded.hover();
    await expectAccessibleScreen(page, "/dashboard/stock", "a change recorded, its toast shown");

    await page.setViewportSize({ width: 360, height: 740 });
    await openScreen(page, ledgerOf(id));
    await expectAccessibleScreen(page, "/dashboard/stock", "a ledger 360 px wide");

    // The order goes, so the tool can be removed after the test.
    const cancelled = await buyerPage.request.delete(`/api/order/${orderId}`, { headers: { Origin: BASE_URL } });
    expect(cancelled.ok(), await cancelled.text()).toBe(true);
    await buyerPage.close();
  });
}
