import { request as newRequest, type Page } from "@playwright/test";
import type { Language } from "../../shared/languages";
import { BASE_URL, DEMO_ADMIN, registerViaApi } from "./accounts";
import {
  chargeTk,
  DEFAULT_RATES,
  fillDelivery,
  goodsTk,
  inLanguage,
  MESSAGES,
  money,
  pagesOf,
  parcelGrams,
  WORDS,
} from "./checkout";
import { expect, test } from "./fixtures";
import { deliveryOfItsOwn, productNamed, signInViaApi, toast, waitForHydration } from "./shop";

// An admin asks, at /dashboard/delivery, that cash on delivery outside Dhaka pay the delivery charge in advance. A
// buyer who then chooses cash on delivery to Sylhet is told so at checkout, lands on Pay Order with the charge to pay
// now and the rest to pay in cash, pays the charge by the test card, and the order becomes a confirmed
// cash-on-delivery order. The zones are the store's own, read by every checkout, so this file runs after the other
// tests (playwright.config.ts), its tests one at a time, and puts the zone back as it was.

test.describe.configure({ mode: "serial" });

interface ZoneJson {
  id: string;
  advanceDeliveryCharge: boolean;
}

/** Whether Outside Dhaka asked for the advance before this file changed it; put back after the last test. */
let advanceBefore: boolean | undefined;

async function zonesAsAdmin() {
  const admin = await newRequest.newContext({ baseURL: BASE_URL });
  await signInViaApi(admin, DEMO_ADMIN);
  const zones = (await (await admin.get("/api/delivery-zones")).json()) as ZoneJson[];
  return { admin, zones };
}

test.beforeAll(async () => {
  const { admin, zones } = await zonesAsAdmin();
  advanceBefore = zones.find((z) => z.id === "outside_dhaka")!.advanceDeliveryCharge;
  await admin.dispose();
});

test.afterAll(async () => {
  if (advanceBefore === undefined) return;
  // Only the field this file changed goes back: the other zones' rates are left as they are now.
  const { admin, zones } = await zonesAsAdmin();
  const back = zones.map((z) => (z.id === "outside_dhaka" ? { ...z, advanceDeliveryCharge: advanceBefore } : z));
  const res = await admin.put("/api/delivery-zones", { data: { zones: back }, headers: { Origin: BASE_URL } });
  expect(res.ok(), await res.text()).toBe(true);
  const now = (await (await admin.get("/api/delivery-zones")).json()) as ZoneJson[];
  expect(now.find((z) => z.id === "outside_dhaka")!.advanceDeliveryCharge).toBe(advanceBefore);
  await admin.dispose();
});

/** Pay Order's summary: what a term of it (a <dt>) says (its <dd>). */
const summaryOf = (page: Page, term: string) =>
  page.locator("dt", { hasText: term }).locator("xpath=following-sibling::dd[1]");

/** Pay Order's notice of the advance: the district, the charge now and the rest in cash. */
const advanceNotice = (language: Language, advance: number, rest: number) =>
  WORDS[language].payment.advanceNotice
    .replace("{{district}}", "Sylhet")
    .replace("{{advance}}", money(advance, language))
    .replace("{{rest}}", money(rest, language));

const sylhet = () => ({ ...deliveryOfItsOwn(), division: "Sylhet", district: "Sylhet", address: "Zindabazar, Lane 9" });

test("an admin asks for the delivery charge in advance outside Dhaka; a buyer's cash on delivery to Sylhet pays it by card first", async ({
  page,
  browser,
}) => {
  const t = WORDS.en;
  const tp = pagesOf(t);

  // The admin ticks the advance for Outside Dhaka, at its default rates, and saves.
  const adminContext = await browser.newContext();
  try {
    await inLanguage(adminContext, "en");
    await signInViaApi(adminContext.request, DEMO_ADMIN);
    const admin = await adminContext.newPage();
    await admin.goto("/dashboard/delivery");
    await expect(admin.getByRole("heading", { name: tp.deliveryPage.title })).toBeVisible();
    await waitForHydration(admin);
    const outside = admin.getByTestId("zone-outside_dhaka");
    await expect(outside.getByLabel(tp.deliveryPage.firstKg)).toHaveValue(String(DEFAULT_RATES.outside_dhaka.firstKg));
    await expect(outside.getByLabel(tp.deliveryPage.perKg)).toHaveValue(String(DEFAULT_RATES.outside_dhaka.perKg));
    const advanceBox = outside.getByLabel(tp.deliveryPage.advance);
    await expect(advanceBox).not.toBeChecked();
    await expect(outside.getByLabel(tp.deliveryPage.codAvailable)).toBeChecked();
    await advanceBox.check();
    await admin.getByRole("button", { name: tp.deliveryPage.save }).click();
    await expect(toast(admin, MESSAGES.en.zone.saved)).toBeVisible();
    await admin.reload();
    await expect(outside.getByLabel(tp.deliveryPage.advance)).toBeChecked();
    // The other zones take cash on delivery without it.
    await expect(admin.getByTestId("zone-dhaka_city").getByLabel(tp.deliveryPage.advance)).not.toBeChecked();
    await expect(admin.getByTestId("zone-dhaka_suburbs").getByLabel(tp.deliveryPage.advance)).not.toBeChecked();
  } finally {
    await adminContext.close();
  }

  // 100 F-clamps of 900 g are 90 kg to Sylhet: Tk 130 for the first kg and Tk 25 for each of the other 89.
  const line = { name: "F-Clamp 300 mm", quantity: 100 };
  const goods = goodsTk([line]);
  const charge = chargeTk(DEFAULT_RATES.outside_dhaka, parcelGrams([line]));
  expect(charge).toBe(2355);
  const total = goods + charge;

  // A buyer puts the tool in the cart and checks out to Sylhet, choosing cash on delivery.
  await registerViaApi(page);
  const clamp = await productNamed(page.request, line.name);
  await page.goto(`/detail/${clamp._id}`);
  await waitForHydration(page);
  await page.getByLabel(t.product.quantity).fill(String(line.quantity));
  await page.getByRole("button", { name: t.cart.add, exact: true }).click();
  await expect(toast(page, MESSAGES.en.cart.added)).toBeVisible();
  await page.goto("/checkout");
  await waitForHydration(page);
  await fillDelivery(page, sylhet(), t);
  await expect(page.getByTestId("checkout-delivery")).toHaveText(money(charge));
  await expect(page.getByTestId("checkout-total")).toHaveText(money(total));
  const cod = page.getByLabel(t.checkout.cod);
  await expect(cod).toBeEnabled();
  await cod.check();
  await expect(page.getByTestId("cod-advance")).toHaveText(
    "Cash on delivery there takes the delivery charge, Tk 2,355, online first; the rest is paid in cash.",
  );
  await page.getByRole("button", { name: t.checkout.place }).click();
  await expect(toast(page, MESSAGES.en.order.placed)).toBeVisible();

  // Pay Order: the order waits, unpaid, for the charge; the rest is paid in cash.
  await expect(page).toHaveURL(/\/dashboard\/payment\/[0-9a-f-]{36}$/);
  const orderId = page.url().split("/").at(-1)!;
  await expect(page.getByTestId("payment-total")).toHaveText(money(total));
  await expect(summaryOf(page, t.payment.advanceNow)).toHaveText(money(charge));
  await expect(page.getByTestId("payment-advance")).toHaveText("Tk 2,355");
  await expect(summaryOf(page, t.payment.advanceRest)).toHaveText(money(total - charge));
  await expect(page.getByText(advanceNotice("en", charge, total - charge))).toHaveText(
    "Cash on delivery to Sylhet takes the delivery charge first: pay Tk 2,355 now, online, and Tk 45,000 in cash when it arrives. Once the charge is paid, your order is confirmed.",
  );
  const ways = page.getByRole("group", { name: t.payment.howToPay });
  await expect(ways.getByRole("radio", { name: t.payment.byCard })).toBeChecked();
  await expect(ways.getByRole("radio", { name: t.payment.cod })).toHaveCount(0);
  await expect(ways).not.toContainText(t.payment.cod);

  // The charge is paid by the test card.
  const pay = page.getByRole("button", { name: t.payment.pay, exact: true });
  await expect(pay).toBeEnabled(); // the client secret has arrived
  await page.getByLabel(t.payment.cardNumber).fill("4242 4242 4242 4242");
  await page.getByLabel(t.payment.expiry).fill("12 / 34");
  await page.getByLabel(t.payment.cvc).fill("123");
  await pay.click();
  await expect(page.getByText(t.payment.congrats)).toBeVisible();

  // The order is a confirmed cash-on-delivery order: the charge paid, the rest in cash, and the history says why.
  await page.goto(`/dashboard/order/${orderId}`);
  await expect(page.getByTestId("order-lines").locator("tfoot tr")).toHaveText([
    `${t.order.payable}${money(goods)}`,
    `${t.order.deliveryCharge}${money(charge)}`,
    `${t.order.total}${money(total)}`,
    `${t.order.advance}${money(charge)}`,
    `${t.order.inCash}${money(total - charge)}`,
  ]);
  await expect(
    page.getByTestId("order-lines").getByRole("row", { name: /^Delivery charge paid in advance/ }),
  ).toHaveText(/Tk 2,355$/);
  await expect(page.getByTestId("order-lines").getByRole("row", { name: /^Paid in cash on delivery/ })).toHaveText(
    /Tk 45,000$/,
  );
  await expect(page.getByTestId("order-state")).toContainText(t.checkout.cod);
  const codStep = page.getByTestId("history").getByRole("listitem").filter({ hasText: t.order.events.cod });
  await expect(codStep).toHaveCount(1);
  await expect(codStep).toContainText(MESSAGES.en.order.advance_paid);
  await expect(codStep).toContainText("The delivery charge was paid in advance; the rest is paid in cash on delivery.");

  // Pay Order takes nothing more: the rest is the courier's to collect.
  await page.goto(`/dashboard/payment/${orderId}`);
  await expect(page.getByText(t.payment.codConfirmed)).toBeVisible();
  await expect(page.getByText(t.payment.codPayWhen.replace("{{amount}}", money(total - charge)))).toBeVisible();
  await expect(page.getByRole("button", { name: t.payment.pay, exact: true })).toHaveCount(0);
});

test("in Bangla: checkout and Pay Order say that cash on delivery to Sylhet takes the delivery charge first", async ({
  page,
  context,
}) => {
  const t = WORDS.bn;
  await inLanguage(context, "bn");
  // 100 F-clamps again: Tk 2,355 to Sylhet, ৳ and Bengali digits on the page.
  const line = { name: "F-Clamp 300 mm", quantity: 100 };
  const goods = goodsTk([line]);
  const charge = chargeTk(DEFAULT_RATES.outside_dhaka, parcelGrams([line]));
  const total = goods + charge;
  await registerViaApi(page);
  const clamp = await productNamed(page.request, line.name);
  await page.goto(`/checkout?productId=${clamp._id}&quantity=${line.quantity}`);
  await waitForHydration(page);
  await fillDelivery(page, sylhet(), t);
  await expect(page.getByTestId("checkout-delivery")).toHaveText(money(charge, "bn"));
  await page.getByLabel(t.checkout.cod).check();
  await expect(page.getByTestId("cod-advance")).toHaveText(
    t.checkout.codAdvance.replace("{{charge}}", money(charge, "bn")),
  );
  await page.getByRole("button", { name: t.checkout.place }).click();
  await expect(toast(page, MESSAGES.bn.order.placed)).toBeVisible();

  await expect(page).toHaveURL(/\/dashboard\/payment\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId("payment-advance")).toHaveText(money(charge, "bn"));
  await expect(summaryOf(page, t.payment.advanceNow)).toHaveText(money(charge, "bn"));
  await expect(summaryOf(page, t.payment.advanceRest)).toHaveText(money(total - charge, "bn"));
  await expect(page.getByText(advanceNotice("bn", charge, total - charge))).toBeVisible();
  const ways = page.getByRole("group", { name: t.payment.howToPay });
  await expect(ways.getByRole("radio", { name: t.payment.byCard })).toBeChecked();
  await expect(ways.getByRole("radio", { name: t.payment.cod })).toHaveCount(0);
});
