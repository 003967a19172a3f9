import type { Browser } from "@playwright/test";
import { BASE_URL, registerViaApi, signIn } from "./accounts";
import { expect, test } from "./fixtures";
import { waitForHydration } from "./shop";

const NEW_PASSWORD = "fresh-shavings-7";

/** Another browser, signed in to the same account. */
async function anotherBrowser(browser: Browser, email: string, password: string) {
  const context = await browser.newContext({ baseURL: BASE_URL });
  const res = await context.request.post("/api/auth/sign-in/email", {
    data: { email, password },
    headers: { Origin: BASE_URL },
  });
  expect(res.status()).toBe(200);
  return context;
}

/** Whether a password signs the account in, asked from a browser of its own. */
async function opens(browser: Browser, email: string, password: string) {
  const context = await browser.newContext({ baseURL: BASE_URL });
  const res = await context.request.post("/api/auth/sign-in/email", {
    data: { email, password },
    headers: { Origin: BASE_URL },
  });
  await context.close();
  return res.status() === 200;
}

test.describe("Change password in My Profile", () => {
  test("changes the password: this browser stays signed in, another is signed out", async ({ page, browser }) => {
    const customer = await registerViaApi(page);
    const other = await anotherBrowser(browser, customer.email, customer.password);

    await page.goto("/dashboard/profile");
    await waitForHydration(page);
    await page.getByLabel("Current password").fill(customer.password);
    await page.getByLabel("New password").fill(NEW_PASSWORD);
    await page.getByRole("button", { name: "Change password" }).click();

    await expect(page.getByRole("status")).toHaveText(
      "Password changed. You stay signed in here; everywhere else you were signed out.",
    );
    await expect(page).toHaveURL(/\/dashboard\/profile\?password=changed$/);
    // Drawn afresh: no password stays typed in the form.
    await expect(page.getByLabel("Current password")).toHaveValue("");
    await expect(page.getByLabel("New password")).toHaveValue("");
    await page.goto("/dashboard/profile");
    await expect(page.getByTestId("profile-summary")).toContainText(customer.email);

    const otherPage = await other.newPage();
    await otherPage.goto("/dashboard/profile");
    await expect(otherPage).toHaveURL(/\/login\?redirectTo=%2Fdashboard%2Fprofile$/);
    await signIn(otherPage, customer.email, NEW_PASSWORD);
    await expect(otherPage).toHaveURL(/\/dashboard\/profile$/);
    await other.close();
    expect(await opens(browser, customer.email, customer.password)).toBe(false);
  });

  test("says a wrong current password beside its field and changes nothing", async ({ page, browser }) => {
    const customer = await registerViaApi(page);
    await page.goto("/dashboard/profile");
    await waitForHydration(page);
    await page.getByLabel("Current password").fill("not-my-password");
    await page.getByLabel("New password").fill(NEW_PASSWORD);
    await page.getByRole("button", { name: "Change password" }).click();

    const current = page.getByLabel("Current password");
    await expect(page.locator("#currentPassword-error")).toHaveText("The current password is not correct");
    await expect(current).toHaveAttribute("aria-invalid", "true");
    await expect(current).toHaveAttribute("aria-describedby", "currentPassword-error");
    await expect(current).toHaveValue("");
    await expect(page.locator("#newPassword-error")).toHaveCount(0);
    expect(await opens(browser, customer.email, customer.password)).toBe(true);
    expect(await opens(browser, customer.email, NEW_PASSWORD)).toBe(false);
  });

  test.describe("without JavaScript, in Bangla", () => {
    test.use({ javaScriptEnabled: false });

    test("refuses a short new password, then changes it", async ({ page }) => {
      const customer = await registerViaApi(page);
      await page.context().addCookies([{ name: "randa.lang", value: "bn", url: BASE_URL }]);
      await page.goto("/dashboard/profile");
      await page.getByLabel("বর্তমান পাসওয়ার্ড").fill(customer.password);
      await page.getByLabel("নতুন পাসওয়ার্ড").fill("abc");
      await page.getByRole("button", { name: "পাসওয়ার্ড বদলান" }).click();
      await expect(page.locator("#newPassword-error")).toHaveText("পাসওয়ার্ড কমপক্ষে ছয় অক্ষরের হতে হবে");

      await page.getByLabel("বর্তমান পাসওয়ার্ড").fill(customer.password);
      await page.getByLabel("নতুন পাসওয়ার্ড").fill(NEW_PASSWORD);
      await page.getByRole("button", { name: "পাসওয়ার্ড বদলান" }).click();
      await expect(page.getByRole("status")).toHaveText(
        "পাসওয়ার্ড বদলানো হয়েছে। এখানে আপনি সাইন ইন থাকছেন; অন্য সব জায়গা থেকে সাইন আউট করা হয়েছে।",
      );
      await page.goto("/dashboard/profile");
      await expect(page.getByTestId("profile-summary")).toContainText(customer.email);
    });
  });
});
