import { BASE_URL, newCustomer, registerViaApi, signIn } from "./accounts";
import { checkoutOpened, fillDelivery } from "./checkout";
import { expect, test } from "./fixtures";
import {
  DELIVERY,
  endSessionsElsewhere,
  orderViaApi,
  productNamed,
  signInViaApi,
  toast,
  waitForHydration,
} from "./shop";

test.describe("buying", () => {
  test("Buy It Now checks the quantity as it is typed", async ({ page }) => {
    // The home page shows a featured few; the shop lists the whole demo catalog on its first page.
    await page.goto("/shop");
    await page.getByRole("link", { name: "Product Detail: F-Clamp 300 mm" }).click();
    const quantity = page.getByLabel("Quantity (Pis)");
    const buy = page.getByRole("button", { name: "Buy It Now" });
    await waitForHydration(page);
    await expect(quantity).toHaveValue("100");
    await expect(buy).toBeEnabled();

    await quantity.fill("80");
    await expect(page.getByRole("alert")).toHaveText("You have to buy at least 100");
    await expect(buy).toBeDisabled();
    // Numbers are compared as numbers: "9" is below 100 even though "9" > "100" as text.
    await quantity.fill("9");
    await expect(page.getByRole("alert")).toHaveText("You have to buy at least 100");
    await quantity.fill("2020");
    await expect(page.getByRole("alert")).toHaveText("Order Quantity Must Be Smaller Than Available Quantity");
    await expect(buy).toBeDisabled();
    await quantity.fill("");
    await expect(buy).toBeDisabled();
    // The step of 20 counts from the minimum, in the form as on the server.
    await quantity.fill("110");
    await expect(page.getByRole("alert")).toHaveText(
      "Quantity goes up in steps of 20 from the minimum of 100: order 100 or 120 Pis",
    );
    await expect(buy).toBeDisabled();
    // No hoarding: one order takes at most half of the 2,000 in stock.
    await quantity.fill("1020");
    await expect(page.getByRole("alert")).toHaveText("One order can take at most 1000 Pis of this tool");
    await expect(buy).toBeDisabled();
    await quantity.fill("1000");
    await expect(page.getByRole("alert")).toHaveCount(0);
    await expect(buy).toBeEnabled();
  });

  test("a signed-out visitor who presses Buy It Now signs in and comes back to checkout with that tool", async ({
    page,
  }) => {
    const customer = await registerViaApi(page);
    await page.context().clearCookies();
    // The home page shows a featured few; the shop lists the whole demo catalog on its first page.
    await page.goto("/shop");
    await page.getByRole("link", { name: "Product Detail: Wheel Marking Gauge" }).click();
    const productId = /\/detail\/([0-9a-f-]{36})$/.exec(page.url())?.[1];
    await waitForHydration(page);
    // The product page sells the size it shows: the gauge's only one.
    const variantId = await page.locator('input[name="variantId"]').inputValue();
    await page.getByRole("button", { name: "Buy It Now" }).click();
    const checkout = `/checkout?productId=${productId}&variantId=${variantId}&quantity=20`;
    await expect(page).toHaveURL(`${BASE_URL}/login?redirectTo=${encodeURIComponent(checkout)}`);
    await signIn(page, customer.email, customer.password);
    await expect(page).toHaveURL(`${BASE_URL}${checkout}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Checkout");
    const lines = page.getByTestId("checkout-lines").getByRole("listitem");
    await expect(lines).toHaveCount(1);
    await expect(lines).toContainText("Wheel Marking Gauge");
    await expect(lines).toContainText("20 Pis × Tk 1,180");
  });

  test.describe(() => {
    // The refused order is answered 409; the browser logs that status.
    test.use({ allowedConsoleErrors: [/status of 409 \(Conflict\)/] });

    test("an order the stock can no longer cover is refused with the spec's message", async ({ page, browser }) => {
      await registerViaApi(page);
      const saw = await productNamed(page.request, "Dovetail Back Saw 250 mm");
      await page.goto(`/detail/${saw._id}`);
      await waitForHydration(page);
      // The most one order may take: half of the stock, never under the minimum of 20, on the steps of 20 from it.
      const onStep = (n: number) => n - ((n - 20) % 20);
      const most = onStep(Math.max(20, Math.floor(saw.Availability / 2)));
      await page.getByLabel("Quantity (Pis)").fill(String(most));
      await page.getByRole("button", { name: "Buy It Now" }).click();
      await checkoutOpened(page);
      await expect(page.getByTestId("checkout-lines")).toContainText(`${most} Pis`);
      await fillDelivery(page, DELIVERY);

      // Other buyers buy first, each as much as one order may take, until fewer than `most` are left; this page
      // still shows the old stock.
      let left = saw.Availability;
      while (left >= most) {
        const other = await browser.newPage();
        await registerViaApi(other);
        const take = onStep(Math.max(20, Math.floor(left / 2)));
        await orderViaApi(other, saw._id, take);
        left -= take;
        await other.close();
      }

      await page.getByRole("button", { name: "Place order" }).click();
      await expect(
        page.getByText("Nothing was ordered. Change these lines and try again: Dovetail Back Saw 250 mm"),
      ).toBeVisible();
      await expect(page.getByTestId("checkout-lines").getByRole("alert")).toHaveText(
        "Order Quantity Must Be Smaller Than Available Quantity",
      );
      await expect(page).toHaveURL(/\/checkout\?/);
      await page.goto(`/detail/${saw._id}`);
      await expect(page.getByTestId("availability")).toHaveText(`${left} Pieces`);
    });
  });

  test("each purchase carries its own idempotency key, so a retried post cannot buy twice", async ({ page }) => {
    const customer = await registerViaApi(page);
    const mallet = await productNamed(page.request, "Beech Joiner's Mallet 450 g");
    const posts: { url: string; body: string; contentType: string }[] = [];
    page.on("request", (req) => {
      if (req.method() === "POST" && new URL(req.url()).pathname.startsWith("/checkout")) {
        posts.push({ url: req.url(), body: req.postData() ?? "", contentType: req.headers()["content-type"] ?? "" });
      }
    });
    for (const expected of [`${mallet.Availability - 40} Pieces`, `${mallet.Availability - 80} Pieces`]) {
      await page.goto(`/detail/${mallet._id}`);
      await waitForHydration(page);
      await page.getByRole("button", { name: "Buy It Now" }).click();
      await checkoutOpened(page);
      await fillDelivery(page, DELIVERY);
      await page.getByRole("button", { name: "Place order" }).click();
      await expect(toast(page, "Order Placed")).toBeVisible();
      await expect(page).toHaveURL(/\/dashboard\/payment\/[0-9a-f-]{36}$/);
      await page.goto(`/detail/${mallet._id}`);
      await expect(page.getByTestId("availability")).toHaveText(expected);
    }
    const keys = posts.map((p) => /attempt(?:=|"\r\n\r\n)([0-9a-f]+)/.exec(p.body)?.[1] ?? "");
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[0]).not.toBe(keys[1]);

    // The first post sent again, as a flaky network would: it answers the order placed, and buys nothing more.
    const replay = await page.request.post(posts[0]!.url, {
      data: posts[0]!.body,
      headers: { "Content-Type": posts[0]!.contentType, Origin: BASE_URL },
    });
    expect(replay.ok()).toBe(true);
    await page.reload();
    await expect(page.getByTestId("availability")).toHaveText(`${mallet.Availability - 80} Pieces`);
    const orders = await page.request.get(`/api/order/${encodeURIComponent(customer.email)}`);
    expect(((await orders.json()) as unknown[]).length).toBe(2);
  });

  test("My Orders lists an order with a Pay link; No keeps it", async ({ page }) => {
    await registerViaApi(page);
    const square = await productNamed(page.request, "Try Square 200 mm");
    const orderId = await orderViaApi(page, square._id, 40);
    await page.goto("/dashboard/orders");
    const table = page.getByRole("table");
    await expect(table.getByRole("columnheader")).toHaveText([
      "Serial",
      "Image",
      "Product Name",
      "Price",
      "Quantity",
      "Payble Amount",
      "State",
      "Pay Bill",
      "Cancel",
    ]);
    const row = table.getByRole("row").filter({ hasText: "Try Square 200 mm" });
    // The last cell also holds the (closed) confirmation dialog.
    await expect(row.getByRole("cell")).toHaveText([
      "1",
      "",
      "Try Square 200 mm",
      "Tk 560",
      "40 Pis",
      "Tk 22,400",
      "Placed",
      "Pay",
      /^Cancel/,
    ]);
    await expect(row.getByRole("link", { name: "Pay" })).toHaveAttribute("href", `/dashboard/payment/${orderId}`);
    await row.getByRole("button", { name: "Cancel" }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toContainText("Are You Sure? You Want To Cancel Try Square 200 mm");
    await dialog.getByRole("button", { name: "No" }).click();
    await expect(dialog).toBeHidden();
    await page.reload();
    await expect(page.getByRole("row").filter({ hasText: "Try Square 200 mm" })).toBeVisible();
  });

  test("a session that ends while in the dashboard: My Orders signs out and goes home", async ({ page }) => {
    const customer = await registerViaApi(page);
    await page.goto("/dashboard/profile");
    await expect(page.getByRole("navigation", { name: "Dashboard" })).toBeVisible();

    // The customer signs out everywhere from another device: this browser's session ends under it.
    await (await endSessionsElsewhere(customer)).dispose();

    await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "My Orders" }).click();
    await expect(page).toHaveURL(`${BASE_URL}/`);
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Login" })).toBeVisible();
    const cookies = await page.context().cookies();
    expect(cookies.filter((c) => c.name.startsWith("randa.session_token"))).toEqual([]);
  });

  test("cancelling after the session ended also signs out and goes home, and cancels nothing", async ({ page }) => {
    const customer = await registerViaApi(page);
    const rasp = await productNamed(page.request, "Cabinet Rasp 250 mm");
    await orderViaApi(page, rasp._id, 20);
    await page.goto("/dashboard/orders");
    const row = page.getByRole("row").filter({ hasText: "Cabinet Rasp 250 mm" });
    await expect(row).toBeVisible();

    const elsewhere = await endSessionsElsewhere(customer);

    await row.getByRole("button", { name: "Cancel" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Yes!" }).click();
    await expect(page).toHaveURL(`${BASE_URL}/`);
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Login" })).toBeVisible();

    // Signed in again, the order is still there.
    await signInViaApi(elsewhere, customer);
    const orders = await elsewhere.get(`/api/order/${encodeURIComponent(customer.email)}`);
    expect(((await orders.json()) as unknown[]).length).toBe(1);
    await elsewhere.dispose();
  });

  test("the admin's Manage Orders shows every order with its state; Pay Bill waits for an unpaid order", async ({
    page,
    browser,
  }) => {
    const customerPage = await browser.newPage();
    const customer = await registerViaApi(customerPage, newCustomer());
    const spokeshave = await productNamed(customerPage.request, "Flat-Bottom Spokeshave");
    await orderViaApi(customerPage, spokeshave._id, 20);
    const cancelled = await orderViaApi(customerPage, spokeshave._id, 40);
    const gone = await customerPage.request.delete(`/api/order/${cancelled}`, { headers: { Origin: BASE_URL } });
    expect(gone.ok()).toBe(true);
    await customerPage.close();

    await page.goto("/login?redirectTo=%2Fdashboard%2Fmanageorder");
    await signIn(page, "admin@randa.example", "randa-admin");
    const table = page.getByRole("table");
    await expect(table.getByRole("columnheader")).toHaveText([
      "Serial",
      "Buyer Email",
      "Product Name",
      "Price",
      "Quantity",
      "Payble Amount",
      "Deliver To",
      "State",
      "Pay Bill",
      "Next Step",
    ]);
    const rows = table.getByRole("row").filter({ hasText: customer.email });
    await expect(rows).toHaveCount(2);
    await expect(rows.filter({ hasText: "20 Pis" })).toContainText("Placed");
    await expect(rows.filter({ hasText: "40 Pis" })).toContainText("Cancelled");
    await expect(rows.first()).toContainText("Flat-Bottom Spokeshave");
    await expect(rows.first().getByRole("button", { name: "Pay Bill" })).toBeDisabled();
  });

  test.describe(() => {
    test.use({ allowedConsoleErrors: [/status of 403 \(Forbidden\)/] });

    test("a customer cannot read the admin pages' data by asking for their routes alone", async ({ page }) => {
      await registerViaApi(page);
      for (const [path, route] of [
        ["/dashboard/admin.data", "routes/dashboard/make-admin"],
        ["/dashboard/manageorder.data", "routes/dashboard/manage-orders"],
        ["/dashboard/manageproduct.data", "routes/dashboard/manage-products"],
        ["/dashboard/addproduct.data", "routes/dashboard/add-product"],
      ]) {
        const res = await page.request.get(`${path}?_routes=${encodeURIComponent(route!)}`);
        const body = await res.text();
        expect(body, path).not.toContain("admin@randa.example");
        expect(body, path).toContain("This page is for the store");
      }
      // Deleting a product is refused to a customer too, posted straight to the page's action.
      const mallet = await productNamed(page.request, "Beech Joiner's Mallet 450 g");
      const res = await page.request.post("/dashboard/manageproduct.data", {
        form: { productId: mallet._id },
        headers: { Origin: BASE_URL },
      });
      expect(res.status()).toBe(403);
      expect((await productNamed(page.request, "Beech Joiner's Mallet 450 g"))._id).toBe(mallet._id);
    });
  });
});
