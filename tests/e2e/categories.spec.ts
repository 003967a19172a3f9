import type { Page } from "@playwright/test";
import sharp from "sharp";
import { DEMO_ADMIN, signIn } from "./accounts";
import { expect, test } from "./fixtures";
import { productNamed, toast, waitForHydration } from "./shop";

// One category goes through its life here, in order; the product added to it changes the home page, so this file
// runs with the tests that change it (the "home-changing" project).
test.describe.configure({ mode: "serial" });

const stamp = Date.now().toString(36);
const NAME_EN = `Carving Gouges ${stamp}`;
const NAME_BN = `খোদাই গজ ${stamp}`;
const RENAMED_EN = `Carving Tools ${stamp}`;
const SLUG = `carving-gouges-${stamp}`;
const PRODUCT = `Spoon Gouge ${stamp}`;

async function signInAsAdmin(page: Page) {
  await page.goto("/login");
  await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Log Out" })).toBeVisible();
}

async function openCategories(page: Page) {
  await signInAsAdmin(page);
  await page.goto("/dashboard");
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Categories" }).click();
  await expect(page).toHaveURL(/\/dashboard\/categories$/);
  await waitForHydration(page);
}

const rowOf = (page: Page) => page.locator(`tr[data-category="${SLUG}"]`);

test("an admin adds a category, then renames it", async ({ page }) => {
  await openCategories(page);
  const add = page.locator("form").filter({ has: page.getByRole("button", { name: "Add Category" }) });
  await add.getByLabel("English Name").fill(NAME_EN);
  await add.getByLabel("Bangla Name").fill(NAME_BN);
  await add.getByRole("button", { name: "Add Category" }).click();
  await expect(toast(page, "Category added")).toBeVisible();
  const row = rowOf(page);
  await expect(row.getByLabel("English Name")).toHaveValue(NAME_EN);
  await expect(row.getByLabel("Bangla Name")).toHaveValue(NAME_BN);
  await expect(row.getByTestId("product-count")).toHaveText("0");
  // Other tools, where products without a category sit, is never offered for removal.
  const other = page.locator('tr[data-category="other"]');
  await expect(other).toContainText("Always kept");
  await expect(other.getByRole("button", { name: "Remove" })).toHaveCount(0);

  await row.getByLabel("English Name").fill(RENAMED_EN);
  await row.getByRole("button", { name: "Save" }).click();
  await expect(toast(page, "Category renamed")).toBeVisible();
  // The slug stays: the row is still found by it, under its new name.
  await page.reload();
  await expect(rowOf(page).getByLabel("English Name")).toHaveValue(RENAMED_EN);
});

test("an admin adds a product in the category, and its page links to the category", async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto("/dashboard/addproduct");
  await waitForHydration(page);
  await page.getByLabel("Product Name").fill(PRODUCT);
  await page.getByLabel("Price (Tk)").fill("640");
  await page.getByLabel("Available Quantity").fill("80");
  await page.getByLabel("Minimum Quantity").fill("20");
  await page.getByLabel("Description", { exact: true }).fill("A deep bent gouge for hollowing spoons.");
  await page.getByLabel("Category").selectOption({ label: RENAMED_EN });
  await page.getByLabel("Bangla Name (optional)").fill(`চামচ গজ ${stamp}`);
  await page.getByLabel("Image").setInputFiles({
    name: "gouge.png",
    mimeType: "image/png",
    buffer: await sharp({ create: { width: 800, height: 600, channels: 3, background: "#8a5a2b" } })
      .png()
      .toBuffer(),
  });
  await page.getByRole("button", { name: "Add Product" }).click();
  await expect(toast(page, "Product added succefully")).toBeVisible();

  const { _id } = await productNamed(page.request, PRODUCT);
  await page.goto(`/detail/${_id}`);
  const link = page.getByTestId("category").getByRole("link", { name: RENAMED_EN });
  await expect(link).toHaveAttribute("href", `/shop?category=${SLUG}`);

  await page.goto("/dashboard/categories");
  await expect(rowOf(page).getByTestId("product-count")).toHaveText("1");
});

test("Remove is refused while the category holds a product, and removes it once it is empty", async ({ page }) => {
  await openCategories(page);
  const row = rowOf(page);
  await row.getByRole("button", { name: "Remove" }).click();
  const dialog = page.getByRole("dialog", { name: `Remove the category ${RENAMED_EN}?` });
  await dialog.getByRole("button", { name: "Yes!" }).click();
  await expect(toast(page, "This category still has 1 products: move them to another category first")).toBeVisible();
  await expect(row).toHaveCount(1);

  // The product moves to Other tools in Edit Product; then the category is empty.
  const { _id } = await productNamed(page.request, PRODUCT);
  await page.goto(`/dashboard/manageproduct/${_id}`);
  await waitForHydration(page);
  await page.getByLabel("Category").selectOption({ label: "Other tools" });
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(toast(page, "Product updated")).toBeVisible();

  await page.goto("/dashboard/categories");
  await waitForHydration(page);
  await expect(row.getByTestId("product-count")).toHaveText("0");
  await row.getByRole("button", { name: "Remove" }).click();
  await dialog.getByRole("button", { name: "Yes!" }).click();
  await expect(toast(page, "Category removed")).toBeVisible();
  await expect(row).toHaveCount(0);
});
