import type { Page } from "@playwright/test";
import { DEMO_ADMIN, registerViaApi, signIn } from "./accounts";
import { expect, test } from "./fixtures";
import { toast } from "./shop";

async function signInAsAdminTo(page: Page, path: string) {
  await page.goto(`/login?redirectTo=${encodeURIComponent(path)}`);
  await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await expect(page).toHaveURL(new RegExp(`${path.replace(/[?]/g, "\\?")}$`));
}

/** The table's rows under its header row. */
const bodyRows = (page: Page) => page.getByRole("table").locator("tbody tr");

test("Make Admin finds a customer by part of their name, and Make Admin keeps the search", async ({
  page,
  browser,
}) => {
  const tag = `${Date.now().toString(36)}${process.pid}`;
  const customerPage = await browser.newPage();
  const customer = await registerViaApi(customerPage, {
    name: `Joiner ${tag} Sultana`,
    email: `joiner-${tag}@example.test`,
    password: "sawdust-42",
  });
  await customerPage.close();

  await signInAsAdminTo(page, "/dashboard/admin");
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  const search = page.locator("form").filter({ has: page.getByLabel("Any part of a name or e-mail") });
  await search.getByRole("searchbox").fill(`JOINER ${tag}`);
  await search.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/admin\\?q=JOINER\\+${tag}$`));
  await expect(bodyRows(page)).toHaveCount(1);
  await expect(page.getByText("Accounts found: 1", { exact: true })).toBeVisible();
  const row = bodyRows(page).filter({ hasText: customer.email });
  await expect(row).toContainText(customer.name);

  await row.getByRole("button", { name: "Make Admin" }).click();
  await expect(toast(page, "Made an admin successfully")).toBeVisible();
  await expect(row.getByText("Already Admin")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/dashboard/admin\\?q=JOINER\\+${tag}$`));
  await expect(bodyRows(page)).toHaveCount(1);

  await page.getByRole("link", { name: "Show all" }).click();
  await expect(page).toHaveURL(/\/dashboard\/admin$/);
  await expect(page.getByRole("searchbox", { name: "Any part of a name or e-mail" })).toHaveValue("");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("Manage Products searches by word and category, and turns pages, with a plain form and links", async ({
    page,
  }) => {
    await signInAsAdminTo(page, "/dashboard/manageproduct?limit=2");
    await expect(bodyRows(page)).toHaveCount(2);

    const search = page.locator("form").filter({ has: page.getByLabel("Search products", { exact: true }) });
    await search.getByLabel("Search products", { exact: true }).fill("saw");
    await search.getByLabel("Category", { exact: true }).selectOption({ label: "Saws" });
    await search.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard\/manageproduct\?limit=2&q=saw&category=saws&sort=$/);
    await expect(page.getByLabel("Search products", { exact: true })).toHaveValue("saw");
    await expect(page.getByLabel("Category", { exact: true })).toHaveValue("saws");
    await expect(page.getByText("Products found: 3", { exact: true })).toBeVisible();
    await expect(page.getByText("Page 1 of 2")).toBeVisible();
    const firstPage = await bodyRows(page).locator("td:nth-child(3)").allTextContents();
    expect(firstPage).toHaveLength(2);

    await page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/[?&]page=2(&|$)/);
    await expect(page.getByText("Page 2 of 2")).toBeVisible();
    const secondPage = await bodyRows(page).locator("td:nth-child(3)").allTextContents();
    expect(secondPage).toHaveLength(1);
    expect([...firstPage, ...secondPage].sort()).toEqual([
      "Coping Saw with 5 Spare Blades",
      "Dovetail Back Saw 250 mm",
      "Ryoba Pull Saw 240 mm",
    ]);
    await expect(bodyRows(page).first().locator("td").first()).toHaveText("3");

    await page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "Page 1" }).click();
    await expect(page).not.toHaveURL(/page=/);
    await expect(page.getByText("Page 1 of 2")).toBeVisible();
    await expect(bodyRows(page).locator("td:nth-child(3)")).toHaveText(firstPage);
  });
});
