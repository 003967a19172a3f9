import { BASE_URL, DEMO_ADMIN } from "./accounts";
import { expect, test } from "./fixtures";
import { productNamed, signInViaApi, waitForHydration } from "./shop";

test.describe("product detail page", () => {
  test("opens from the home grid and shows price, stock, minimum, quantity and text", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("link", { name: "Product Detail: No. 4 Smoothing Plane" }).click();
    await expect(page).toHaveURL(/\/detail\/[0-9a-f-]{36}$/);
    await expect(page).toHaveTitle("No. 4 Smoothing Plane | Randa");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("No. 4 Smoothing Plane");
    await expect(page.getByTestId("price")).toHaveText("Tk 3,850.50 per piece");
    await expect(page.getByTestId("availability")).toHaveText("120 Pieces");
    await expect(page.getByTestId("minimum-quantity")).toHaveText("20 Pis");
    const quantity = page.getByLabel("Quantity (Pis)");
    await expect(quantity).toHaveValue("20");
    await expect(quantity).toHaveAttribute("step", "20");
    await expect(quantity).toHaveAttribute("min", "20");
    // No hoarding: one order takes at most half of the 120 in stock.
    await expect(quantity).toHaveAttribute("max", "60");
    await expect(page.getByTestId("per-order-limit")).toHaveText("At most 60 Pis");
    await expect(page.getByRole("img", { name: "No. 4 Smoothing Plane" })).toBeVisible();
    await expect(page.getByText(/flat cast-iron body/)).toBeVisible();
    await expect(page.getByText(/Sole 245 × 50 mm/)).toBeVisible();
  });

  test("starts the quantity at a larger minimum and groups big stock numbers", async ({ page }) => {
    // The home page shows a featured few; the shop lists the whole demo catalog on its first page.
    await page.goto("/shop");
    await page.getByRole("link", { name: "Product Detail: F-Clamp 300 mm" }).click();
    await expect(page.getByTestId("availability")).toHaveText("2,000 Pieces");
    await expect(page.getByTestId("minimum-quantity")).toHaveText("100 Pis");
    await expect(page.getByLabel("Quantity (Pis)")).toHaveValue("100");
  });

  test("shows a product's own most per order and refuses more as it is typed", async ({ page }) => {
    await signInViaApi(page.request, DEMO_ADMIN);
    const drill = await productNamed(page.request, "Eggbeater Hand Drill");
    const setMost = (maxPerOrder: number | null) =>
      page.request.put(`/api/product/${drill._id}`, { data: { maxPerOrder }, headers: { Origin: BASE_URL } });
    expect((await setMost(40)).ok()).toBe(true);
    try {
      await page.goto(`/detail/${drill._id}`);
      await waitForHydration(page);
      await expect(page.getByTestId("per-order-limit")).toHaveText("At most 40 Pis");
      const quantity = page.getByLabel("Quantity (Pis)");
      const buy = page.getByRole("button", { name: "Buy It Now" });
      await expect(quantity).toHaveAttribute("max", "40");
      // 60 is within half of the stock, but the product's own limit replaces that rule.
      await quantity.fill("60");
      await expect(page.getByRole("alert")).toHaveText("One order can take at most 40 Pis of this tool");
      await expect(buy).toBeDisabled();
      await quantity.fill("40");
      await expect(page.getByRole("alert")).toHaveCount(0);
      await expect(buy).toBeEnabled();
    } finally {
      await setMost(null);
    }
  });

  test("says Stock Out when the stock is below the minimum order", async ({ page }) => {
    // The home page shows a featured few; the shop lists the whole demo catalog on its first page.
    await page.goto("/shop");
    await page.getByRole("link", { name: "Product Detail: Combination Water Stone 1000/6000" }).click();
    await expect(page.getByTestId("availability")).toHaveText("Stock Out");
    await expect(page.getByLabel("Quantity (Pis)")).toHaveCount(0);
  });

  test("carries schema.org Product data for search engines", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("link", { name: "Product Detail: Ryoba Pull Saw 240 mm" }).click();
    const json = await page.locator('script[type="application/ld+json"]').textContent();
    const data = JSON.parse(json!) as Record<string, unknown>;
    expect(data["@type"]).toBe("Product");
    expect(data.name).toBe("Ryoba Pull Saw 240 mm");
    expect(data.offers).toMatchObject({
      price: "1650.00",
      priceCurrency: "BDT",
      availability: "https://schema.org/InStock",
    });
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /Japanese double-edged saw/);
  });
});
