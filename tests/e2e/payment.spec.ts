import type { Page } from "@playwright/test";
import { registerViaApi } from "./accounts";
import { expect, test } from "./fixtures";
import { DELIVERY, orderViaApi, productNamed } from "./shop";

/** Opens the order's Pay link from My Orders, as a customer would. */
async function openPayment(page: Page, orderId: string) {
  await page.goto("/dashboard/orders");
  await page.locator(`a[href="/dashboard/payment/${orderId}"]`).click();
  await expect(page.getByRole("heading", { name: "Pay Order" })).toBeVisible();
}

async function fillCard(page: Page, number: string) {
  await page.getByLabel("Card number").fill(number);
  await page.getByLabel("Expiry").fill("12 / 34");
  await page.getByLabel("CVC").fill("123");
}

const orderRow = (page: Page, productName: string) => page.getByRole("row").filter({ hasText: productName });

test.describe("paying for an order", () => {
  test("a customer pays with 4242 4242 4242 4242 and My Orders shows the order paid", async ({ page }) => {
    const customer = await registerViaApi(page);
    const scraper = await productNamed(page.request, "Card Scraper Set (3 pcs)");
    const orderId = await orderViaApi(page, scraper._id, 100, DELIVERY);
    await openPayment(page, orderId);

    await expect(page.getByText(`Hello, ${customer.name}`)).toBeVisible();
    await expect(page.getByText("Please Pay for Card Scraper Set (3 pcs)")).toBeVisible();
    await expect(page.getByText("Tk 38,000")).toBeVisible();
    await expect(page.getByText("Test mode:")).toBeVisible();
    const pay = page.getByRole("button", { name: "Pay" });
    await expect(pay).toBeEnabled(); // the client secret has arrived

    await fillCard(page, "4242 4242 4242 4242");
    await pay.click();
    await expect(page.getByText("Congrates, Your Payment Is Completed")).toBeVisible();
    const transactionId = await page.locator("[role=status] .font-mono").textContent();
    expect(transactionId).toMatch(/^pi_test_[0-9a-f]+$/);

    await page.getByRole("link", { name: "Back to My Orders" }).click();
    const row = orderRow(page, "Card Scraper Set (3 pcs)");
    await expect(row.getByRole("button", { name: "Paid" })).toBeDisabled();
    await expect(row).toContainText(transactionId!);
    await expect(row.getByRole("button", { name: "Cancel" })).toHaveCount(0);

    // Opening the payment page of a paid order offers no second payment.
    await page.goto(`/dashboard/payment/${orderId}`);
    await expect(page.getByText("This order is paid.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Pay" })).toHaveCount(0);
  });

  test.describe(() => {
    // The declined card is answered 402; the browser logs that status.
    test.use({ allowedConsoleErrors: [/status of 402 \(Payment Required\)/] });

    test("a declined card shows the provider's message in red and the order stays unpaid", async ({ page }) => {
      await registerViaApi(page);
      const drill = await productNamed(page.request, "Eggbeater Hand Drill");
      const orderId = await orderViaApi(page, drill._id, 20, DELIVERY);
      await openPayment(page, orderId);

      await fillCard(page, "4000 0000 0000 0002");
      await page.getByRole("button", { name: "Pay" }).click();
      const error = page.getByRole("alert").filter({ hasText: "Your card was declined." });
      await expect(error).toBeVisible();
      await expect(error).toHaveCSS("color", "oklch(0.577 0.245 27.325)"); // Tailwind's red-600
      await expect(page.getByText("Congrates, Your Payment Is Completed")).toHaveCount(0);

      await page.goto("/dashboard/orders");
      const row = orderRow(page, "Eggbeater Hand Drill");
      await expect(row.getByRole("link", { name: "Pay" })).toBeVisible();
      await expect(row.getByRole("button", { name: "Paid" })).toHaveCount(0);
    });

    test("a mistyped card is caught before anything is charged", async ({ page }) => {
      await registerViaApi(page);
      const drill = await productNamed(page.request, "Eggbeater Hand Drill");
      const orderId = await orderViaApi(page, drill._id, 20, DELIVERY);
      await openPayment(page, orderId);

      await fillCard(page, "4242 4242 4242 4241");
      await page.getByRole("button", { name: "Pay" }).click();
      await expect(page.getByRole("alert").filter({ hasText: "Your card number is invalid." })).toBeVisible();
      await page.getByLabel("Card number").fill("4242 4242 4242 4242");
      await page.getByLabel("Expiry").fill("01 / 20");
      await page.getByRole("button", { name: "Pay" }).click();
      await expect(
        page.getByRole("alert").filter({ hasText: "Your card's expiration date is in the past." }),
      ).toBeVisible();
    });
  });
});
