import { expect, test } from "./fixtures";

test.describe("navigation", () => {
  test("the navbar reaches Home, Blogs, My Portfolio and Login", async ({ page }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    await nav.getByRole("link", { name: "Blogs" }).click();
    await expect(page).toHaveURL(/\/blogs$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Blogs");
    await expect(page.locator("article")).not.toHaveCount(0);

    await nav.getByRole("link", { name: "My Portfolio" }).click();
    await expect(page).toHaveURL(/\/myprotfolio$/);
    const bars = page.getByRole("progressbar");
    await expect(bars).toHaveCount(5);
    const values = await bars.evaluateAll((els) => els.map((el) => Number(el.getAttribute("aria-valuenow"))));
    expect(values).toEqual([90, 80, 75, 70, 65]);

    await nav.getByRole("link", { name: "Login" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole("button", { name: "Sign In", exact: true })).toBeVisible();

    await nav.getByRole("link", { name: "Home" }).click();
    await expect(page).toHaveURL(/\/$/);
    await nav.getByRole("link", { name: "Randa" }).click();
    await expect(page.getByTestId("product-grid")).toBeVisible();
  });

  test("shows the portfolio link on desktop only", async ({ page }) => {
    await page.goto("/");
    const link = page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "My Portfolio" });
    await expect(link).toBeVisible();
    await page.setViewportSize({ width: 360, height: 740 });
    await expect(link).toBeHidden();
  });

  test("the footer's popular tags open real product pages", async ({ page }) => {
    await page.goto("/blogs");
    const tags = page
      .getByRole("contentinfo")
      .getByRole("link", { name: /.+/ })
      .filter({ has: page.locator(":scope[href^='/detail/']") });
    await expect(tags).toHaveCount(3);
    await tags.first().click();
    await expect(page).toHaveURL(/\/detail\/[0-9a-f-]{36}$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Bevel-Edge Chisel Set");
    await expect(page.getByRole("contentinfo")).toContainText("Copyright © 2022");
  });

  test("the login and sign-up pages have the spec's fields and links", async ({ page }) => {
    await page.goto("/login");
    await expect(page.getByLabel("Email")).toBeVisible();
    await expect(page.getByLabel("Password")).toBeVisible();
    await expect(page.getByRole("button", { name: "Google Sign In" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Forgot your password?" })).toHaveAttribute("href", "/forgot-password");
    await expect(page.getByRole("link", { name: "Return To Store" })).toHaveAttribute("href", "/");
    await page.getByRole("link", { name: "Sign Up" }).click();

    await expect(page).toHaveURL(/\/register$/);
    await expect(page.getByRole("heading", { name: "ACCOUNT" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Breadcrumb" })).toHaveText("Home / Account");
    for (const label of ["Name", "Email", "Password"]) await expect(page.getByLabel(label)).toBeVisible();
    await expect(page.getByRole("button", { name: "Sign Up", exact: true })).toBeVisible();
    await expect(page.getByRole("separator")).toHaveText("OR");
    await expect(page.getByRole("button", { name: "Google Sign Up" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Sign In" })).toHaveAttribute("href", "/login");
  });

  test("the sign-up form answers with the spec's messages", async ({ page }) => {
    await page.goto("/register");
    await page.getByRole("button", { name: "Sign Up", exact: true }).click();
    await expect(page.getByText("Name Is Required")).toBeVisible();
    await expect(page.getByText("Email Is Required")).toBeVisible();
    await expect(page.getByText("Password Is Required")).toBeVisible();
  });
});
