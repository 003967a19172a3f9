import type { Page } from "@playwright/test";
import sharp from "sharp";
import { DEMO_ADMIN, signIn } from "./accounts";
import { expect, test } from "./fixtures";
import { toast } from "./shop";

// One product goes through its whole life here, in order; it changes the home page, so this file runs after
// the tests that count the demo catalog (the "home-changing" project).
test.describe.configure({ mode: "serial" });

const NAME = `Panel Gauge ${Date.now().toString(36)}`;
const RENAMED = `${NAME}, long beam`;

async function signInAsAdmin(page: Page) {
  await page.goto("/login");
  await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Log Out" })).toBeVisible();
}

const photo = async () => ({
  name: "panel-gauge.png",
  mimeType: "image/png",
  buffer: await sharp({ create: { width: 1600, height: 1200, channels: 3, background: "#9a6b3f" } })
    .png()
    .toBuffer(),
});

test("Add Product answers every empty field with the spec's message", async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto("/dashboard/addproduct");
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await page.getByRole("button", { name: "Add Product" }).click();
  const form = page.locator("form").filter({ has: page.getByLabel("Product Name") });
  await expect(form.getByText("Name Is Required")).toBeVisible();
  await expect(form.getByText("Price Is Required")).toHaveCount(2); // price, and minimum quantity (spec §5)
  await expect(form.getByText("Quantity Is Required")).toHaveCount(2); // available quantity, and description
  await expect(form.getByText("Image Is Required")).toBeVisible();
});

test("an admin adds a product with a PNG, and the home page shows it as WebP", async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto("/dashboard");
  await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Add Product" }).click();
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await page.getByLabel("Product Name").fill(NAME);
  await page.getByLabel("Price (Tk)").fill("1450.50");
  await page.getByLabel("Available Quantity").fill("60");
  await page.getByLabel("Minimum Quantity").fill("10");
  await page.getByLabel("Description", { exact: true }).fill("Marks wide boards parallel to an edge.");
  await page.getByLabel("Image").setInputFiles(await photo());
  await page.getByRole("button", { name: "Add Product" }).click();
  await expect(toast(page, "Product added succefully")).toBeVisible();
  await expect(page.getByLabel("Product Name")).toHaveValue("");

  await page.goto("/");
  const card = page.locator("article").filter({ hasText: NAME });
  await expect(card).toContainText("Tk 1,450.50");
  const image = card.locator("img");
  await expect(image).toHaveAttribute("src", /^\/uploads\/[0-9a-f]{32}-800\.webp$/);
  await expect(image).toHaveAttribute("srcset", /-400\.webp 400w, .*-800\.webp 800w$/);
  await image.scrollIntoViewIfNeeded();
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  const served = await page.request.get((await image.getAttribute("src"))!);
  expect(served.headers()["content-type"]).toBe("image/webp");
});

test("an admin edits the product from Manage Products", async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto("/dashboard/manageproduct");
  await page.getByRole("link", { name: `Edit ${NAME}` }).click();
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await expect(page.getByLabel("Product Name")).toHaveValue(NAME);
  await page.getByLabel("Product Name").fill(RENAMED);
  // The product's own form: the variants form below it has a price per variant.
  const productForm = page.locator("form").filter({ has: page.getByRole("button", { name: "Save Changes" }) });
  await productForm.getByLabel("Price (Tk)").fill("1600");
  await page.getByLabel("Available Quantity").fill("75");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(toast(page, "Product updated")).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/manageproduct$/);
  const row = page.getByRole("row").filter({ hasText: RENAMED });
  await expect(row).toContainText("Tk 1,600");
  await expect(row).toContainText("75 Pis");
});

test("an admin deletes the product after confirming, and No keeps it", async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto("/dashboard/manageproduct");
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  const row = page.getByRole("row").filter({ hasText: RENAMED });
  await row.getByRole("button", { name: "Delete" }).click();
  const dialog = page.getByRole("dialog", { name: `Are You Sure? You Want To Delete ${RENAMED}` });
  await dialog.getByRole("button", { name: "No" }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toHaveCount(1);

  await row.getByRole("button", { name: "Delete" }).click();
  await dialog.getByRole("button", { name: "Yes!" }).click();
  await expect(toast(page, "Removed Order")).toBeVisible();
  await expect(row).toHaveCount(0);
  await page.goto("/");
  await expect(page.locator("article").filter({ hasText: NAME })).toHaveCount(0);
});
