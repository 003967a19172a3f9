import type { Page } from "@playwright/test";
import { BASE_URL, DEMO_ADMIN, registerViaApi, signIn } from "./accounts";
import { expect, test } from "./fixtures";
import { DELIVERY, orderViaApi, productNamed, toast, waitForHydration } from "./shop";

async function signInAsAdmin(page: Page, to: string) {
  await page.goto(`/login?redirectTo=${encodeURIComponent(to)}`);
  await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await expect(page).toHaveURL(`${BASE_URL}${to}`);
  await waitForHydration(page);
}

/** The open dialog: the closed ones on the page are hidden. */
const openDialog = (page: Page) => page.getByRole("dialog");

test.describe("the shop cancels and refunds", () => {
  test("an admin cancels an unpaid order with a reason: the buyer sees why, and the stock comes back", async ({
    page,
    browser,
  }) => {
    const buyerPage = await browser.newPage();
    const buyer = await registerViaApi(buyerPage);
    const chisels = await productNamed(buyerPage.request, "Bevel-Edge Chisel Set, 4 pcs (6, 12, 18, 25 mm)");
    const orderId = await orderViaApi(buyerPage, chisels._id, 40);
    await buyerPage.goto(`/detail/${chisels._id}`);
    await expect(buyerPage.getByTestId("availability")).toHaveText(`${chisels.Availability - 40} Pieces`);

    await signInAsAdmin(page, "/dashboard/manageorder");
    const row = page.getByRole("row").filter({ hasText: buyer.email });
    await expect(row).toContainText("Placed");
    await row.getByRole("button", { name: "Cancel" }).click();
    const dialog = openDialog(page);
    await expect(dialog).toContainText("Cancel the order for Bevel-Edge Chisel Set");
    await dialog.getByLabel("Reason (optional)").fill("The supplier stopped making this set");
    await dialog.getByRole("button", { name: "Yes!" }).click();
    await expect(toast(page, "Order cancelled")).toBeVisible();
    await expect(row).toContainText("Cancelled");
    await expect(row).toContainText("Cancelled by the shop: The supplier stopped making this set");
    await expect(row.getByRole("button", { name: "Cancel" })).toHaveCount(0);

    // The buyer's list keeps the order, cancelled, with the shop's reason, and nothing to pay or cancel.
    await buyerPage.goto("/dashboard/orders");
    const mine = buyerPage.getByRole("row").filter({ hasText: "Bevel-Edge Chisel Set" });
    await expect(mine).toContainText("Cancelled");
    await expect(mine).toContainText("Cancelled by the shop: The supplier stopped making this set");
    await expect(mine.getByRole("link", { name: "Pay" })).toHaveCount(0);
    await expect(mine.getByRole("button", { name: "Cancel" })).toHaveCount(0);

    await mine.getByRole("link", { name: /Bevel-Edge Chisel Set/ }).click();
    await expect(buyerPage).toHaveURL(`${BASE_URL}/dashboard/order/${orderId}`);
    await expect(buyerPage.getByRole("heading", { name: "Order Details" })).toBeVisible();
    await expect(buyerPage.getByTestId("cancel-note")).toHaveText(
      "Cancelled by the shop: The supplier stopped making this set",
    );
    const events = buyerPage.getByTestId("history").getByRole("listitem");
    await expect(events).toHaveText([
      /^Placed · .* · You$/,
      /^Cancelled · .* · ShopThe supplier stopped making this set$/,
    ]);

    // Its 40 pieces are back on the shelf.
    await buyerPage.goto(`/detail/${chisels._id}`);
    await expect(buyerPage.getByTestId("availability")).toHaveText(`${chisels.Availability} Pieces`);

    // And in Bangla.
    await buyerPage.context().addCookies([{ name: "randa.lang", value: "bn", url: BASE_URL }]);
    await buyerPage.goto(`/dashboard/order/${orderId}`);
    await expect(buyerPage.getByTestId("cancel-note")).toHaveText(
      "দোকান বাতিল করেছে: The supplier stopped making this set",
    );
    await expect(events.first()).toContainText("অর্ডার হয়েছে");
    await buyerPage.close();
  });

  test("a paid order the shop cancels is refund due, then refunded; the history tells it all", async ({
    page,
    browser,
  }) => {
    const buyerPage = await browser.newPage();
    const buyer = await registerViaApi(buyerPage);
    const plane = await productNamed(buyerPage.request, "Low-Angle Block Plane");
    const orderId = await orderViaApi(buyerPage, plane._id, 20, DELIVERY);

    // Pay Order says how long the stock is held, then takes the test card.
    await buyerPage.goto(`/dashboard/payment/${orderId}`);
    await expect(buyerPage.getByTestId("hold-notice")).toHaveText(
      /^We hold the stock for you until \d\d:\d\d — (59|60) minutes left\.$/,
    );
    const pay = buyerPage.getByRole("button", { name: "Pay" });
    await expect(pay).toBeEnabled();
    await buyerPage.getByLabel("Card number").fill("4242 4242 4242 4242");
    await buyerPage.getByLabel("Expiry").fill("12 / 34");
    await buyerPage.getByLabel("CVC").fill("123");
    await pay.click();
    await expect(buyerPage.getByText("Congrates, Your Payment Is Completed")).toBeVisible();

    // The admin opens the order from Manage Orders and cancels it there: its payment is now due back.
    await signInAsAdmin(page, "/dashboard/manageorder");
    const row = page.getByRole("row").filter({ hasText: buyer.email });
    await expect(row).toContainText("Paid");
    await row.getByRole("link", { name: "Low-Angle Block Plane" }).click();
    await expect(page).toHaveURL(`${BASE_URL}/dashboard/order/${orderId}`);
    await expect(page.getByRole("link", { name: "Back to Manage Orders" })).toBeVisible();
    await waitForHydration(page);
    await page.getByRole("button", { name: "Cancel Order" }).click();
    await expect(openDialog(page)).toContainText("Cancel the paid order for Low-Angle Block Plane?");
    await openDialog(page).getByLabel("Reason (optional)").fill("Out of stock at the supplier");
    await openDialog(page).getByRole("button", { name: "Yes!" }).click();
    await expect(toast(page, "Order cancelled")).toBeVisible();
    await expect(page.getByTestId("order-state")).toHaveText("CancelledRefund due");

    // Manage Orders marks it, and refunds it.
    await page.getByRole("link", { name: "Back to Manage Orders" }).click();
    await expect(row).toContainText("Refund due");
    await row.getByRole("button", { name: "Refund" }).click();
    await expect(openDialog(page)).toContainText("Refund Tk");
    await openDialog(page).getByRole("button", { name: "Yes!" }).click();
    await expect(toast(page, "Payment refunded")).toBeVisible();
    await expect(row).toContainText("Refunded");
    await expect(row.getByRole("button", { name: "Refund" })).toHaveCount(0);

    // The buyer is told, in My Orders and on the order, and the history lists every step.
    await buyerPage.goto("/dashboard/orders");
    const mine = buyerPage.getByRole("row").filter({ hasText: "Low-Angle Block Plane" });
    await expect(mine).toContainText("Your payment for this order was refunded.");
    await expect(mine).toContainText("Cancelled by the shop: Out of stock at the supplier");
    await buyerPage.goto(`/dashboard/order/${orderId}`);
    await expect(buyerPage.getByTestId("refund-note")).toHaveText("Your payment for this order was refunded.");
    const statuses = (await buyerPage.getByTestId("history").getByRole("listitem").allTextContents()).map(
      (item) => item.split(" · ")[0],
    );
    expect(statuses.filter((s) => s !== "Payment started")).toEqual([
      "Placed",
      "Paid",
      "Cancelled",
      "Refund due",
      "Refunded",
    ]);
    const history = buyerPage.getByTestId("history");
    await expect(history.getByRole("listitem").filter({ hasText: /^Paid/ })).toContainText("Test card");
    await expect(history.getByRole("listitem").filter({ hasText: /^Cancelled/ })).toContainText(
      "ShopOut of stock at the supplier",
    );
    await expect(history.getByRole("listitem").filter({ hasText: /^Refund due/ })).toContainText(
      "This order was cancelled.",
    );
    await buyerPage.close();
  });

  test("a buyer cancels their own order from its order view as from My Orders, and it leaves their list", async ({
    page,
  }) => {
    await registerViaApi(page);
    const gauge = await productNamed(page.request, "Wheel Marking Gauge");
    const orderId = await orderViaApi(page, gauge._id, 20);
    await page.goto(`/dashboard/order/${orderId}`);
    await expect(page.getByText(/^Holds the stock until \d+ \w+ \d{4}, \d\d:\d\d\.$/)).toBeVisible();
    await expect(page.getByRole("link", { name: "Pay" })).toHaveAttribute("href", `/dashboard/payment/${orderId}`);
    await waitForHydration(page);
    await page.getByRole("button", { name: "Cancel Order" }).click();
    await expect(openDialog(page)).toContainText("Are You Sure? You Want To Cancel Wheel Marking Gauge");
    await expect(openDialog(page).getByLabel("Reason (optional)")).toHaveCount(0);
    await openDialog(page).getByRole("button", { name: "Yes!" }).click();
    await expect(page).toHaveURL(`${BASE_URL}/dashboard/orders`);
    await expect(toast(page, "Removed Order")).toBeVisible();
    await expect(page.getByRole("row").filter({ hasText: "Wheel Marking Gauge" })).toHaveCount(0);
  });
});
