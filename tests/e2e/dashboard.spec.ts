import { DEMO_ADMIN, registerViaApi, signIn } from "./accounts";
import { expect, test } from "./fixtures";
import { waitForHydration } from "./shop";

test.describe("dashboard", () => {
  test("My Profile saves Education, Number and Location with a top-right toast", async ({ page }) => {
    await registerViaApi(page);
    await page.goto("/dashboard/profile");
    await page.getByLabel("Education").fill("Diploma in Carpentry");
    await page.getByLabel("Number", { exact: true }).fill("01712345678");
    await page.getByLabel("Location").fill("Khulna");
    await page.getByRole("button", { name: "Update" }).click();

    const toast = page.locator("[data-sonner-toast]").filter({ hasText: "Profile Updated" });
    await expect(toast).toBeVisible();
    await expect(page.locator("[data-sonner-toaster]")).toHaveAttribute("data-y-position", "top");
    await expect(page.locator("[data-sonner-toaster]")).toHaveAttribute("data-x-position", "right");
    const summary = page.getByTestId("profile-summary");
    await expect(summary).toContainText("Diploma in Carpentry");
    await expect(summary).toContainText("01712345678");
    await expect(summary).toContainText("Khulna");
    await page.reload();
    await expect(page.getByLabel("Location")).toHaveValue("Khulna");
  });

  test("the sidebar collapses to 45 px and expands to 200 px", async ({ page }) => {
    await registerViaApi(page);
    await page.goto("/dashboard");
    const sidebar = page.getByTestId("sidebar");
    await expect.poll(() => sidebar.evaluate((el) => el.getBoundingClientRect().width)).toBe(200);
    await page.getByRole("button", { name: "Collapse the menu" }).click();
    await expect.poll(() => sidebar.evaluate((el) => el.getBoundingClientRect().width)).toBe(45);
    await page.getByRole("button", { name: "Expand the menu" }).click();
    await expect.poll(() => sidebar.evaluate((el) => el.getBoundingClientRect().width)).toBe(200);
  });

  test.describe(() => {
    test.use({ allowedConsoleErrors: [/status of 404 \(Not Found\)/] });

    test("the payment page of an unknown order says so inside the dashboard", async ({ page }) => {
      await registerViaApi(page);
      const res = await page.goto("/dashboard/payment/not-an-order");
      expect(res?.status()).toBe(404);
      await expect(page.getByText("Order not found")).toBeVisible();
      await expect(page.getByRole("link", { name: "Back to My Orders" })).toBeVisible();
    });
  });

  test("the demo admin sees the admin links and makes a customer an admin", async ({ page, browser }) => {
    const customerPage = await browser.newPage();
    const customer = await registerViaApi(customerPage);
    await customerPage.close();

    await page.goto("/login");
    await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Log Out" })).toBeVisible();
    await page.goto("/dashboard");
    const sidebar = page.getByRole("navigation", { name: "Dashboard" });
    await expect(sidebar.getByRole("link")).toHaveText([
      /Overview$/,
      /My Profile$/,
      /Add Product$/,
      /Manage Product$/,
      /Stock$/,
      /Spreadsheet$/,
      /Categories$/,
      /Manage Order$/,
      /Courier Payouts$/,
      /Delivery Charges$/,
      /Make Admin$/,
    ]);
    await sidebar.getByRole("link", { name: "Make Admin" }).click();

    const table = page.getByRole("table");
    await expect(table.getByRole("columnheader")).toHaveText(["Serial", "Name", "Email", "Make Admin", "Delete User"]);
    const row = table.getByRole("row").filter({ hasText: customer.email });
    await row.getByRole("button", { name: "Make Admin" }).click();
    await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Made an admin successfully" })).toBeVisible();
    await expect(row.getByText("Already Admin")).toBeVisible();
  });

  test("the admin deletes a customer after confirming, and No keeps them", async ({ page, browser }) => {
    const customerPage = await browser.newPage();
    const customer = await registerViaApi(customerPage);
    await customerPage.close();

    await page.goto("/login?redirectTo=%2Fdashboard%2Fadmin");
    await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    // Signing in posts the page as a document; Make Admin then loads afresh, and its dialog needs its script.
    await page.waitForURL("**/dashboard/admin");
    await waitForHydration(page);
    const row = page.getByRole("row").filter({ hasText: customer.email });
    await row.getByRole("button", { name: "Delete User" }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toContainText(`Are You Sure? You Want To Delete ${customer.name}`);
    await dialog.getByRole("button", { name: "No" }).click();
    await expect(dialog).toBeHidden();
    await expect(row).toBeVisible();

    await row.getByRole("button", { name: "Delete User" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Yes!" }).click();
    await expect(page.locator("[data-sonner-toast]").filter({ hasText: "User deleted" })).toBeVisible();
    await expect(page.getByRole("row").filter({ hasText: customer.email })).toHaveCount(0);
  });
});
