import { DEMO_ADMIN, registerViaApi, signIn } from "./accounts";
import { expect, test } from "./fixtures";
import { toast, waitForHydration } from "./shop";
import { checkoutOpened } from "./checkout";

test("cash on delivery: from the detail page through checkout to confirmed by the shop, delivered and collected", async ({
  page,
  browser,
}) => {
  // An order's whole life through two browsers: more than one page visit's 30 s on a loaded machine.
  test.slow();
  const customer = await registerViaApi(page);
  await page.goto("/");
  await page.getByRole("link", { name: "Product Detail: Low-Angle Block Plane" }).click();
  await waitForHydration(page);
  await page.getByRole("button", { name: "Buy It Now" }).click();
  await expect(page).toHaveURL(/\/checkout\?productId=[0-9a-f-]{36}&variantId=[0-9a-f-]{36}&quantity=20$/);
  await checkoutOpened(page);

  // Delivery details come with the order, checked before it is placed.
  await page.getByLabel("Name", { exact: true }).fill(customer.name);
  await page.getByLabel("Mobile number").fill("0171234");
  await page.getByLabel("Division").selectOption("Chattogram");
  await page.getByLabel("District").selectOption("Cumilla");
  await page.getByLabel("Address (house, road, area)").fill("House 7, Kandirpar");
  await page.getByLabel("Cash on delivery").check();
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page.getByText("Enter a Bangladeshi mobile number: 11 digits starting 01")).toBeVisible();
  await page.getByLabel("Mobile number").fill("01812 345678");
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(toast(page, "Order Placed")).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/order\/[0-9a-f-]{36}$/);
  const orderPath = new URL(page.url()).pathname;
  // 20 planes of 800 g to Cumilla, outside Dhaka: Tk 130 for the first kg and Tk 25 for each of the other 15.
  const lines = page.getByTestId("order-lines");
  await expect(lines.getByRole("row", { name: /^Delivery charge/ })).toHaveText(/Tk 505$/);
  await expect(lines.getByRole("row", { name: /^Total/ })).toHaveText(/Tk 44,505$/);
  await expect(page.getByText(customer.name + ", 01812345678")).toBeVisible();
  await expect(page.getByText("House 7, Kandirpar, Cumilla, Chattogram")).toBeVisible();
  // It waits for the shop to call and confirm it; its pieces are held until then.
  await expect(page.getByTestId("confirmation-note")).toHaveText(
    /^The shop will call you to confirm it; its pieces are held for you until/,
  );
  await page.goto("/dashboard/orders");
  const row = page.getByRole("row").filter({ hasText: "Low-Angle Block Plane" });
  await expect(row).toContainText("Cash on delivery");
  await expect(row).toContainText("Pay on delivery");
  await expect(row).toContainText("The shop will call you to confirm it");
  await expect(row.getByRole("link", { name: "Low-Angle Block Plane" })).toHaveAttribute("href", orderPath);

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
  await page.goto(orderPath);
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
  // The cash to collect is the order's total: its goods and its delivery.
  await expect(admin.getByRole("dialog")).toContainText(
    "Record the cash for Low-Angle Block Plane (Tk 44,505) as collected?",
  );
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
