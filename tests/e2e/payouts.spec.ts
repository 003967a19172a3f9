import type { Browser, Page } from "@playwright/test";
import { steadfast } from "../../playwright.config";
import { BASE_URL, DEMO_ADMIN, registerViaApi, signIn } from "./accounts";
import { expectAccessibleScreen } from "./axe";
import { mainWidth } from "./checkout";
import { expect, test } from "./fixtures";
import { DELIVERY, orderViaApi, toast, waitForHydration } from "./shop";

const write = { headers: { Origin: BASE_URL } };

/**
 * A buyer's cash-on-delivery order of 20 pieces, confirmed by the shop, booked with Steadfast (the stand-in), and
 * delivered by Steadfast's webhook, which reports the cash it collected and its 60 Tk charge.
 */
async function aDeliveredCashParcel(browser: Browser, admin: Page) {
  const buyerPage = await browser.newPage();
  await registerViaApi(buyerPage);
  // The tool with the most stock: other specs buy the demo's tools too.
  const tools = (await (await buyerPage.request.get("/api/product")).json()) as {
    _id: string;
    name: string;
    Availability: number;
    minimumQuantity: number;
    variants?: unknown[];
  }[];
  const tool = tools
    .filter((p) => (p.variants?.length ?? 1) === 1 && p.minimumQuantity === 20)
    .reduce((most, p) => (p.Availability > most.Availability ? p : most));
  const orderId = await orderViaApi(buyerPage, tool._id, 20, DELIVERY);
  expect((await buyerPage.request.post(`/api/order/${orderId}/cash-on-delivery`, write)).ok()).toBe(true);
  await buyerPage.close();
  expect((await admin.request.post(`/api/order/${orderId}/confirm`, write)).ok()).toBe(true);
  const booked = await admin.request.post(`/api/order/${orderId}/courier`, {
    ...write,
    data: { courier: "steadfast" },
  });
  expect(booked.ok(), await booked.text()).toBe(true);
  const { consignmentId } = (await booked.json()) as { consignmentId: string };
  const order = (await (await admin.request.get(`/api/order?q=${orderId}`)).json()) as { price: number }[];
  const collected = order[0]!.price * 20;
  const news = await admin.request.post("/api/couriers/steadfast/webhook", {
    headers: { Authorization: `Bearer ${steadfast.webhookToken}` },
    data: {
      notification_type: "delivery_status",
      consignment_id: Number(consignmentId),
      invoice: "INV-000000",
      cod_amount: collected,
      status: "delivered",
      delivery_charge: 60,
      tracking_message: "Delivered to the buyer",
      updated_at: new Date().toISOString().replace("T", " ").slice(0, 19),
    },
  });
  expect(await news.json()).toEqual({ status: "success", message: "taken" });
  return { orderId, collected };
}

async function signInAsAdmin(page: Page, to: string) {
  await page.goto(`/login?redirectTo=${encodeURIComponent(to)}`);
  await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await expect(page).toHaveURL(`${BASE_URL}${to}`);
  await waitForHydration(page);
}

const tk = (n: number) => n.toFixed(2);

test.describe("courier payouts", () => {
  test.describe.configure({ timeout: 120_000 });

  test("the admin ticks the parcels of Steadfast's statement, is told the right sum, and records the payout", async ({
    page,
    browser,
  }) => {
    await signInAsAdmin(page, "/dashboard/payouts");
    const a = await aDeliveredCashParcel(browser, page);
    const b = await aDeliveredCashParcel(browser, page);
    await page.reload();
    await waitForHydration(page);
    await expect(page.getByRole("heading", { name: "Parcels whose cash Steadfast holds" })).toBeVisible();
    await expectAccessibleScreen(page, "/dashboard/payouts", "parcels held by Steadfast");

    const row = (orderId: string) => page.locator("tr", { has: page.locator(`input[value="${orderId}"]`) });
    await row(a.orderId).getByRole("checkbox").check();
    await row(b.orderId).getByRole("checkbox").check();
    const owed = a.collected - 60 + (b.collected - 60);
    await page.getByLabel("Amount received (Tk)").fill(tk(owed - 100));
    await page.getByLabel("The courier's reference (optional)").fill("SF-PAYOUT-1");
    await page.getByRole("button", { name: "Record payout" }).click();
    // Beside the amount: what the parcels come to, and the difference; what was typed and ticked stays.
    const refusal = page.locator("#amount-error");
    await expect(refusal).toContainText("The amounts do not add up");
    await expect(refusal).toContainText(String(owed));
    await expect(page.getByLabel("Amount received (Tk)")).toHaveValue(tk(owed - 100));
    await expect(row(a.orderId).getByRole("checkbox")).toBeChecked();
    await expectAccessibleScreen(page, "/dashboard/payouts", "a payout that does not add up");

    await page.getByLabel("Amount received (Tk)").fill(tk(owed));
    await page.getByRole("button", { name: "Record payout" }).click();
    await expect(toast(page, "Payout recorded")).toBeVisible();
    await expect(row(a.orderId)).toHaveCount(0);
    await expect(page.getByTestId("payout-row").first()).toContainText("SF-PAYOUT-1");

    // The order's history says it was settled; the overview counts the fees.
    await page.goto(`/dashboard/order/${a.orderId}`);
    await expect(page.getByText("Cash paid out by the courier")).toBeVisible();
    await page.goto("/dashboard/overview");
    await expect(page.getByTestId("tile-courier-fees")).toBeVisible();
  });

  test("in Bangla at 360 px, and without JavaScript", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 360, height: 780 } });
    const page = await context.newPage();
    await page.goto(`/login?redirectTo=${encodeURIComponent("/dashboard/payouts")}`);
    await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await expect(page).toHaveURL(`${BASE_URL}/dashboard/payouts`);
    await context.addCookies([{ name: "randa.lang", value: "bn", url: BASE_URL }]);
    const parcel = await aDeliveredCashParcel(browser, page);
    await page.reload();
    await expect(page.getByRole("heading", { name: "কুরিয়ারের পেমেন্ট", level: 2 })).toBeVisible();
    expect(await mainWidth(page)).toBeLessThanOrEqual(360);
    await page.locator(`input[value="${parcel.orderId}"]`).check();
    await page.getByLabel("যত টাকা এসেছে (টাকা)").fill(tk(parcel.collected - 60));
    await page.getByRole("button", { name: "পেমেন্ট লিখে রাখুন" }).click();
    await expect(page.locator(`input[value="${parcel.orderId}"]`)).toHaveCount(0);
    await expect(page.getByTestId("payout-row").first()).toBeVisible();
    await context.close();
  });
});
