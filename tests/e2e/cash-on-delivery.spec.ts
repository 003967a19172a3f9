import { DEMO_ADMIN, registerViaApi, signIn } from "./accounts";
import { expect, test } from "./fixtures";
import { toast, waitForHydration } from "./shop";

test("cash on delivery: from the detail page to confirmed by the shop, delivered and collected", async ({
  page,
  browser,
}) => {
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
  // It waits for the shop to call and confirm it; its pieces are held until then.
  await expect(page.getByText("You chose cash on delivery.")).toBeVisible();
  await expect(page.getByText(/The shop will call you to confirm it; its pieces are held for you until/)).toBeVisible();
  await page.goto("/dashboard/orders");
  await expect(row).toContainText("Cash on delivery");
  await expect(row).toContainText("Pay on delivery");
  await expect(row).toContainText("The shop will call you to confirm it");
  const orderLink = row.getByRole("link", { name: "Low-Angle Block Plane" });
  const orderPath = await orderLink.getAttribute("href");

  // The admin sees it awaiting confirmation, with the phone and the buyer's record; calls, and confirms it.
  const admin = await browser.newPage();
  await admin.goto("/login?redirectTo=%2Fdashboard%2Fmanageorder%3Fstatus%3Dcod");
  await signIn(admin, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await waitForHydration(admin);
  const adminRow = admin.getByRole("row").filter({ hasText: customer.email });
  await expect(adminRow).toContainText("01812345678");
  await expect(adminRow).toContainText(/Awaiting your confirmation until/);
  await expect(adminRow).toContainText("Earlier: 0 delivered · 0 cancelled · 0 expired");
  await adminRow.getByRole("button", { name: "Confirm", exact: true }).click();
  await expect(toast(admin, "Order confirmed")).toBeVisible();
  await expect(adminRow.getByRole("button", { name: "Confirm", exact: true })).toHaveCount(0);
  await expect(adminRow).not.toContainText("Earlier:");

  // The buyer's order view says so.
  await page.goto(orderPath!);
  await expect(page.getByTestId("confirmation-note")).toHaveText("Confirmed by the shop.");
  await expect(page.getByTestId("history")).toContainText("Confirmed by the shop");

  // The admin ships it, delivers it and records the cash.
  await admin.goto("/dashboard/manageorder");
  await waitForHydration(admin);
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

  await page.goto("/dashboard/orders");
  await expect(row).toContainText("Delivered");
  await expect(row.getByRole("button", { name: "Paid" })).toBeDisabled();
  await expect(row.getByRole("button", { name: "Cancel" })).toHaveCount(0);
});
