import { registerViaApi } from "./accounts";
import { expect, test } from "./fixtures";
import { demoProducts } from "../../server/db/seed-data";

test.describe("server rendering", () => {
  test.use({ javaScriptEnabled: false });

  test("the home page's HTML already holds its featured products, and the shop's every product, with prices", async ({
    page,
    request,
  }) => {
    const escaped = (name: string) => name.replaceAll("&", "&amp;").replaceAll("'", "&#x27;");
    // No product is featured in the demo: the home page shows the newest eight.
    const home = await (await request.get("/")).text();
    for (const p of demoProducts.slice(0, 8)) expect(home).toContain(escaped(p.name));
    expect(home).not.toContain(escaped(demoProducts[8]!.name));
    expect(home).toContain("Tk 2,450");
    const shop = await (await request.get("/shop")).text();
    for (const p of demoProducts) expect(shop).toContain(escaped(p.name));

    await page.goto("/");
    await expect(page.getByTestId("product-grid").locator("article")).toHaveCount(8);
    await page.goto("/shop");
    await expect(page.getByTestId("product-grid").locator("article")).toHaveCount(demoProducts.length);
  });

  test("a product page works with JavaScript switched off", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("link", { name: "Product Detail: Beech Joiner's Mallet 450 g" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Beech Joiner's Mallet 450 g");
    await expect(page.getByTestId("price")).toHaveText("Tk 640 per piece");
  });

  test("forms post without JavaScript: signing in, then Buy It Now sends a signed-out visitor to sign in", async ({
    page,
  }) => {
    // A form post without JavaScript is checked by its Origin header, which the referrer policy must not blank.
    const customer = await registerViaApi(page);
    await page.context().clearCookies();
    await page.goto("/");
    await page.getByRole("link", { name: "Product Detail: Beech Joiner's Mallet 450 g" }).click();
    await page.getByRole("button", { name: "Buy It Now" }).click();
    await expect(page).toHaveURL(
      /\/login\?redirectTo=%2Fcheckout%3FproductId%3D[0-9a-f-]{36}%26variantId%3D[0-9a-f-]{36}%26quantity%3D40(%26|$)/,
    );
    await page.getByLabel("Email").fill(customer.email);
    await page.getByLabel("Password").fill(customer.password);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page).toHaveURL(/\/checkout\?productId=[0-9a-f-]{36}&variantId=[0-9a-f-]{36}&quantity=40(&|$)/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Checkout");
    await expect(page.getByTestId("checkout-lines")).toContainText("Beech Joiner's Mallet 450 g");
    await expect(page.getByTestId("checkout-lines")).toContainText("40 Pis × Tk 640");
  });

  test("every public page has a title and a meta description", async ({ page }) => {
    for (const path of ["/", "/shop", "/shop?q=saw", "/blogs", "/myprotfolio", "/login", "/register"]) {
      await page.goto(path);
      await expect(page).toHaveTitle(/Randa/);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /.{30,}/);
    }
  });
});
