import { BASE_URL, registerViaApi } from "./accounts";
import { expect, test } from "./fixtures";

// The browser tests' store is the demo, where the built-in test-card processor takes the card payments.
test.describe("the test-mode banner", () => {
  test("says on every page, public and dashboard, that no real payments are taken", async ({ page }) => {
    await registerViaApi(page);
    for (const path of ["/", "/blogs", "/dashboard/orders", "/dashboard/profile"]) {
      await page.goto(path);
      const banner = page.getByRole("note").filter({ hasText: "Test mode — no real payments" });
      await expect(banner).toBeVisible();
      // Above the navigation, where nobody scrolls past it before paying.
      const bannerBox = (await banner.boundingBox())!;
      const navBox = (await page.getByRole("navigation", { name: "Main" }).boundingBox())!;
      expect(bannerBox.y).toBeLessThan(navBox.y);
    }
  });

  test("is in Bangla for a Bangla reader", async ({ page }) => {
    await page.context().addCookies([{ name: "randa.lang", value: "bn", url: BASE_URL }]);
    await page.goto("/");
    await expect(page.getByRole("note").filter({ hasText: "পরীক্ষামূলক মোড — আসল পেমেন্ট নয়" })).toBeVisible();
  });
});
