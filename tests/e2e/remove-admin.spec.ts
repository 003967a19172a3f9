import { DEMO_ADMIN, registerViaApi, signIn } from "./accounts";
import { expect, test } from "./fixtures";

test("an admin makes a customer an admin, removes that role again after confirming, and the row offers Make Admin", async ({
  page,
  browser,
}) => {
  const customerPage = await browser.newPage();
  const customer = await registerViaApi(customerPage);
  await customerPage.close();

  // Make Admin lists the newest accounts first, a page at a time: the demo admin, the oldest, is found by a search.
  await page.goto(`/login?redirectTo=${encodeURIComponent(`/dashboard/admin?q=${DEMO_ADMIN.email}`)}`);
  await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  const table = page.getByRole("table");
  await expect(table.getByRole("columnheader")).toHaveText(["Serial", "Name", "Email", "Make Admin", "Delete User"]);
  // Your own row has no Remove Admin: an admin never locks themself out from here.
  const own = table.getByRole("row").filter({ hasText: DEMO_ADMIN.email });
  await expect(own.getByText("Already Admin")).toBeVisible();
  await expect(own.getByRole("button", { name: "Remove Admin" })).toHaveCount(0);

  await page.goto(`/dashboard/admin?q=${encodeURIComponent(customer.email)}`);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  const row = table.getByRole("row").filter({ hasText: customer.email });
  await row.getByRole("button", { name: "Make Admin" }).click();
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Made an admin successfully" })).toBeVisible();
  await expect(row.getByText("Already Admin")).toBeVisible();

  await row.getByRole("button", { name: "Remove Admin" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText(`Remove ${customer.name} as an admin?`);
  await dialog.getByRole("button", { name: "No" }).click();
  await expect(dialog).toBeHidden();
  await expect(row.getByText("Already Admin")).toBeVisible();

  await row.getByRole("button", { name: "Remove Admin" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Yes!" }).click();
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Admin role removed" })).toBeVisible();
  await expect(row.getByRole("button", { name: "Make Admin" })).toBeVisible();
  await expect(row.getByText("Already Admin")).toHaveCount(0);
  await expect(row.getByRole("button", { name: "Delete User" })).toBeVisible();
});
