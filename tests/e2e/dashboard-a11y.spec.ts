import { pagesOf } from "./checkout";
import type { BrowserContext, Page } from "@playwright/test";
import { bn } from "../../shared/words/bn";
import { en } from "../../shared/words/en";
import type { ScreenRoute } from "./a11y-routes";
import { BASE_URL, DEMO_ADMIN, registerViaApi } from "./accounts";
import { expectAccessibleScreen, openScreen } from "./axe";
import { expect, test } from "./fixtures";
import { DELIVERY, deliveryOfItsOwn, orderViaApi, productNamed, signInViaApi } from "./shop";

// axe-core (WCAG 2.1 A and AA) on every dashboard screen, a customer's and an admin's, in English and in Bangla:
// no serious or critical finding. Each screen is checked once its JavaScript has taken over, as people use it.
// Which route is checked where is listed in a11y-routes.ts (a test holds it to app/routes.ts). Besides each
// route's screen, the states people meet: My Orders' cancel question open, a refusal's error toast and a success
// toast, the sidebar folded and unfolded, My Orders 375 px wide; Manage Products' delete question and Manage
// Orders' cancel question (with its reason) open; My Profile's address book with an address; Delivery charges
// with a refused save's message.

const LANGUAGES = { en, bn } as const;
type Language = keyof typeof LANGUAGES;

async function inLanguage(context: BrowserContext, language: Language) {
  await context.addCookies([{ name: "randa.lang", value: language, url: BASE_URL }]);
}

async function check(page: Page, route: ScreenRoute, url: string) {
  await openScreen(page, url);
  await expectAccessibleScreen(page, route, url);
}

const openDialog = (page: Page) => page.locator("dialog[open]");

for (const [language, t] of Object.entries(LANGUAGES) as [Language, typeof en][]) {
  test(`a customer's dashboard screens have no serious accessibility finding (${language})`, async ({
    page,
    context,
  }) => {
    // Every customer screen, each analysed whole, with orders made for it: as the admins' test, more than 30 s.
    test.slow();
    await registerViaApi(page);
    const plane = await productNamed(page.request, "Low-Angle Block Plane");
    const unpaid = await orderViaApi(page, plane._id, 20, deliveryOfItsOwn());
    const cod = await orderViaApi(page, plane._id, 20, deliveryOfItsOwn());
    await page.request.post(`/api/order/${cod}/cash-on-delivery`, { headers: { Origin: BASE_URL } });
    // My Profile's address book shows it, with its forms.
    const saved = await page.request.post("/api/addresses", {
      data: { delivery: DELIVERY },
      headers: { Origin: BASE_URL },
    });
    expect(saved.ok(), await saved.text()).toBe(true);
    await inLanguage(context, language);
    for (const [route, url] of [
      ["/dashboard", "/dashboard"],
      ["/dashboard/profile", "/dashboard/profile"],
      ["/dashboard/orders", "/dashboard/orders"],
      ["/dashboard/reviews", "/dashboard/reviews"],
      ["/dashboard/payment/:orderId", `/dashboard/payment/${unpaid}`],
      ["/dashboard/order/:orderId", `/dashboard/order/${unpaid}`],
      ["/dashboard/order/:orderId", `/dashboard/order/${cod}`],
      ["/dashboard/orders/:orderId/invoice", `/dashboard/orders/${cod}/invoice`],
    ] as const) {
      await check(page, route, url);
    }
  });

  test(`a customer's dialogs, toasts and folded sidebar have no serious accessibility finding (${language})`, async ({
    page,
    context,
  }) => {
    await registerViaApi(page);
    const square = await productNamed(page.request, "Try Square 200 mm");
    const order = await orderViaApi(page, square._id, 40);
    await inLanguage(context, language);

    await openScreen(page, "/dashboard/orders");
    await page.getByRole("button", { name: t.orders.cancel, exact: true }).click();
    await expect(openDialog(page)).toBeVisible();
    await expectAccessibleScreen(page, "/dashboard/orders", "the cancel question open");
    // Cancelled meanwhile elsewhere: the Yes! is refused, with an error toast.
    await page.request.delete(`/api/order/${order}`, { headers: { Origin: BASE_URL } });
    await openDialog(page).getByRole("button", { name: t.orders.yes }).click();
    const refused = page.locator("[data-sonner-toast][data-type=error]");
    // Over the toast its five seconds wait, so it stays while axe reads it.
    await refused.hover();
    await expectAccessibleScreen(page, "/dashboard/orders", "an error toast");

    await openScreen(page, "/dashboard/profile");
    await page.getByRole("button", { name: t.profile.submit, exact: true }).click();
    await page.locator("[data-sonner-toast][data-type=success]").hover();
    await expectAccessibleScreen(page, "/dashboard/profile", "a success toast");

    await page.getByRole("button", { name: t.sidebar.collapse }).click();
    await expectAccessibleScreen(page, "/dashboard/profile", "the sidebar folded");
    await page.getByRole("button", { name: t.sidebar.expand }).click();
    await expectAccessibleScreen(page, "/dashboard/profile", "the sidebar unfolded again");

    await page.setViewportSize({ width: 375, height: 812 });
    await openScreen(page, "/dashboard/orders");
    await expectAccessibleScreen(page, "/dashboard/orders", "375 px wide");
    await page.getByRole("button", { name: t.sidebar.collapse }).click();
    await expectAccessibleScreen(page, "/dashboard/orders", "375 px wide, the sidebar folded");
  });

  test(`an admin's dashboard screens have no serious accessibility finding (${language})`, async ({
    page,
    context,
  }) => {
    // Every admin screen, each analysed whole: more than one test's usual 30 s on a loaded machine.
    test.slow();
    const plane = await productNamed(page.request, "Low-Angle Block Plane");
    await signInViaApi(page.request, DEMO_ADMIN);
    await inLanguage(context, language);
    const res = await page.request.get("/api/order?limit=1", { headers: { Origin: BASE_URL } });
    const [anyOrder] = (await res.json()) as { _id: string }[];
    const screens: [ScreenRoute, string][] = [
      ["/dashboard/overview", "/dashboard/overview"],
      ["/dashboard/overview", "/dashboard/overview?days=90"],
      ["/dashboard/profile", "/dashboard/profile"],
      ["/dashboard/addproduct", "/dashboard/addproduct"],
      ["/dashboard/manageproduct", "/dashboard/manageproduct"],
      ["/dashboard/manageproduct/:productId", `/dashboard/manageproduct/${plane._id}`],
      ["/dashboard/categories", "/dashboard/categories"],
      ["/dashboard/manageorder", "/dashboard/manageorder"],
      ["/dashboard/manageorder", "/dashboard/manageorder?status=refund-due"],
      // Cash-on-delivery orders awaiting the shop: the Confirm button, the note and the buyer's record.
      ["/dashboard/manageorder", "/dashboard/manageorder?status=cod"],
      ["/dashboard/delivery", "/dashboard/delivery"],
      ["/dashboard/admin", "/dashboard/admin"],
    ];
    if (anyOrder) {
      screens.push(
        ["/dashboard/order/:orderId", `/dashboard/order/${anyOrder._id}`],
        ["/dashboard/orders/:orderId/invoice", `/dashboard/orders/${anyOrder._id}/invoice`],
      );
    }
    for (const [route, url] of screens) await check(page, route, url);

    // Delivery charges with a district in two zones: refused, its message under the zone (nothing is saved).
    await openScreen(page, "/dashboard/delivery");
    const suburbs = page.getByTestId("zone-dhaka_suburbs");
    await suburbs.getByRole("checkbox", { name: language === "bn" ? "ঢাকা" : "Dhaka", exact: true }).check();
    await page.getByRole("button", { name: pagesOf(t).deliveryPage.save }).click();
    await expect(suburbs.getByRole("alert")).toBeVisible();
    await expectAccessibleScreen(page, "/dashboard/delivery", "a refused save, its message under the zone");
  });

  test(`an admin's dialogs have no serious accessibility finding (${language})`, async ({ page, context, browser }) => {
    const buyerPage = await browser.newPage();
    const buyer = await registerViaApi(buyerPage);
    const gauge = await productNamed(buyerPage.request, "Wheel Marking Gauge");
    await orderViaApi(buyerPage, gauge._id, 20);
    await buyerPage.close();
    await signInViaApi(page.request, DEMO_ADMIN);
    await inLanguage(context, language);

    await openScreen(page, `/dashboard/manageproduct?q=${encodeURIComponent(gauge.name)}`);
    const product = page.getByRole("row").filter({ hasText: gauge.name });
    await product.getByRole("button", { name: pagesOf(t).adminPages.delete, exact: true }).click();
    await expect(openDialog(page)).toBeVisible();
    await expectAccessibleScreen(page, "/dashboard/manageproduct", "the delete question open");
    await openDialog(page).getByRole("button", { name: t.admin.no }).click();
    await expect(openDialog(page)).toHaveCount(0);

    await openScreen(page, `/dashboard/manageorder?q=${encodeURIComponent(buyer.email)}`);
    await page.getByRole("button", { name: pagesOf(t).adminPages.cancel, exact: true }).click();
    await expect(openDialog(page)).toBeVisible();
    await expectAccessibleScreen(page, "/dashboard/manageorder", "the cancel question open");
    await openDialog(page).getByRole("button", { name: t.order.no }).click();
    await expect(openDialog(page)).toHaveCount(0);
  });
}
