import { BASE_URL } from "./accounts";
import { expect, test } from "./fixtures";

declare global {
  interface Window {
    cspViolations: string[];
  }
}

test.describe("API reference", () => {
  test("renders the OpenAPI document from the store alone, within the page's policy", async ({ page }) => {
    await page.addInitScript(() => {
      window.cspViolations = [];
      document.addEventListener("securitypolicyviolation", (e) =>
        window.cspViolations.push(`${e.violatedDirective} ${e.blockedURI}`),
      );
    });
    const elsewhere: string[] = [];
    page.on("request", (request) => {
      const url = request.url();
      if (!url.startsWith(BASE_URL) && !url.startsWith("data:")) elsewhere.push(url);
    });

    const response = await page.goto("/api/docs");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { name: "Randa API", level: 1 })).toBeVisible();
    await page.getByRole("button", { name: /^orders/ }).click();
    await page.getByRole("button", { name: /^Place an order/ }).click();
    await expect(page.getByRole("heading", { name: "Place an order", level: 3 })).toBeVisible();
    await expect(page.getByRole("group", { name: "Request Example for post/api/order", exact: true })).toBeVisible();

    // Scalar's bundled zod asks once whether `new Function` works, in a try/catch, and does without it when the
    // policy says no: that refusal is the policy working, not the page failing.
    const violations = await page.evaluate(() => window.cspViolations);
    expect(violations.filter((v) => v !== "script-src eval")).toEqual([]);
    expect(elsewhere).toEqual([]);
  });
});
