import { expect, test } from "./fixtures";

test.describe("not-found page", () => {
  test("answers an unknown path with status 404 and a Back Home link", async ({ page }) => {
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("img", { name: /404/ })).toBeVisible();
    await page.getByRole("link", { name: "Back Home" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId("product-grid")).toBeVisible();
  });

  for (const [label, path] of [
    ["an unknown product", "/detail/3f1c1f5e-8a0e-4a8e-9a53-0d2f8b1c9e11"],
    ["a malformed product id", "/detail/not-a-product"],
  ] as const) {
    test(`answers ${label} with 404, not an error`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("link", { name: "Back Home" })).toBeVisible();
    });
  }
});
