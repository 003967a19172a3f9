import { pagesOf } from "./checkout";
import type { Page } from "@playwright/test";
import type { Language } from "../../shared/languages";
import { BASE_URL, DEMO_ADMIN, registerViaApi } from "./accounts";
import { expectAccessibleScreen, openScreen } from "./axe";
import { fillDelivery, inLanguage, MESSAGES, toolName, WORDS } from "./checkout";
import { expect, test } from "./fixtures";
import { DELIVERY, deliveryOfItsOwn, productNamed, signInViaApi, toast } from "./shop";

// axe-core (WCAG 2.1 A and AA) on the states of the cart, checkout and delivery charges that a buyer or an admin
// meets on the way, in English and in Bangla, beyond the screens public-a11y.spec.ts and dashboard-a11y.spec.ts
// check (which a11y-routes.ts names): a saved address and the charge for it; a new address with cash on delivery;
// a Buy It Now line the stock cannot cover; the Order Placed toast; a cart line changed, with its answer and toast;
// the cart and checkout 360 px wide; the cart's answer and checkout's refusal drawn by the server without
// JavaScript; Delivery charges 375 px wide, and its refusal drawn by the server.

const LANGUAGES: Language[] = ["en", "bn"];

/** A line in the browser's cart, through the API with the page's own cookies. */
async function addToCart(page: Page, name: string, quantity: number) {
  const product = await productNamed(page.request, name);
  const res = await page.request.post("/api/cart/items", {
    data: { productId: product._id, quantity },
    headers: { Origin: BASE_URL },
  });
  if (!res.ok()) throw new Error(`add to cart failed: ${res.status()} ${await res.text()}`);
  return product;
}

for (const language of LANGUAGES) {
  const t = WORDS[language];
  const said = MESSAGES[language];

  test(`checkout's states have no serious accessibility finding (${language})`, async ({ page, context }) => {
    await registerViaApi(page);
    const saved = await page.request.post("/api/addresses", {
      data: { delivery: deliveryOfItsOwn() },
      headers: { Origin: BASE_URL },
    });
    expect(saved.ok(), await saved.text()).toBe(true);
    await addToCart(page, "Coping Saw with 5 Spare Blades", 100);
    await inLanguage(context, language);

    await openScreen(page, "/checkout");
    await expect(page.getByRole("radiogroup", { name: t.checkout.saved }).getByRole("radio").first()).toBeChecked();
    await expect(page.getByTestId("checkout-delivery")).not.toHaveText("—");
    await expectAccessibleScreen(page, "/checkout", "a saved address and the charge for it");

    await page.getByRole("radio", { name: t.checkout.newAddress }).check();
    await fillDelivery(page, { ...deliveryOfItsOwn(), division: "Sylhet", district: "Sylhet" }, t);
    await page.getByLabel(t.checkout.cod).check();
    await expect(page.getByText(t.zones.outside_dhaka, { exact: false })).toBeVisible();
    await expectAccessibleScreen(page, "/checkout", "a new address, its charge, cash on delivery");

    await page.getByRole("button", { name: t.checkout.place }).click();
    const placed = toast(page, said.order.placed);
    await expect(placed).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/order\/[0-9a-f-]{36}$/);
    // Over the toast its five seconds wait, so it stays while axe reads it.
    await placed.hover();
    await expectAccessibleScreen(page, "/dashboard/order/:orderId", "the Order Placed toast over the order");

    // Buy It Now's line, more than the stock: why it cannot be bought, beside it.
    const rasp = await productNamed(page.request, "Cabinet Rasp 250 mm");
    await openScreen(page, `/checkout?productId=${rasp._id}&quantity=100000`);
    await expect(page.getByTestId("checkout-lines").getByRole("alert")).toBeVisible();
    await expectAccessibleScreen(page, "/checkout", "Buy It Now's line, more than the stock");
  });

  test(`a cart line changed, and its answer, have no serious accessibility finding (${language})`, async ({
    page,
    context,
  }) => {
    await addToCart(page, "Coping Saw with 5 Spare Blades", 100);
    await addToCart(page, "Wheel Marking Gauge", 20);
    await inLanguage(context, language);
    await openScreen(page, "/cart?district=Dhaka");
    const line = page
      .getByTestId("cart-line")
      .filter({ hasText: toolName("Coping Saw with 5 Spare Blades", language) });
    await line.getByLabel(t.cart.quantity).fill("120");
    await line.getByRole("button", { name: t.cart.update }).click();
    const updated = toast(page, said.cart.updated);
    await expect(updated).toBeVisible();
    await updated.hover();
    await expectAccessibleScreen(page, "/cart", "a line changed: the answer on the page and its toast");
  });

  test.describe(() => {
    test.use({ viewport: { width: 360, height: 740 } });

    test(`the cart and checkout have no serious accessibility finding 360 px wide (${language})`, async ({
      page,
      context,
    }) => {
      await registerViaApi(page);
      await addToCart(page, "Card Scraper Set (3 pcs)", 100);
      await addToCart(page, "Ryoba Pull Saw 240 mm", 40);
      await inLanguage(context, language);
      await openScreen(page, "/cart?district=Sylhet");
      await expectAccessibleScreen(page, "/cart", "360 px wide, signed in, with an estimate");
      await openScreen(page, "/checkout?district=Sylhet");
      await expectAccessibleScreen(page, "/checkout", "360 px wide");
    });
  });

  test.describe(() => {
    // axe runs in the page, so the page keeps JavaScript; the store's own scripts are answered empty, and nothing
    // takes over what the server drew.
    test.beforeEach(async ({ page }) => {
      await page.route(/\/assets\/.+\.js$/, (route) => route.fulfill({ contentType: "text/javascript", body: "" }));
    });

    test(`the cart's answer and checkout's refusal, drawn by the server, have no serious accessibility finding (${language})`, async ({
      page,
      context,
    }) => {
      await inLanguage(context, language);
      await page.goto("/shop");
      const name = toolName("Wheel Marking Gauge", language);
      await page.getByRole("button", { name: `${t.cart.add}: ${name}`, exact: true }).click();
      await expect(page.locator("main").getByRole("status")).toHaveText(said.cart.added);
      await expect(page.locator("html[data-hydrated]")).toHaveCount(0);
      await expectAccessibleScreen(page, "/cart", "Add to cart's answer, without JavaScript");

      await registerViaApi(page);
      await page.goto("/checkout");
      // The division chosen and no district: the server answers with the district's message, and its districts.
      await fillDelivery(page, DELIVERY, t, { district: false });
      await page.getByRole("button", { name: t.checkout.place }).click();
      await expect(page.getByText(said.delivery.district_required)).toBeVisible();
      await expect(page.locator("html[data-hydrated]")).toHaveCount(0);
      await expectAccessibleScreen(page, "/checkout", "a refusal drawn by the server, without JavaScript");
    });

    test(`Delivery charges' refusal, drawn by the server, has no serious accessibility finding (${language})`, async ({
      page,
      context,
    }) => {
      await signInViaApi(page.request, DEMO_ADMIN);
      await inLanguage(context, language);
      await page.goto("/dashboard/delivery");
      // Dhaka in two zones: refused, nothing saved.
      const suburbs = page.getByTestId("zone-dhaka_suburbs");
      await suburbs.getByRole("checkbox", { name: language === "bn" ? "ঢাকা" : "Dhaka", exact: true }).check();
      await page.getByRole("button", { name: pagesOf(t).deliveryPage.save }).click();
      await expect(suburbs.getByText(said.zone.district_twice)).toBeVisible();
      await expect(page.locator("html[data-hydrated]")).toHaveCount(0);
      await expectAccessibleScreen(page, "/dashboard/delivery", "a refusal drawn by the server, without JavaScript");
    });
  });

  test.describe(() => {
    test.use({ viewport: { width: 375, height: 812 } });

    test(`Delivery charges have no serious accessibility finding 375 px wide (${language})`, async ({
      page,
      context,
    }) => {
      await signInViaApi(page.request, DEMO_ADMIN);
      await inLanguage(context, language);
      await openScreen(page, "/dashboard/delivery");
      await expectAccessibleScreen(page, "/dashboard/delivery", "375 px wide");
      await page.getByRole("button", { name: t.sidebar.collapse }).click();
      await expectAccessibleScreen(page, "/dashboard/delivery", "375 px wide, the sidebar folded");
    });
  });
}
