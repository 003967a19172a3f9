import { BASE_URL, DEMO_ADMIN, registerViaApi, signIn } from "./accounts";
import { expectNoSeriousA11yFindings } from "./axe";
import type { Locator } from "@playwright/test";
import { expect, test } from "./fixtures";
import { deliveryOfItsOwn, orderViaApi, productNamed } from "./shop";

const PRODUCT = "Low-Angle Block Plane";
const CHARTS = ["revenue", "orders", "top", "methods"] as const;

/** The day-by-day tables fold under "The numbers": opens a chart's, if it has one and it is not open already. */
async function openNumbers(figure: Locator) {
  const fold = figure.locator("details");
  if ((await fold.count()) && !(await fold.evaluate((d: HTMLDetailsElement) => d.open))) {
    await fold.locator("summary").click();
  }
}

test("the admin opens the overview from the sidebar: four charts with their tables, a period to choose, in English and Bangla", async ({
  page,
  browser,
}) => {
  // A customer's cash-on-delivery order, collected by the admin: money kept today.
  const buyer = await browser.newPage();
  await registerViaApi(buyer);
  const plane = await productNamed(buyer.request, PRODUCT);
  const orderId = await orderViaApi(buyer, plane._id, 20, deliveryOfItsOwn());
  const cod = await buyer.request.post(`/api/order/${orderId}/cash-on-delivery`, { headers: { Origin: BASE_URL } });
  expect(cod.ok(), await cod.text()).toBe(true);
  await buyer.close();

  await page.goto("/login");
  await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Log Out" })).toBeVisible();
  const collected = await page.request.post(`/api/order/${orderId}/collect`, { headers: { Origin: BASE_URL } });
  expect(collected.ok(), await collected.text()).toBe(true);

  await page.goto("/dashboard");
  const sidebar = page.getByRole("navigation", { name: "Dashboard" });
  await expect(sidebar.getByRole("link").first()).toHaveText(/Overview$/);
  await sidebar.getByRole("link", { name: "Overview" }).click();
  await expect(page).toHaveURL(/\/dashboard\/overview$/);
  await expect(page.getByRole("heading", { name: "Overview", level: 2 })).toBeVisible();
  await expect(page.getByRole("link", { name: "Last 30 days" })).toHaveAttribute("aria-current", "page");

  for (const chart of CHARTS) {
    const figure = page.getByTestId(`chart-${chart}`);
    await expect(figure.locator("figcaption")).toBeVisible();
    await expect(figure.locator("svg[aria-hidden='true']")).toBeVisible();
    await openNumbers(figure);
    await expect(figure.getByRole("table")).toBeVisible();
  }
  await expect(page.getByTestId("chart-top").getByRole("rowheader", { name: PRODUCT })).toBeVisible();
  await expect(
    page.getByTestId("chart-methods").getByRole("row").filter({ hasText: "Cash on delivery" }),
  ).toBeVisible();
  await expectNoSeriousA11yFindings(page, "overview (English)");

  // Another period, by a plain link.
  await page.getByRole("link", { name: "Last 7 days" }).click();
  await expect(page).toHaveURL(/\?days=7$/);
  await expect(page.getByRole("link", { name: "Last 7 days" })).toHaveAttribute("aria-current", "page");
  await openNumbers(page.getByTestId("chart-revenue"));
  // A header row and one a day.
  await expect(page.getByTestId("chart-revenue").getByRole("row")).toHaveCount(8);

  // Bangla: the same page, in Bengali digits.
  await page.getByRole("button", { name: "বাংলায় দেখুন (Show in Bangla)" }).click();
  await expect(page.getByRole("heading", { name: "সারসংক্ষেপ", level: 2 })).toBeVisible();
  await expect(page.getByRole("link", { name: "গত ৭ দিন" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByTestId("tile-revenue")).toContainText(/[০-৯]/);
  await expect(page.getByTestId("tile-revenue")).not.toContainText(/[0-9]/);
  await openNumbers(page.getByTestId("chart-revenue"));
  await expect(page.getByTestId("chart-revenue").getByRole("table")).toContainText("৳");
  await expectNoSeriousA11yFindings(page, "overview (Bangla)");
});

test.describe(() => {
  test.use({ allowedConsoleErrors: [/status of 403 \(Forbidden\)/] });

  test("a customer is told the overview is for admins", async ({ page }) => {
    await registerViaApi(page);
    const res = await page.goto("/dashboard/overview");
    expect(res?.status()).toBe(403);
    await expect(page.getByRole("alert")).toContainText("admins");
  });
});
