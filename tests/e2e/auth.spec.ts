import { DEMO_ADMIN, latestMailTo, newCustomer, registerViaApi, signIn } from "./accounts";
import { expect, test } from "./fixtures";

test.describe("accounts", () => {
  test("a new customer signs up, lands on the store signed in, and reaches the dashboard", async ({ page }) => {
    const customer = newCustomer();
    await page.goto("/register");
    await page.getByLabel("Name").fill(customer.name);
    await page.getByLabel("Email").fill(customer.email);
    await page.getByLabel("Password").fill(customer.password);
    await page.getByRole("button", { name: "Sign Up", exact: true }).click();

    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("button", { name: "Log Out" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Login" })).toHaveCount(0);
    await nav.getByRole("link", { name: "Dashboard" }).click();

    await expect(page.getByRole("heading", { name: "Welcome To DashBoard" })).toBeVisible();
    const sidebar = page.getByRole("navigation", { name: "Dashboard" });
    await expect(sidebar.getByRole("link")).toHaveText([/My Profile$/, /My Orders$/, /Add Reviews$/]);
    await expect(page.getByTestId("profile-summary")).toContainText(customer.name);
    await expect(page.getByTestId("profile-summary")).toContainText(customer.email);
  });

  test("a wrong password shows the identity message in red under the form", async ({ page }) => {
    const customer = await registerViaApi(page);
    await page.context().clearCookies();
    await page.goto("/login");
    await signIn(page, customer.email, "not-the-password");
    const alert = page.getByRole("alert");
    await expect(alert).toHaveText("Invalid email or password");
    await expect(alert).toHaveClass(/text-red-600/);
    // The same words are already on the page: wait for this attempt's own answer before reading them again.
    const answered = page.waitForResponse(
      (res) => new URL(res.url()).pathname === "/login" && res.request().method() === "POST",
    );
    await signIn(page, "nobody-at-all@example.test", "not-the-password");
    expect((await answered).status()).toBe(401);
    await expect(page.getByRole("alert")).toHaveText("Invalid email or password");
  });

  test("the login form shows every spec message", async ({ page }) => {
    await page.goto("/login");
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page.getByText("Email Is Required")).toBeVisible();
    await expect(page.getByText("Password Is Required")).toBeVisible();
    await page.getByLabel("Email").fill("ab");
    await page.getByLabel("Password").fill("12345");
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page.getByText("Please put valid email")).toBeVisible();
    await expect(page.getByText("Password must be six characters or long")).toBeVisible();
  });

  test("the sign-up form shows every spec message, and a taken email", async ({ page }) => {
    await page.goto("/register");
    await page.getByRole("button", { name: "Sign Up", exact: true }).click();
    await expect(page.getByText("Name Is Required")).toBeVisible();
    await expect(page.getByText("Email Is Required")).toBeVisible();
    await expect(page.getByText("Password Is Required")).toBeVisible();

    await page.getByLabel("Name").fill("Someone");
    await page.getByLabel("Email").fill(DEMO_ADMIN.email);
    await page.getByLabel("Password").fill("long-enough");
    await page.getByRole("button", { name: "Sign Up", exact: true }).click();
    await expect(page.getByRole("alert")).toContainText(/already exists/i);
  });

  test("a signed-out visitor is sent to login and brought back afterwards", async ({ page }) => {
    const customer = await registerViaApi(page);
    await page.context().clearCookies();
    await page.goto("/blogs");
    await page.goto("/dashboard/profile");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fdashboard%2Fprofile$/);
    // The guard's redirect replaced the dashboard's history entry: Back goes to the page before it.
    await page.goBack();
    await expect(page).toHaveURL(/\/blogs$/);
    await page.goForward();
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fdashboard%2Fprofile$/);
    await signIn(page, customer.email, customer.password);
    await expect(page).toHaveURL(/\/dashboard\/profile$/);
    await expect(page.getByRole("heading", { name: "Welcome To DashBoard" })).toBeVisible();
  });

  test.describe(() => {
    // The browser logs each refused page load; those 403s are what this test asks for.
    test.use({ allowedConsoleErrors: [/status of 403 \(Forbidden\)/] });

    test("a customer cannot open any admin page", async ({ page }) => {
      await registerViaApi(page);
      for (const path of [
        "/dashboard/admin",
        "/dashboard/addproduct",
        "/dashboard/manageproduct",
        "/dashboard/manageorder",
        "/dashboard/categories",
      ]) {
        const response = await page.goto(path);
        expect(response?.status(), path).toBe(403);
        await expect(page.getByText("This page is for the store's admins.")).toBeVisible();
        await expect(page.getByRole("table")).toHaveCount(0);
      }
      await expect(
        page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Make Admin" }),
      ).toHaveCount(0);
    });
  });

  test("Log Out ends the session", async ({ page }) => {
    await registerViaApi(page);
    await page.goto("/dashboard");
    await page.getByRole("button", { name: "Log Out" }).click();
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Login" })).toBeVisible();
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fdashboard$/);
  });

  test("Google Sign In walks the whole redirect flow and signs the customer in", async ({ page }) => {
    await page.goto("/login?redirectTo=%2Fdashboard%2Fprofile");
    await page.getByRole("button", { name: "Google Sign In" }).click();
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/.*interaction/);
    const login = `shapla-${Date.now()}`;
    await page.locator('input[name="login"]').fill(login);
    await page.locator('input[name="password"]').fill("anything");
    await page.getByRole("button", { name: "Sign-in" }).click();

    await expect(page).toHaveURL(/\/dashboard\/profile$/);
    const summary = page.getByTestId("profile-summary");
    await expect(summary).toContainText(`${login}@example.test`);
    await expect(summary).toContainText(/Shapla-\d+ Test/i);
  });

  test("Google Sign Up from the sign-up page lands on the home page signed in", async ({ page }) => {
    await page.goto("/register");
    await page.getByRole("button", { name: "Google Sign Up" }).click();
    await page.locator('input[name="login"]').fill(`nodi-${Date.now()}@example.test`);
    await page.locator('input[name="password"]').fill("anything");
    await page.getByRole("button", { name: "Sign-in" }).click();
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Log Out" })).toBeVisible();
  });

  test("a forgotten password is reset through the e-mailed link", async ({ page }) => {
    const customer = await registerViaApi(page);
    await page.context().clearCookies();
    await page.goto("/login");
    await page.getByRole("link", { name: "Forgot your password?" }).click();
    // The login page has an Email field too: wait for the new page before typing.
    await expect(page.getByRole("heading", { name: "Forgot your password?" })).toBeVisible();
    await page.getByLabel("Email").fill(customer.email);
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    await expect(page.getByRole("status")).toContainText("a link to reset its password is on its way");

    await expect.poll(() => latestMailTo(customer.email)).not.toBeNull();
    const mail = latestMailTo(customer.email)!;
    expect(mail.subject).toBe("Reset your Randa password");
    const link = mail.text.match(/https?:\/\/\S+/)![0];
    await page.goto(link);
    await expect(page).toHaveURL(/\/reset-password\?token=/);
    await page.getByLabel("New Password").fill("new-plane-iron");
    await page.getByRole("button", { name: "Save New Password" }).click();

    await expect(page).toHaveURL(/\/login\?reset=1$/);
    await expect(page.getByRole("status")).toContainText("Your password was changed");
    await signIn(page, customer.email, customer.password);
    await expect(page.getByRole("alert")).toHaveText("Invalid email or password");
    await signIn(page, customer.email, "new-plane-iron");
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);

    // A used link does not work twice.
    await page.context().clearCookies();
    await page.goto(link);
    await expect(page.getByRole("alert")).toContainText("not valid or has expired");
  });
});
