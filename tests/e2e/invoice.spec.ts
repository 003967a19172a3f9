import { registerViaApi } from "./accounts";
import { expectNoSeriousA11yFindings } from "./axe";
import { expect, test } from "./fixtures";
import { deliveryOfItsOwn, orderViaApi, productNamed, waitForHydration } from "./shop";
import { BASE_URL } from "./accounts";

// A4 in PDF points (1/72 in): 210 × 297 mm.
const A4 = { width: 595.28, height: 841.89 };

test("a buyer finds the invoice from My Orders, and it prints on one A4 page without the shop's chrome", async ({
  page,
}, testInfo) => {
  await registerViaApi(page);
  const plane = await productNamed(page.request, "Low-Angle Block Plane");
  const orderId = await orderViaApi(page, plane._id, 20, deliveryOfItsOwn());
  const cod = await page.request.post(`/api/order/${orderId}/cash-on-delivery`, { headers: { Origin: BASE_URL } });
  expect(cod.ok()).toBe(true);

  await page.goto("/dashboard/orders");
  await page.getByRole("row").filter({ hasText: "Low-Angle Block Plane" }).getByRole("link").first().click();
  await expect(page).toHaveURL(`/dashboard/order/${orderId}`);
  await page.getByRole("link", { name: "Invoice" }).click();
  await expect(page).toHaveURL(`/dashboard/orders/${orderId}/invoice`);

  const invoice = page.getByTestId("invoice");
  // The browser tests' shop is VAT-registered (SHOP_BIN, VAT_RATE 15 in playwright.config.ts): a Mushak-6.3.
  await expect(invoice.getByRole("heading", { name: /Mushak-6\.3\s*Tax invoice/ })).toBeVisible();
  await expect(page.getByTestId("invoice-number")).toHaveText(/^INV-\d{6}$/);
  await expect(invoice).toContainText("Low-Angle Block Plane");
  await expect(invoice).toContainText("20 Pis");
  await expect(page.getByTestId("invoice-in-words")).toContainText(/Taka Only$/);
  await expect(page.getByTestId("invoice-delivery")).toContainText("House 12, Road 3, Tongi");
  await expect(page.getByTestId("invoice-payment")).toContainText("To be paid in cash on delivery");
  await expect(page.getByTestId("mushak-seller-bin")).toHaveText("000123456-0101");
  await expect(page.getByTestId("mushak-serial")).toHaveText(/^\d{4}-\d{2}\/\d{6}$/);
  await expect(page.getByTestId("mushak-issued-at")).toHaveText(/^\d{2}:\d{2}$/);
  const line = page.getByTestId("mushak-line");
  await expect(line).toHaveCount(1);
  await expect(line).toContainText("15%");
  const lines = page.getByRole("table", { name: "Goods supplied, their value and VAT" });
  for (const column of ["Value without VAT", "VAT rate", "VAT", "Value with VAT"]) {
    await expect(lines.getByRole("columnheader", { name: column, exact: true })).toBeVisible();
  }
  await expect(page.getByTestId("mushak-total")).toContainText("15%");
  await waitForHydration(page);
  await expectNoSeriousA11yFindings(page);

  await page.emulateMedia({ media: "print" });
  await expect(invoice).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
  await expect(page.getByTestId("sidebar")).toBeHidden();
  await expect(page.getByRole("button", { name: "Print" })).toBeHidden();
  await expect(page.getByRole("heading", { name: "Welcome To DashBoard" })).toBeHidden();
  await expect(page.locator("footer")).toBeHidden();

  const pdf = await page.pdf({ preferCSSPageSize: true });
  await testInfo.attach("invoice.pdf", { body: pdf, contentType: "application/pdf" });
  const text = pdf.toString("latin1");
  const pages = [...text.matchAll(/\/Type\s*\/Page[^s]/g)];
  expect(pages, "pages in the printed invoice").toHaveLength(1);
  const box = /\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/.exec(text);
  expect(box, "the printed page's size").not.toBeNull();
  expect(Number(box![1])).toBeCloseTo(A4.width, 0);
  expect(Number(box![2])).toBeCloseTo(A4.height, 0);
});

test("the invoice in Bangla: Bengali digits and the amount in Bangla words", async ({ page, context }) => {
  await registerViaApi(page);
  const plane = await productNamed(page.request, "Low-Angle Block Plane");
  const orderId = await orderViaApi(page, plane._id, 20, deliveryOfItsOwn());
  await page.request.post(`/api/order/${orderId}/cash-on-delivery`, { headers: { Origin: BASE_URL } });
  await context.addCookies([{ name: "randa.lang", value: "bn", url: BASE_URL }]);

  await page.goto(`/dashboard/orders/${orderId}/invoice`);
  await expect(page.getByTestId("invoice").getByRole("heading", { name: /মূসক-৬\.৩\s*কর চালানপত্র/ })).toBeVisible();
  await expect(page.getByTestId("mushak-serial")).toHaveText(/^[০-৯]{4}-[০-৯]{2}\/[০-৯]{6}$/);
  await expect(page.getByTestId("invoice")).toContainText("২০ পিস");
  await expect(page.getByTestId("invoice-in-words")).toContainText(/টাকা মাত্র$/);
  await expect(page.getByRole("button", { name: "প্রিন্ট করুন" })).toBeVisible();
  await waitForHydration(page);
  await expectNoSeriousA11yFindings(page);
});
