import { DEMO_ADMIN, registerViaApi, signIn } from "./accounts";
import { expect, test } from "./fixtures";
import { toast, waitForHydration } from "./shop";

test("cash on delivery: from the detail page to delivered and collected by the admin", async ({ page, browser }) => {
  const customer = await registerViaApi(page);
  await page.goto("/");
  await page.getByRole("link", { name: "Product Detail: Low-Angle Block Plane" }).click();
  await waitForHydration(page);
  await page.getByRole("button", { name: "Buy It Now" }).click();
  await expect(toast(page, "Order Placed")).toBeVisible();

  await page.goto("/dashboard/orders");
  const row = page.getByRole("row").filter({ hasText: "Low-Angle Block Plane" });
  await expect(row).toContainText("Placed");
  await row.getByRole("link", { name: "Pay" }).click();
  await waitForHydration(page);

  // Delivery details come first; the name is prefilled from the account.
  await expect(page.getByLabel("Name")).toHaveValue(customer.name);
  await page.getByLabel("Mobile number").fill("0171234");
  await page.getByLabel("Division").selectOption("Chattogram");
  await page.getByLabel("District").selectOption("Cumilla");
  await page.getByLabel("Address (house, road, area)").fill("House 7, Kandirpar");
  await page.getByRole("button", { name: "Save Delivery Details" }).click();
  await expect(page.getByText("Enter a Bangladeshi mobile number: 11 digits starting 01")).toBeVisible();
  await page.getByLabel("Mobile number").fill("01812 345678");
  await page.getByRole("button", { name: "Save Delivery Details" }).click();
  await expect(page.getByText("Deliver to " + customer.name)).toBeVisible();
  await expect(page.getByText("House 7, Kandirpar, Cumilla, Chattogram")).toBeVisible();

  await page.getByLabel("Cash on delivery").check();
  await page.getByRole("button", { name: "Confirm Cash on Delivery" }).click();
  await expect(page.getByText("Your order is confirmed for cash on delivery.")).toBeVisible();
  await page.goto("/dashboard/orders");
  await expect(row).toContainText("Cash on delivery");
  await expect(row).toContainText("Pay on delivery");

  // The admin ships it, delivers it and records the cash.
  const admin = await browser.newPage();
  await admin.goto("/login?redirectTo=%2Fdashboard%2Fmanageorder");
  await signIn(admin, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await waitForHydration(admin);
  const adminRow = admin.getByRole("row").filter({ hasText: customer.email });
  await expect(adminRow).toContainText("01812345678");
  await adminRow.getByRole("button", { name: "Mark Shipped" }).click();
  await expect(toast(admin, "Order shipped")).toBeVisible();
  await adminRow.getByRole("button", { name: "Mark Delivered" }).click();
  await expect(toast(admin, "Order delivered")).toBeVisible();
  await adminRow.getByRole("button", { name: "Pay Bill" }).click();
  await admin.getByRole("dialog").getByRole("button", { name: "Yes!" }).click();
  await expect(toast(admin, "Cash collected")).toBeVisible();
  await expect(adminRow.getByRole("button", { name: "Paid" })).toBeDisabled();
  await expect(adminRow).toContainText(/COD-[0-9A-F]{16}/);
  await admin.close();

  await page.reload();
  await expect(row).toContainText("Delivered");
  await expect(row.getByRole("button", { name: "Paid" })).toBeDisabled();
  await expect(row.getByRole("button", { name: "Cancel" })).toHaveCount(0);
});
