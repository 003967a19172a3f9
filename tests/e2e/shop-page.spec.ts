import type { Page } from "@playwright/test";
import { BASE_URL } from "./accounts";
import { expect, test } from "./fixtures";
import { productNamed, waitForHydration } from "./shop";

const cardNames = (page: Page) => page.getByTestId("product-grid").getByRole("heading", { level: 3 });
const resultCount = (page: Page) => page.getByTestId("result-count");
const SAWS_BY_PRICE_DOWN = ["Dovetail Back Saw 250 mm", "Ryoba Pull Saw 240 mm", "Coping Saw with 5 Spare Blades"];

const searchBox = (page: Page, where: "main" | "navbar") =>
  (where === "main" ? page.getByRole("main") : page.getByRole("navigation", { name: "Main" })).getByRole("searchbox", {
    name: "Search the tools",
  });
const show = (page: Page) => page.getByRole("button", { name: "Show", exact: true });

interface Browsing {
  /** What sends the form after a checkbox or a select changed: the browser itself with JavaScript, else Show. */
  apply(): Promise<void>;
  /** Checked after each step: with JavaScript, that no page was loaded afresh. */
  stayed(): Promise<void>;
}

/** The flow both kinds of browser follow on /shop once a search brought them there. */
async function filterSortAndPage(page: Page, { apply, stayed }: Browsing) {
  // Everything, then only what can be ordered now: the water stone (12 in stock, 20 a minimum order) goes.
  await searchBox(page, "main").fill("");
  await show(page).click();
  await expect(resultCount(page)).toHaveText("17 tools");
  await stayed();
  await expect(cardNames(page).filter({ hasText: "Combination Water Stone" })).toHaveCount(1);
  await page.getByLabel("In stock only").check();
  await apply();
  await expect(page).toHaveURL(/inStock=true/);
  await expect(page.getByLabel("In stock only")).toBeChecked();
  await expect(cardNames(page).filter({ hasText: "Combination Water Stone" })).toHaveCount(0);
  await stayed();

  // A shelf, keeping the stock filter; then a sort.
  await page.getByRole("navigation", { name: "Categories" }).getByRole("link", { name: /^Saws/ }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Saws");
  await expect(page).toHaveURL(/category=saws/);
  await expect(page).toHaveURL(/inStock=true/);
  await expect(cardNames(page)).toHaveCount(3);
  await page.getByLabel("Sort by").selectOption({ label: "Price: high to low" });
  await apply();
  await expect(page).toHaveURL(/sort=price-desc/);
  await expect(cardNames(page)).toHaveText(SAWS_BY_PRICE_DOWN);
  await expect(page.getByLabel("Sort by")).toHaveValue("price-desc");
  await stayed();

  // Pages of five, by name: Next, then a page by its number, then Previous.
  await page.goto("/shop?sort=name&limit=5");
  await expect(cardNames(page)).toHaveCount(5);
  const firstPage = await cardNames(page).allTextContents();
  const pager = page.getByRole("navigation", { name: "Pages" });
  await expect(pager).toContainText("Page 1 of 4");
  await pager.getByRole("link", { name: "Next" }).click();
  await expect(pager).toContainText("Page 2 of 4");
  await expect(page).toHaveURL(/[?&]page=2/);
  const secondPage = await cardNames(page).allTextContents();
  expect(secondPage).toHaveLength(5);
  expect([...firstPage, ...secondPage]).toEqual([...firstPage, ...secondPage].sort());
  await pager.getByRole("link", { name: "Page 4" }).click();
  await expect(pager).toContainText("Page 4 of 4");
  await expect(cardNames(page)).toHaveCount(2);
  await expect(pager.getByRole("link", { name: "Next" })).toHaveCount(0);
  await pager.getByRole("link", { name: "Previous" }).click();
  await expect(pager).toContainText("Page 3 of 4");
}

test.describe("the shop page", () => {
  test("with JavaScript: search from the navbar, filter, sort and page without reloading the store", async ({
    page,
    request,
  }) => {
    const chisel = await productNamed(request, "Mortise Chisel 10 mm");
    await page.goto(`/detail/${chisel._id}`);
    await waitForHydration(page);
    // A marker on the window survives only if no page is loaded afresh.
    await page.evaluate(() => ((window as unknown as { noReload: boolean }).noReload = true));

    const stayed = async () =>
      expect(await page.evaluate(() => (window as unknown as { noReload?: boolean }).noReload)).toBe(true);

    await searchBox(page, "navbar").fill("chisle");
    await searchBox(page, "navbar").press("Enter");
    await expect(page).toHaveURL(/\/shop\?q=chisle$/);
    await expect(resultCount(page)).toHaveText("2 tools match “chisle”");
    await expect(cardNames(page)).toHaveText([
      "Bevel-Edge Chisel Set, 4 pcs (6, 12, 18, 25 mm)",
      "Mortise Chisel 10 mm",
    ]);
    await expect(page).toHaveTitle("Search: chisle | Randa");
    await stayed();

    // With JavaScript a checkbox or a sort applies itself, with no page load.
    await filterSortAndPage(page, { apply: async () => {}, stayed });
  });

  test("without JavaScript: the same flow with plain forms and links", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL: BASE_URL });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (err) => errors.push(err.message));

    await page.goto("/");
    await expect(page.getByRole("link", { name: "See all tools" })).toHaveAttribute("href", "/shop");
    await searchBox(page, "navbar").fill("chisle");
    await searchBox(page, "navbar").press("Enter");
    await expect(page).toHaveURL(/\/shop\?q=chisle$/);
    await expect(resultCount(page)).toHaveText("2 tools match “chisle”");
    await expect(cardNames(page)).toHaveText([
      "Bevel-Edge Chisel Set, 4 pcs (6, 12, 18, 25 mm)",
      "Mortise Chisel 10 mm",
    ]);

    await filterSortAndPage(page, { apply: () => show(page).click(), stayed: async () => {} });

    // A wrong parameter: its message on the page, with a way back.
    const res = await page.goto("/shop?sort=cheapest");
    expect(res?.status()).toBe(400);
    await expect(page.getByRole("alert")).toContainText("Unknown sort order");
    await page.getByRole("alert").getByRole("link", { name: "See all tools" }).click();
    await expect(resultCount(page)).toHaveText("17 tools");
    expect(errors).toEqual([]);
    await context.close();
  });

  test("on a phone: the navbar's search icon leads to the shop's search, and nothing scrolls sideways", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto("/");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Search the tools" }).click();
    await expect(page).toHaveURL(/\/shop$/);
    await searchBox(page, "main").fill("plane");
    await show(page).click();
    await expect(cardNames(page).first()).toContainText("Plane");
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
