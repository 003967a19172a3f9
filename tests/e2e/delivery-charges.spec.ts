import { pagesOf } from "./checkout";
import { request as newRequest, type Browser } from "@playwright/test";
import { BASE_URL, DEMO_ADMIN, registerViaApi } from "./accounts";
import {
  chargeTk,
  DEFAULT_RATES,
  fillDelivery,
  inLanguage,
  MESSAGES,
  money,
  parcelGrams,
  toolName,
  WORDS,
} from "./checkout";
import { expect, test } from "./fixtures";
import { DELIVERY, productNamed, signInViaApi, toast, waitForHydration } from "./shop";

// An admin changes what a zone charges at /dashboard/delivery, and the buyers' checkout and cart reckon with it. The
// charges are the store's own, read by every checkout, so this file runs after the other tests (playwright.config.ts)
// and its tests one at a time; each puts the zones back as they were.

test.describe.configure({ mode: "serial" });

/** The zones as they are now, and a way to put them back (through the API, as an admin). */
async function keepZones() {
  const admin = await newRequest.newContext({ baseURL: BASE_URL });
  await signInViaApi(admin, DEMO_ADMIN);
  const saved = (await (await admin.get("/api/delivery-zones")).json()) as { id: string }[];
  let done = false;
  return async () => {
    if (done) return;
    done = true;
    const res = await admin.put("/api/delivery-zones", { data: { zones: saved }, headers: { Origin: BASE_URL } });
    expect(res.ok(), await res.text()).toBe(true);
    await admin.dispose();
  };
}

async function adminOn(browser: Browser, scripted: boolean, language: "en" | "bn") {
  const context = await browser.newContext({ javaScriptEnabled: scripted });
  await inLanguage(context, language);
  const page = await context.newPage();
  await signInViaApi(context.request, DEMO_ADMIN);
  await page.goto("/dashboard/delivery");
  await expect(page.getByRole("heading", { name: pagesOf(WORDS[language]).deliveryPage.title })).toBeVisible();
  if (scripted) await waitForHydration(page);
  return page;
}

test("an admin raises the charges inside Dhaka city, and checkout charges the new rates; a placed order keeps its own", async ({
  page,
  browser,
}) => {
  const putBack = await keepZones();
  const t = WORDS.en;
  const admin = await adminOn(browser, true, "en");
  try {
    const city = admin.getByTestId("zone-dhaka_city");
    await expect(city.getByLabel(pagesOf(t).deliveryPage.firstKg)).toHaveValue(
      String(DEFAULT_RATES.dhaka_city.firstKg),
    );
    await expect(city.getByLabel(pagesOf(t).deliveryPage.perKg)).toHaveValue(String(DEFAULT_RATES.dhaka_city.perKg));
    await city.getByLabel(pagesOf(t).deliveryPage.firstKg).fill("90");
    await city.getByLabel(pagesOf(t).deliveryPage.perKg).fill("18");
    await admin.getByRole("button", { name: pagesOf(t).deliveryPage.save }).click();
    await expect(toast(admin, MESSAGES.en.zone.saved)).toBeVisible();
    await admin.reload();
    await expect(city.getByLabel(pagesOf(t).deliveryPage.firstKg)).toHaveValue("90");
    await expect(city.getByLabel(pagesOf(t).deliveryPage.perKg)).toHaveValue("18");
    // The other zones are as they were.
    const suburbs = admin.getByTestId("zone-dhaka_suburbs");
    await expect(suburbs.getByLabel(pagesOf(t).deliveryPage.firstKg)).toHaveValue(
      String(DEFAULT_RATES.dhaka_suburbs.firstKg),
    );

    // A buyer's Buy It Now to Dhaka: 40 try squares of 300 g are 12 kg, Tk 90 and Tk 18 for each of the other 11.
    await registerViaApi(page);
    const square = await productNamed(page.request, "Try Square 200 mm");
    const line = { name: square.name, quantity: 40 };
    const raised = chargeTk({ firstKg: 90, perKg: 18 }, parcelGrams([line]));
    expect(raised).toBe(288);
    await page.goto(`/detail/${square._id}`);
    await waitForHydration(page);
    await page.getByRole("button", { name: t.product.buy }).click();
    await fillDelivery(page, { ...DELIVERY, division: "Dhaka", district: "Dhaka" });
    await expect(page.getByText("Delivery charge (Inside Dhaka city, 12 kg)")).toBeVisible();
    await expect(page.getByTestId("checkout-delivery")).toHaveText("Tk 288");
    await expect(page.getByTestId("checkout-total")).toHaveText(money(40 * 560 + raised));
    // Gazipur is in the suburbs, still at their rates.
    await page.getByLabel(t.delivery.district).selectOption("Gazipur");
    await expect(page.getByTestId("checkout-delivery")).toHaveText(
      money(chargeTk(DEFAULT_RATES.dhaka_suburbs, parcelGrams([line]))),
    );
    await page.getByLabel(t.delivery.district).selectOption("Dhaka");
    await expect(page.getByTestId("checkout-delivery")).toHaveText("Tk 288");
    await page.getByRole("button", { name: t.checkout.place }).click();
    await expect(toast(page, MESSAGES.en.order.placed)).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/payment\/[0-9a-f-]{36}$/);
    const orderId = page.url().split("/").at(-1)!;
    await expect(page.getByTestId("payment-total")).toHaveText(money(40 * 560 + raised));

    // Back to the old rates: the order placed keeps the charge it was placed with.
    await putBack();
    await page.goto(`/dashboard/order/${orderId}`);
    await expect(page.getByTestId("order-lines").getByRole("row", { name: /^Delivery charge/ })).toHaveText(/Tk 288$/);
  } finally {
    await putBack();
    await admin.context().close();
  }
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("in Bangla: an admin changes the charges outside Dhaka by a plain form, and the cart's estimate follows", async ({
    page,
    context,
    browser,
  }) => {
    const putBack = await keepZones();
    const t = WORDS.bn;
    const admin = await adminOn(browser, false, "bn");
    try {
      const outside = admin.getByTestId("zone-outside_dhaka");
      await expect(outside.getByLabel(pagesOf(t).deliveryPage.firstKg)).toHaveValue(
        String(DEFAULT_RATES.outside_dhaka.firstKg),
      );
      await outside.getByLabel(pagesOf(t).deliveryPage.firstKg).fill("150");
      await outside.getByLabel(pagesOf(t).deliveryPage.perKg).fill("30");
      await admin.getByRole("button", { name: pagesOf(t).deliveryPage.save }).click();
      await expect(admin).toHaveURL(`${BASE_URL}/dashboard/delivery`);
      await admin.goto("/dashboard/delivery");
      await expect(outside.getByLabel(pagesOf(t).deliveryPage.firstKg)).toHaveValue("150");
      await expect(outside.getByLabel(pagesOf(t).deliveryPage.perKg)).toHaveValue("30");

      // A guest's cart of one card's tool: 100 card scraper sets of 150 g are 15 kg, ৳150 and ৳30 for each of 14.
      await inLanguage(context, "bn");
      const scraper = { name: "Card Scraper Set (3 pcs)", quantity: 100 };
      await page.goto("/shop");
      await page.getByRole("button", { name: `${t.cart.add}: ${toolName(scraper.name, "bn")}`, exact: true }).click();
      await expect(page).toHaveURL(`${BASE_URL}/cart`);
      await page.getByLabel(t.cart.estimateFor).selectOption("Sylhet");
      await page.getByRole("button", { name: t.cart.estimate }).click();
      const raised = chargeTk({ firstKg: 150, perKg: 30 }, parcelGrams([scraper]));
      expect(raised).toBe(570);
      await expect(page.getByTestId("cart-delivery")).toHaveText(money(raised, "bn"));
      await expect(page.getByTestId("cart-total")).toHaveText(money(100 * 380 + raised, "bn"));
    } finally {
      await putBack();
      await admin.context().close();
    }
  });
});
