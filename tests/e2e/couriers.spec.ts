import { request, type Browser, type Page } from "@playwright/test";
import { steadfast } from "../../playwright.config";
import { BASE_URL, DEMO_ADMIN, registerViaApi, signIn } from "./accounts";
import { expectAccessibleScreen, openScreen } from "./axe";
import { mainWidth } from "./checkout";
import { expect, test } from "./fixtures";
import { DELIVERY, orderViaApi, productNamed, signInViaApi, toast, waitForHydration } from "./shop";

// A6 in PDF points (1/72 in): 105 × 148 mm.
const A6 = { width: 297.64, height: 419.53 };

/** The demo admin records `pieces` received of a tool, so that an order here leaves its stock as other tests found it. */
async function receive(productId: string, pieces: number) {
  const admin = await request.newContext({ baseURL: BASE_URL });
  await signInViaApi(admin, DEMO_ADMIN);
  const res = await admin.post(`/api/product/${productId}/stock`, {
    data: { reason: "received", change: pieces, note: "For a courier test's order" },
    headers: { Origin: BASE_URL },
  });
  expect(res.ok(), await res.text()).toBe(true);
  await admin.dispose();
}

/**
 * A buyer of their own, with an order of 20 pieces of a demo tool paid by the demo's test card: what the shop books a
 * parcel for. The 20 pieces are received first: the demo's stock is shared by the whole browser suite, and this file
 * alone orders more rasps than the demo shelf holds.
 */
async function aPaidOrder(browser: Browser, tool = "Cabinet Rasp 250 mm") {
  const page = await browser.newPage();
  const buyer = await registerViaApi(page);
  const saw = await productNamed(page.request, tool);
  await receive(saw._id, 20);
  const orderId = await orderViaApi(page, saw._id, 20, DELIVERY);
  const intent = await page.request.post("/api/create-payment-intent", {
    data: { orderId },
    headers: { Origin: BASE_URL },
  });
  expect(intent.ok()).toBe(true);
  const { clientSecret } = (await intent.json()) as { clientSecret: string };
  const paid = await page.request.post("/api/payments/test/confirm", {
    data: {
      clientSecret,
      card: { number: "4242 4242 4242 4242", expMonth: 12, expYear: 2034, cvc: "123" },
      billingDetails: { name: "Karim", email: buyer.email },
    },
    headers: { Origin: BASE_URL },
  });
  expect(paid.ok(), await paid.text()).toBe(true);
  return { page, buyer, orderId };
}

async function signInAsAdmin(page: Page, to: string) {
  await page.goto(`/login?redirectTo=${encodeURIComponent(to)}`);
  await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await expect(page).toHaveURL(`${BASE_URL}${to}`);
  await waitForHydration(page);
}

/** The slips printed as the browser prints them: how many pages, and the first page's size in points. */
async function printed(page: Page) {
  const pdf = await page.pdf({ preferCSSPageSize: true });
  const text = pdf.toString("latin1");
  const box = /\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/.exec(text);
  return {
    pages: [...text.matchAll(/\/Type\s*\/Page[^s]/g)].length,
    width: Number(box?.[1]),
    height: Number(box?.[2]),
  };
}

async function expectOnePagePerSlip(page: Page, slips: number) {
  await page.emulateMedia({ media: "print" });
  await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
  await expect(page.getByRole("button", { name: "Print" })).toBeHidden();
  const pdf = await printed(page);
  expect(pdf.pages, "pages printed").toBe(slips);
  expect(pdf.width).toBeCloseTo(A6.width, 0);
  expect(pdf.height).toBeCloseTo(A6.height, 0);
  await page.emulateMedia({ media: "screen" });
}

test.describe("booking parcels with a courier", () => {
  // Each test books through the courier's stand-in and prints PDFs: slower than a page visit.
  test.describe.configure({ timeout: 120_000 });

  test("the admin books an order from its view, prints its slip on one A6 page, and the buyer follows the parcel", async ({
    page,
    browser,
  }) => {
    const { page: buyerPage, orderId } = await aPaidOrder(browser);
    await signInAsAdmin(page, `/dashboard/order/${orderId}`);
    await page.getByRole("button", { name: "Book courier" }).click();
    await expect(toast(page, "Booked with the courier: tracking code")).toBeVisible();
    const code = (await page.getByTestId("tracking-code").textContent())!.trim();
    expect(code).toMatch(/^[A-Z0-9]{8}$/);
    await expect(page.getByTestId("parcel-steps")).toContainText("Booked with the courier");
    await expect(page.getByRole("button", { name: "Book courier" })).toHaveCount(0);
    await expectAccessibleScreen(page, "/dashboard/order/:orderId", "a booked parcel");

    await page.getByRole("link", { name: "Packing slip" }).click();
    await expect(page).toHaveURL(`${BASE_URL}/dashboard/slips?order=${orderId}`);
    const slip = page.getByTestId("packing-slip");
    await expect(slip).toHaveCount(1);
    await expect(slip).toContainText(DELIVERY.name);
    await expect(slip).toContainText(DELIVERY.phone);
    await expect(slip).toContainText("Cabinet Rasp 250 mm");
    await expect(slip).toContainText("Paid: collect nothing");
    await expect(page.getByTestId("slip-tracking-code")).toHaveText(code);
    await expect(slip.getByRole("img", { name: `QR code of the tracking code ${code}` })).toBeVisible();
    await waitForHydration(page);
    await expectAccessibleScreen(page, "/dashboard/slips", "one slip");
    await expectOnePagePerSlip(page, 1);

    // The buyer sees the steps on the order view, and follows the public page.
    await buyerPage.goto(`/dashboard/order/${orderId}`);
    await expect(buyerPage.getByTestId("tracking-code")).toHaveText(code);
    await expect(buyerPage.getByRole("link", { name: "Packing slip" })).toHaveCount(0);
    await buyerPage.getByRole("link", { name: "Follow the parcel" }).click();
    await expect(buyerPage).toHaveURL(`${BASE_URL}/track/${code}`);
    await expect(buyerPage.getByRole("heading", { name: "Follow your parcel" })).toBeVisible();
    await expect(buyerPage.getByTestId("parcel-state")).toHaveText("Booked with the courier");
    await expectAccessibleScreen(buyerPage, "/track/:trackingCode", "a booked parcel");
    await buyerPage.close();
  });

  test("the admin books two orders at once in Manage Orders, sees each code, and prints a page per slip", async ({
    page,
    browser,
  }) => {
    const first = await aPaidOrder(browser);
    const second = await aPaidOrder(browser, "Wheel Marking Gauge");
    await signInAsAdmin(page, "/dashboard/manageorder");
    for (const { buyer } of [first, second]) {
      await page
        .getByRole("row")
        .filter({ hasText: buyer.email })
        .getByRole("checkbox", { name: /^Choose this order/ })
        .check();
    }
    await page.getByRole("button", { name: "Book the chosen orders with Steadfast" }).click();
    const results = page.getByTestId("booking-result");
    await expect(results).toHaveCount(2);
    for (const { orderId } of [first, second]) {
      await expect(page.locator(`[data-testid=booking-result][data-order="${orderId}"]`)).toContainText(
        /Booked: [A-Z0-9]{8}$/,
      );
    }
    await expectAccessibleScreen(page, "/dashboard/manageorder", "two orders booked");

    await page.getByRole("link", { name: "Print the packing slips of the orders booked" }).click();
    await expect(page.getByTestId("packing-slip")).toHaveCount(2);
    await waitForHydration(page);
    await expectAccessibleScreen(page, "/dashboard/slips", "two slips");
    await expectOnePagePerSlip(page, 2);
    await first.page.close();
    await second.page.close();
  });

  test("a courier that refuses says why beside the order, and the order stays to be booked", async ({
    page,
    browser,
  }) => {
    const { orderId, page: buyerPage } = await aPaidOrder(browser);
    const refuse = await page.request.post(`${steadfast.url}/__stand-in/refuse-next`, {
      data: { field: "recipient_address", message: "The recipient address is not in our service area." },
    });
    expect(refuse.ok()).toBe(true);
    await signInAsAdmin(page, `/dashboard/order/${orderId}`);
    await page.getByRole("button", { name: "Book courier" }).click();
    await expect(page.getByTestId("booking-refused")).toHaveText(
      "The courier refused the parcel: The recipient address is not in our service area.",
    );
    await expect(page.getByTestId("order-state")).toContainText("Paid");
    await expect(page.getByRole("button", { name: "Book courier" })).toBeVisible();
    await expectAccessibleScreen(page, "/dashboard/order/:orderId", "a refused booking");
    await buyerPage.close();
  });

  test.describe("when the courier's answer is lost", () => {
    // The lost booking is answered 502 (the courier did not answer), which the browser logs.
    test.use({ allowedConsoleErrors: [/status of 502 \(Bad Gateway\)/] });

    test("a booking whose answer was lost is recorded by the ids the courier's portal shows, and the order shipped", async ({
      page,
      browser,
    }) => {
      const { orderId, page: buyerPage } = await aPaidOrder(browser);
      // Steadfast books the parcel, then its answer is lost (a 500).
      const lose = await page.request.post(`${steadfast.url}/__stand-in/lose-next`, { data: { how: "error" } });
      expect(lose.ok()).toBe(true);
      await signInAsAdmin(page, `/dashboard/order/${orderId}`);
      await page.getByRole("button", { name: "Book courier" }).click();
      await expect(page.getByTestId("booking-refused")).toHaveText(
        "The courier did not answer, so nothing is booked yet: try again in a minute",
      );
      await expect(page.getByTestId("record-instead")).toHaveText(
        "If the parcel is already in the courier's portal, record it below.",
      );
      await expect(page.getByTestId("order-state")).toContainText("Paid");
      const made = (await (await page.request.get(`${steadfast.url}/__stand-in/lost`)).json()) as {
        consignment_id: number;
        tracking_code: string;
      };

      const form = page.getByTestId("record-parcel");
      await expect(form.getByRole("heading", { name: "Booked in the courier's portal" })).toBeVisible();
      await form.getByLabel("Consignment id").fill("99999999");
      await form.getByLabel("Tracking code").fill(made.tracking_code);
      await form.getByRole("button", { name: "Record the parcel" }).click();
      await expect(form.getByText("The courier does not know this consignment: Consignment not found.")).toBeVisible();
      await expect(form.getByLabel("Tracking code")).toHaveValue(made.tracking_code);
      await expectAccessibleScreen(page, "/dashboard/order/:orderId", "a refused parcel to record");

      await form.getByLabel("Consignment id").fill(String(made.consignment_id));
      await form.getByRole("button", { name: "Record the parcel" }).click();
      await expect(
        toast(page, `Recorded the parcel the courier holds: tracking code ${made.tracking_code}`),
      ).toBeVisible();
      await expect(page.getByTestId("tracking-code")).toHaveText(made.tracking_code);
      await expect(page.getByTestId("order-state")).toContainText("Shipped");
      await expect(page.getByTestId("record-parcel")).toHaveCount(0);
      await buyerPage.close();
    });
  });

  test("a partly delivered parcel: the admin counts the pieces that came back, and the order is delivered", async ({
    page,
    browser,
  }) => {
    const { orderId, page: buyerPage } = await aPaidOrder(browser);
    await signInAsAdmin(page, `/dashboard/order/${orderId}`);
    await page.getByRole("button", { name: "Book courier" }).click();
    const code = (await page.getByTestId("tracking-code").textContent())!.trim();
    // Steadfast says the buyer kept part of the parcel.
    const moved = await page.request.post(`${steadfast.url}/__stand-in/move`, {
      data: { trackingCode: code, status: "partial_delivered" },
    });
    expect(moved.ok()).toBe(true);
    const news = await page.request.post("/api/couriers/steadfast/webhook", {
      data: await moved.json(),
      headers: { Authorization: `Bearer ${steadfast.webhookToken}` },
    });
    expect(news.ok(), await news.text()).toBe(true);

    await page.reload();
    await waitForHydration(page);
    await expect(page.getByRole("heading", { name: "Part of the parcel came back" })).toBeVisible();
    const count = page.getByLabel("Pieces back of Cabinet Rasp 250 mm (of 20)");
    await expect(count).toHaveValue("0");
    await expectAccessibleScreen(page, "/dashboard/order/:orderId", "a partly delivered parcel");
    await count.fill("3");
    await page.getByRole("button", { name: "Parcel received back" }).click();
    await expect(toast(page, "Parcel received back")).toBeVisible();
    await expect(page.getByTestId("order-state")).toContainText("Delivered");
    await expect(page.getByRole("heading", { name: "Part of the parcel came back" })).toHaveCount(0);
    await buyerPage.close();
  });

  test("a stranger with the code sees the steps, in English and Bangla, at 360 px, and nobody's details", async ({
    browser,
  }) => {
    const { orderId, page: buyerPage } = await aPaidOrder(browser);
    const admin = await browser.newPage();
    await signInAsAdmin(admin, `/dashboard/order/${orderId}`);
    await admin.getByRole("button", { name: "Book courier" }).click();
    const code = (await admin.getByTestId("tracking-code").textContent())!.trim();
    await admin.close();

    const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
    const stranger = await context.newPage();
    await openScreen(stranger, `/track/${code}`);
    await expect(stranger.getByTestId("tracking-code")).toHaveText(code);
    const text = await stranger.locator("main").innerText();
    for (const secret of [DELIVERY.name, DELIVERY.phone, DELIVERY.address]) expect(text).not.toContain(secret);
    expect(await mainWidth(stranger)).toBeLessThanOrEqual(360);
    await expect(stranger.locator("script[src]")).toHaveCount(0);
    await expectAccessibleScreen(stranger, "/track/:trackingCode", "at 360 px");

    await context.addCookies([{ name: "randa.lang", value: "bn", url: BASE_URL }]);
    await openScreen(stranger, `/track/${code}`);
    await expect(stranger.getByRole("heading", { name: "আপনার পার্সেল অনুসরণ করুন" })).toBeVisible();
    await expectAccessibleScreen(stranger, "/track/:trackingCode", "in Bangla");

    await openScreen(stranger, "/track/NOSUCHCODE1", 404);
    await expect(stranger.getByRole("heading", { name: "এই ট্র্যাকিং কোডের কোনো পার্সেল নেই" })).toBeVisible();
    await expectAccessibleScreen(stranger, "/track/:trackingCode", "an unknown code, in Bangla");
    await context.close();
    await buyerPage.close();
  });

  test("the slips and Manage Orders in Bangla", async ({ page, browser, context }) => {
    const { orderId, page: buyerPage } = await aPaidOrder(browser);
    await signInAsAdmin(page, "/dashboard/manageorder");
    await context.addCookies([{ name: "randa.lang", value: "bn", url: BASE_URL }]);
    await page.reload();
    await waitForHydration(page);
    const row = page.getByRole("row").filter({ has: page.locator(`a[href="/dashboard/order/${orderId}"]`) });
    await row.getByRole("button", { name: "কুরিয়ার বুক করুন" }).click();
    await expect(page.getByTestId("booking-result")).toContainText("বুক হয়েছে");
    await expectAccessibleScreen(page, "/dashboard/manageorder", "a booking, in Bangla");
    await page.goto(`/dashboard/slips?order=${orderId}`);
    await expect(page.getByTestId("packing-slip")).toContainText("পরিশোধিত: কিছু আদায় করবেন না");
    await waitForHydration(page);
    await expectAccessibleScreen(page, "/dashboard/slips", "in Bangla");
    await buyerPage.close();
  });
});
