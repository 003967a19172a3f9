import type { APIRequestContext, Page } from "@playwright/test";
import { BASE_URL, DEMO_ADMIN, newCustomer, signIn } from "./accounts";
import { expect, test } from "./fixtures";
import { DELIVERY, productNamed, toast, waitForHydration } from "./shop";

/**
 * A customer of their own, made through the API in a context of its own, with `placed` orders of the Cabinet Rasp
 * of which all but the last `open` are cancelled again (so the stock is given back as it goes).
 */
async function customerWithOrders(request: APIRequestContext, placed: number, open: number) {
  const customer = newCustomer();
  const signUp = await request.post("/api/auth/sign-up/email", { data: customer, headers: { Origin: BASE_URL } });
  expect(signUp.ok()).toBe(true);
  const rasp = await productNamed(request, "Cabinet Rasp 250 mm");
  const ids: string[] = [];
  for (let i = 0; i < placed; i++) {
    const res = await request.post("/api/order", {
      data: { productId: rasp._id, quantity: 20, delivery: DELIVERY },
      headers: { Origin: BASE_URL },
    });
    expect(res.ok(), await res.text()).toBe(true);
    const { insertedId } = (await res.json()) as { insertedId: string };
    ids.push(insertedId);
    if (i < placed - open) {
      const cancelled = await request.delete(`/api/order/${insertedId}`, { headers: { Origin: BASE_URL } });
      expect(cancelled.ok()).toBe(true);
    }
  }
  return { email: customer.email, ids };
}

async function signInAsAdminTo(page: Page, to: string) {
  await page.goto(`/login?redirectTo=${encodeURIComponent(to)}`);
  await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await expect(page).toHaveURL(`${BASE_URL}${to}`);
}

const bodyRows = (page: Page) => page.locator("tbody tr");
const tabs = (page: Page) => page.getByRole("navigation", { name: "Orders by state" });
const searchForm = (page: Page) => page.getByRole("search", { name: "Search the orders" });
const searchBox = (page: Page) => searchForm(page).getByLabel("Order id, buyer e-mail or phone");
const searchButton = (page: Page) => searchForm(page).getByRole("button", { name: "Search", exact: true });

test("Manage Orders finds a buyer's orders, shows them by tab, and a cancel comes back to the same search", async ({
  page,
  playwright,
}) => {
  const buyerApi = await playwright.request.newContext({ baseURL: BASE_URL });
  const buyer = await customerWithOrders(buyerApi, 3, 3);
  await buyerApi.dispose();

  await signInAsAdminTo(page, "/dashboard/manageorder");
  await waitForHydration(page);
  await searchBox(page).fill(buyer.email);
  await searchButton(page).click();
  // A GET form sends its empty fields too.
  await expect(page).toHaveURL(
    `${BASE_URL}/dashboard/manageorder?q=${encodeURIComponent(buyer.email)}&from=&to=&sort=newest`,
  );
  await expect(bodyRows(page)).toHaveCount(3);
  await expect(bodyRows(page).first()).toContainText(buyer.email);
  await expect(tabs(page).getByRole("link", { name: "All (3)" })).toHaveAttribute("aria-current", "page");
  await expect(tabs(page).getByRole("link", { name: "Placed (3)" })).toBeVisible();
  await expect(page.getByText("Orders 1–3 of 3")).toBeVisible();

  // The rows carry buttons; the page has one dialog, filled for the order whose button was pressed.
  await expect(page.locator("dialog")).toHaveCount(0);
  const dialog = page.getByRole("dialog");
  await bodyRows(page).nth(1).getByRole("button", { name: "Cancel" }).click();
  await dialog.getByLabel("Reason (optional)").fill("Asked for by phone");
  await dialog.getByRole("button", { name: "No" }).click();
  await expect(dialog).toBeHidden();

  // The shop cancels the newest: the page stays on the search, with the counts moved.
  const searched = page.url();
  await bodyRows(page).first().getByRole("button", { name: "Cancel" }).click();
  await expect(page.locator("dialog")).toHaveCount(1);
  // Another order's question: the reason typed for the second is not carried over.
  await expect(dialog.getByLabel("Reason (optional)")).toHaveValue("");
  await dialog.getByRole("button", { name: "Yes!" }).click();
  await expect(toast(page, "Order cancelled")).toBeVisible();
  expect(page.url()).toBe(searched);
  await expect(tabs(page).getByRole("link", { name: "Cancelled (1)" })).toBeVisible();
  await expect(tabs(page).getByRole("link", { name: "Placed (2)" })).toBeVisible();

  await tabs(page).getByRole("link", { name: "Cancelled (1)" }).click();
  await expect(page).toHaveURL(/\/dashboard\/manageorder\?status=cancelled&q=/);
  await expect(bodyRows(page)).toHaveCount(1);
  await expect(bodyRows(page).first()).toContainText("Cancelled");
  await expect(searchBox(page)).toHaveValue(buyer.email);

  // A search by the start of an order's id finds that order alone, in any tab.
  await tabs(page).getByRole("link", { name: /^All/ }).click();
  // The tab's page must be in before the next search, or that search races the tab's navigation.
  await expect(tabs(page).getByRole("link", { name: /^All/ })).toHaveAttribute("aria-current", "page");
  await searchBox(page).fill(buyer.ids[0]!.slice(0, 13));
  await searchButton(page).click();
  await expect(bodyRows(page)).toHaveCount(1);
  await expect(bodyRows(page).first().getByRole("link", { name: "Cabinet Rasp 250 mm" })).toHaveAttribute(
    "href",
    `/dashboard/order/${buyer.ids[0]}`,
  );
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("Manage Orders' search, tabs and pages are a plain form and links", async ({ page, playwright }) => {
    const buyerApi = await playwright.request.newContext({ baseURL: BASE_URL });
    const buyer = await customerWithOrders(buyerApi, 22, 1);
    await buyerApi.dispose();

    await signInAsAdminTo(page, "/dashboard/manageorder");
    await searchBox(page).fill(buyer.email);
    await searchForm(page).getByLabel("Sort").selectOption({ label: "Newest first" });
    await searchButton(page).click();
    await expect(page).toHaveURL(
      `${BASE_URL}/dashboard/manageorder?q=${encodeURIComponent(buyer.email)}&from=&to=&sort=newest`,
    );
    await expect(bodyRows(page)).toHaveCount(20);
    await expect(page.getByText("Orders 1–20 of 22")).toBeVisible();
    await expect(tabs(page).getByRole("link", { name: "All (22)" })).toBeVisible();
    await expect(tabs(page).getByRole("link", { name: "Cancelled (21)" })).toBeVisible();
    await expect(tabs(page).getByRole("link", { name: "Placed (1)" })).toBeVisible();
    const firstPage = await bodyRows(page)
      .locator("a[href^='/dashboard/order/']")
      .evaluateAll((links) => links.map((a) => a.getAttribute("href")));

    const pages = page.getByRole("navigation", { name: "Pages of orders" });
    await pages.getByRole("link", { name: "Older orders" }).click();
    await expect(page).toHaveURL(/[?&]cursor=[A-Za-z0-9_-]+/);
    await expect(bodyRows(page)).toHaveCount(2);
    await expect(page.getByText("Orders 21–22 of 22")).toBeVisible();
    await expect(bodyRows(page).first().locator("td").first()).toHaveText("21");
    await expect(pages.getByRole("link", { name: "Older orders" })).toHaveCount(0);
    // The two oldest were cancelled; the newest is the one left open.
    await expect(bodyRows(page).filter({ hasText: "Cancelled" })).toHaveCount(2);

    await pages.getByRole("link", { name: "Newer orders" }).click();
    await expect(bodyRows(page)).toHaveCount(20);
    expect(
      await bodyRows(page)
        .locator("a[href^='/dashboard/order/']")
        .evaluateAll((links) => links.map((a) => a.getAttribute("href"))),
    ).toEqual(firstPage);
    await expect(bodyRows(page).first()).toContainText("Placed");

    await tabs(page).getByRole("link", { name: "Placed (1)" }).click();
    await expect(page).toHaveURL(/status=unpaid/);
    await expect(bodyRows(page)).toHaveCount(1);
    await expect(bodyRows(page).first()).toContainText(buyer.email);
  });
});

test.describe("without JavaScript, a refused search", () => {
  test.use({
    javaScriptEnabled: false,
    allowedConsoleErrors: [/status of 400 .*\/dashboard\/manageorder\?from=2026-02-30/],
  });

  test("Manage Orders says what is wrong with a search, beside the form", async ({ page }) => {
    await signInAsAdminTo(page, "/dashboard/manageorder");
    const answer = await page.goto("/dashboard/manageorder?from=2026-02-30&q=karim");
    expect(answer?.status()).toBe(400);
    await expect(page.getByRole("alert")).toContainText("Dates are written YYYY-MM-DD");
    await expect(searchBox(page)).toHaveValue("karim");
    await expect(bodyRows(page)).toHaveCount(0);
  });
});
