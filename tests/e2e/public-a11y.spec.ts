import type { BrowserContext, Page } from "@playwright/test";
import { bn } from "../../shared/words/bn";
import { en } from "../../shared/words/en";
import { BASE_URL, registerViaApi } from "./accounts";
import { expectAccessibleScreen, openScreen } from "./axe";
import { expect, test } from "./fixtures";
import { productNamed } from "./shop";

// axe-core (WCAG 2.1 A and AA) on every public screen, in English and in Bangla: no serious or critical finding.
// Which route is checked where is listed in a11y-routes.ts (a test holds it to app/routes.ts). Here:
//   /, /blogs, /myprotfolio                 signed out and signed in (the navbar differs), and 375 px wide
//   /shop                                   all tools, a search, a category, an empty result, a refused parameter
//   /detail/:productId                      in stock, with the quantity error, Stock Out, an unknown product
//   /cart                                   empty; with lines and a delivery estimate, signed out and in; a phone
//   /checkout                               the cart's, Buy It Now's line alone, with its fields' errors (signed in)
//   /login, /register                       empty, with their validation errors; login's refusal and its notice
//   /forgot-password, /reset-password       the form, its error, the link sent; a broken link, a new password
//   /* (not found), /api/docs               the not-found page; the API reference (Scalar's own markup excluded)
// The dashboard's routes, its dialogs, toasts and folded sidebar are in dashboard-a11y.spec.ts.

const LANGUAGES = { en, bn } as const;
type Language = keyof typeof LANGUAGES;

async function inLanguage(context: BrowserContext, language: Language) {
  await context.addCookies([{ name: "randa.lang", value: language, url: BASE_URL }]);
}

async function demoProducts(page: Page) {
  const [inStock, stockOut] = await Promise.all([
    productNamed(page.request, "F-Clamp 300 mm"),
    productNamed(page.request, "Combination Water Stone 1000/6000"),
  ]);
  return { inStock, stockOut };
}

/** Lines in the browser's cart, through the API with its own cookies: a guest's cart, or the signed-in customer's. */
async function fillCart(page: Page) {
  const lines = [
    [await productNamed(page.request, "F-Clamp 300 mm"), 100],
    [await productNamed(page.request, "Low-Angle Block Plane"), 20],
  ] as const;
  for (const [product, quantity] of lines) {
    const res = await page.request.post("/api/cart/items", {
      data: { productId: product._id, quantity },
      headers: { Origin: BASE_URL },
    });
    if (!res.ok()) throw new Error(`add to cart failed: ${res.status()} ${await res.text()}`);
  }
}

for (const [language, t] of Object.entries(LANGUAGES) as [Language, typeof en][]) {
  test.describe(() => {
    // The refused shop parameter is answered 400, which the browser logs.
    test.use({ allowedConsoleErrors: [/status of 400 \(Bad Request\)/] });

    test(`the public screens have no serious accessibility finding, signed out (${language})`, async ({
      page,
      context,
    }) => {
      // Every public screen, each analysed whole: more than one test's usual 30 s on a loaded machine.
      test.slow();
      const { inStock, stockOut } = await demoProducts(page);
      await inLanguage(context, language);
      for (const [route, url] of [
        ["/", "/"],
        ["/blogs", "/blogs"],
        ["/myprotfolio", "/myprotfolio"],
        ["/shop", "/shop"],
        ["/shop", "/shop?q=chisel"],
        ["/shop", "/shop?category=planes&inStock=true&sort=price-asc"],
        ["/shop", "/shop?q=no-tool-is-called-this"],
        ["/detail/:productId", `/detail/${stockOut._id}`],
      ] as const) {
        await openScreen(page, url);
        await expectAccessibleScreen(page, route, url);
      }

      await openScreen(page, "/shop?sort=by-colour", 400);
      await expectAccessibleScreen(page, "/shop", "a refused parameter");
      await openScreen(page, "/detail/no-such-product", 404);
      await expectAccessibleScreen(page, "/detail/:productId", "an unknown product");
      await openScreen(page, "/no-such-page", 404);
      await expectAccessibleScreen(page, "/*", "not found");

      await openScreen(page, `/detail/${inStock._id}`);
      await expectAccessibleScreen(page, "/detail/:productId", "in stock");
      await page.getByLabel(t.product.quantity).fill("7");
      await expect(page.getByRole("alert")).toBeVisible();
      await expectAccessibleScreen(page, "/detail/:productId", "the quantity error");

      await openScreen(page, "/api/docs");
      await expect(page.getByRole("heading", { name: "Randa API", level: 1 })).toBeVisible();
      // Scalar's reader (a bundled third-party script) draws the whole reference inside #app, with markup of its
      // own we cannot change: items with aria-selected outside a listbox, unnamed icon buttons, its theme's greys.
      // The page around it, the store's own, is checked.
      await expectAccessibleScreen(page, "/api/docs", "the API reference", { exclude: ["#app"] });
    });
  });

  test(`a guest's cart has no serious accessibility finding, empty and with lines (${language})`, async ({
    page,
    context,
  }) => {
    await inLanguage(context, language);
    await openScreen(page, "/cart");
    await expect(page.getByText(t.cart.empty)).toBeVisible();
    await expectAccessibleScreen(page, "/cart", "an empty cart");
    await fillCart(page);
    await openScreen(page, "/cart?district=Gazipur");
    await expect(page.getByTestId("cart-line")).toHaveCount(2);
    await expectAccessibleScreen(page, "/cart", "a guest's lines and the delivery estimate");
  });

  test(`the sign-in screens and their errors have no serious accessibility finding (${language})`, async ({
    page,
    context,
  }) => {
    await inLanguage(context, language);
    await openScreen(page, "/login");
    await expectAccessibleScreen(page, "/login", "empty");
    await page.getByRole("button", { name: t.auth.signIn, exact: true }).click();
    await expect(page.locator("#email-error")).toBeVisible();
    await expectAccessibleScreen(page, "/login", "its fields' errors");
    await page.getByLabel(t.auth.email).fill("nobody-at-all@example.test");
    await page.getByLabel(t.auth.password).fill("not-the-password");
    await page.getByRole("button", { name: t.auth.signIn, exact: true }).click();
    await expect(page.getByRole("alert")).toBeVisible();
    await expectAccessibleScreen(page, "/login", "a refused sign-in");
    await openScreen(page, "/login?reset=1");
    await expect(page.getByRole("status")).toBeVisible();
    await expectAccessibleScreen(page, "/login", "the notice after a password reset");

    await openScreen(page, "/register");
    await expectAccessibleScreen(page, "/register", "empty");
    await page.getByRole("button", { name: t.auth.signUp, exact: true }).click();
    await expect(page.locator("#name-error")).toBeVisible();
    await expectAccessibleScreen(page, "/register", "its fields' errors");

    await openScreen(page, "/forgot-password");
    await expectAccessibleScreen(page, "/forgot-password", "empty");
    await page.getByRole("button", { name: t.password.send }).click();
    await expect(page.locator("#email-error")).toBeVisible();
    await expectAccessibleScreen(page, "/forgot-password", "its field's error");
    await page.getByLabel(t.password.email).fill("nobody-at-all@example.test");
    await page.getByRole("button", { name: t.password.send }).click();
    await expect(page.getByRole("status")).toBeVisible();
    await expectAccessibleScreen(page, "/forgot-password", "the link sent");

    await openScreen(page, "/reset-password");
    await expectAccessibleScreen(page, "/reset-password", "a broken link");
    await openScreen(page, "/reset-password?token=not-a-real-token");
    await expectAccessibleScreen(page, "/reset-password", "a new password");
    await page.getByRole("button", { name: t.password.save }).click();
    await expect(page.locator("#password-error")).toBeVisible();
    await expectAccessibleScreen(page, "/reset-password", "its field's error");
  });

  test(`the public screens have no serious accessibility finding, signed in (${language})`, async ({
    page,
    context,
  }) => {
    const { inStock } = await demoProducts(page);
    await registerViaApi(page);
    await fillCart(page);
    await inLanguage(context, language);
    for (const [route, url] of [
      ["/", "/"],
      ["/blogs", "/blogs"],
      ["/myprotfolio", "/myprotfolio"],
      ["/shop", "/shop"],
      ["/detail/:productId", `/detail/${inStock._id}`],
      ["/cart", "/cart"],
      ["/checkout", "/checkout"],
      ["/checkout", `/checkout?productId=${inStock._id}&quantity=100`],
    ] as const) {
      await openScreen(page, url);
      await expect(page.getByRole("button", { name: t.nav.logout })).toBeVisible();
      await expectAccessibleScreen(page, route, `signed in: ${url}`);
    }
    await openScreen(page, "/no-such-page", 404);
    await expectAccessibleScreen(page, "/*", "not found, signed in");

    // Place order with the new address's fields emptied (the name starts from My Profile): each says what it needs.
    await openScreen(page, "/checkout");
    await page.locator("#name").fill("");
    await page.getByRole("button", { name: t.checkout.place }).click();
    await expect(page.locator("#name-error")).toBeVisible();
    await expectAccessibleScreen(page, "/checkout", "its fields' errors");
  });

  test.describe(() => {
    test.use({ viewport: { width: 375, height: 812 } });

    test(`the public screens have no serious accessibility finding on a phone (${language})`, async ({
      page,
      context,
    }) => {
      const { inStock } = await demoProducts(page);
      await fillCart(page);
      await inLanguage(context, language);
      for (const [route, url, status] of [
        ["/", "/", 200],
        ["/blogs", "/blogs", 200],
        ["/myprotfolio", "/myprotfolio", 200],
        ["/shop", "/shop?q=saw", 200],
        ["/detail/:productId", `/detail/${inStock._id}`, 200],
        ["/cart", "/cart?district=Sylhet", 200],
        ["/login", "/login", 200],
        ["/register", "/register", 200],
        ["/forgot-password", "/forgot-password", 200],
        ["/*", "/no-such-page", 404],
      ] as const) {
        await openScreen(page, url, status);
        await expectAccessibleScreen(page, route, `375 px wide: ${url}`);
      }
    });
  });
}
