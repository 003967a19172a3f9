import { registerViaApi } from "./accounts";
import { expect, test } from "./fixtures";
import { DELIVERY, orderViaApi, productNamed, waitForHydration } from "./shop";

test.describe("paying through SSLCommerz (a stand-in for its sandbox)", () => {
  test("the customer goes to the gateway, pays, and comes back to a paid order", async ({ page }) => {
    await registerViaApi(page);
    const saw = await productNamed(page.request, "Coping Saw with 5 Spare Blades");
    const orderId = await orderViaApi(page, saw._id, 100, DELIVERY);
    await page.goto(`/dashboard/payment/${orderId}`);
    await waitForHydration(page);
    await page.getByLabel("bKash, Nagad or card (SSLCommerz)").check();
    await page.getByRole("button", { name: "Pay with SSLCommerz" }).click();

    await expect(page.getByRole("heading", { name: "SSLCommerz sandbox" })).toBeVisible();
    await expect(page.getByText(/Pay BDT \d+\.\d\d to the store for Coping Saw/)).toBeVisible();
    await page.getByRole("button", { name: "Pay" }).click();

    await expect(page).toHaveURL(new RegExp(`/dashboard/payment/${orderId}\\?gateway=paid$`));
    await expect(page.getByText("Congrates, Your Payment Is Completed")).toBeVisible();
    await expect(page.getByRole("status")).toContainText(/RANDA-[0-9A-F]{8}-[0-9A-F]{12}/);

    await page.goto("/dashboard/orders");
    const row = page.getByRole("row").filter({ hasText: "Coping Saw with 5 Spare Blades" });
    await expect(row.getByRole("button", { name: "Paid" })).toBeDisabled();
  });

  test("a cancelled payment brings the customer back to the unpaid order with a word", async ({ page }) => {
    await registerViaApi(page);
    const saw = await productNamed(page.request, "Coping Saw with 5 Spare Blades");
    const orderId = await orderViaApi(page, saw._id, 100, DELIVERY);
    await page.goto(`/dashboard/payment/${orderId}`);
    await waitForHydration(page);
    await page.getByLabel("bKash, Nagad or card (SSLCommerz)").check();
    await page.getByRole("button", { name: "Pay with SSLCommerz" }).click();
    await page.getByRole("button", { name: "Cancel" }).click();

    await expect(page).toHaveURL(new RegExp(`/dashboard/payment/${orderId}\\?gateway=cancelled$`));
    await expect(page.getByText("You cancelled the payment.")).toBeVisible();
    await expect(page.getByText("Congrates, Your Payment Is Completed")).toHaveCount(0);
  });
});
