import type { Page } from "@playwright/test";
import { DEMO_ADMIN, latestMailTo, newCustomer, registerViaApi, signIn } from "./accounts";
import { expect, test } from "./fixtures";
import { orderViaApi, productNamed } from "./shop";

/**
 * Issue 27, item 9: a form posted without JavaScript that the store refuses comes back as it was typed (never a
 * password), with the message under the field at fault. Each test types every field, gets one wrong and checks
 * what the refused page holds.
 */
test.describe("without JavaScript, a refused form keeps what was typed", () => {
  test.use({ javaScriptEnabled: false });

  /** The field the refusal names: marked invalid, its message beside it. */
  async function refusedField(page: Page, label: string | RegExp, said: string | RegExp) {
    const field = page.getByLabel(label, { exact: typeof label === "string" });
    await expect(field).toHaveAttribute("aria-invalid", "true");
    const name = await field.getAttribute("name");
    await expect(page.locator(`#${name}-error`)).toHaveText(said);
  }

  test("Login: the e-mail stays after a wrong password; the password does not", async ({ page }) => {
    const customer = await registerViaApi(page);
    await page.context().clearCookies();
    await page.goto("/login?redirectTo=%2Fdashboard%2Forders");
    await signIn(page, customer.email, "not-the-password");
    await expect(page.getByRole("alert")).toHaveText("Invalid email or password");
    await expect(page.getByLabel("Email")).toHaveValue(customer.email);
    await expect(page.getByLabel("Password")).toHaveValue("");
    // the form still goes where it was going
    await page.getByLabel("Password").fill(customer.password);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard\/orders$/);
  });

  test("Sign Up: the name and e-mail stay after a password too short; the password does not", async ({ page }) => {
    const customer = newCustomer();
    await page.goto("/register");
    await page.getByLabel("Name").fill(customer.name);
    await page.getByLabel("Email").fill(customer.email);
    await page.getByLabel("Password").fill("abc");
    await page.getByRole("button", { name: "Sign Up", exact: true }).click();
    await refusedField(page, "Password", /.+/);
    await expect(page.getByLabel("Name")).toHaveValue(customer.name);
    await expect(page.getByLabel("Email")).toHaveValue(customer.email);
    await expect(page.getByLabel("Password")).toHaveValue("");
  });

  test("Sign Up: a bad e-mail stays to be corrected, with the name", async ({ page }) => {
    await page.goto("/register");
    await page.getByLabel("Name").fill("Rahima Akter");
    await page.getByLabel("Email").fill("rahima.example.test");
    await page.getByLabel("Password").fill("sawdust-42");
    await page.getByRole("button", { name: "Sign Up", exact: true }).click();
    await refusedField(page, "Email", "Please put valid email");
    await expect(page.getByLabel("Email")).toHaveValue("rahima.example.test");
    await expect(page.getByLabel("Name")).toHaveValue("Rahima Akter");
    await expect(page.getByLabel("Password")).toHaveValue("");
  });

  test("Forgot password: the address stays to be corrected", async ({ page }) => {
    await page.goto("/forgot-password");
    await page.getByLabel("Email").fill("karim.example.test");
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    await refusedField(page, "Email", "Please put valid email");
    await expect(page.getByLabel("Email")).toHaveValue("karim.example.test");
  });

  test("Reset password: a refused password is not shown again, and the link still works", async ({ page }) => {
    const customer = await registerViaApi(page);
    await page.context().clearCookies();
    await page.goto("/forgot-password");
    await page.getByLabel("Email").fill(customer.email);
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    await expect(page.getByRole("status")).toContainText("a link to reset its password is on its way");
    await expect.poll(() => latestMailTo(customer.email)).not.toBeNull();
    await page.goto(latestMailTo(customer.email)!.text.match(/https?:\/\/\S+/)![0]);
    await expect(page).toHaveURL(/\/reset-password\?token=/);

    await page.getByLabel("New Password").fill("abc");
    await page.getByRole("button", { name: "Save New Password" }).click();
    await refusedField(page, "New Password", /.+/);
    await expect(page.getByLabel("New Password")).toHaveValue("");
    await page.getByLabel("New Password").fill("new-plane-iron");
    await page.getByRole("button", { name: "Save New Password" }).click();
    await expect(page).toHaveURL(/\/login\?reset=1$/);
  });

  test("Pay Order's delivery details: every field stays after a bad mobile number", async ({ page, request }) => {
    await registerViaApi(page);
    const mallet = await productNamed(request, "Beech Joiner's Mallet 450 g");
    const orderId = await orderViaApi(page, mallet._id, 40);
    await page.goto(`/dashboard/payment/${orderId}`);
    await page.getByLabel("Name", { exact: true }).fill("Karim Uddin");
    await page.getByLabel("Mobile number").fill("12345");
    await page.getByLabel("Division").selectOption("Dhaka");
    await page.getByLabel("Address (house, road, area)").fill("House 12, Road 3, Tongi");
    await page.getByRole("button", { name: "Save Delivery Details" }).click();

    await refusedField(page, "Mobile number", /Bangladeshi mobile number/);
    await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Karim Uddin");
    await expect(page.getByLabel("Mobile number")).toHaveValue("12345");
    await expect(page.getByLabel("Division")).toHaveValue("Dhaka");
    await expect(page.getByLabel("Address (house, road, area)")).toHaveValue("House 12, Road 3, Tongi");
    // the division came back chosen, so its districts are there to choose from without a script
    await page.getByLabel("District").selectOption("Gazipur");
    await page.getByLabel("Mobile number").fill("01712345678");
    await page.getByRole("button", { name: "Save Delivery Details" }).click();
    await expect(page.getByText("House 12, Road 3, Tongi")).toBeVisible();
    await expect(page.getByLabel("Mobile number")).toHaveCount(0);
  });

  test("My Profile: the other fields stay after one is refused", async ({ page }) => {
    await registerViaApi(page);
    await page.goto("/dashboard/profile");
    await page.getByLabel("Education").fill("Diploma in carpentry");
    await page.getByLabel("Number", { exact: true }).fill("01812345678");
    // a right-to-left override, which no text may hold
    await page.getByLabel("Location").fill("Khulna \u202egnp.exe");
    await page.getByRole("button", { name: "Update", exact: true }).click();

    await refusedField(page, "Location", /.+/);
    await expect(page.getByLabel("Education")).toHaveValue("Diploma in carpentry");
    await expect(page.getByLabel("Number", { exact: true })).toHaveValue("01812345678");
    await expect(page.getByLabel("Location")).toHaveValue("Khulna \u202egnp.exe");
    await expect(page.getByLabel("Current password")).toHaveValue("");
    // nothing was saved
    await expect(page.getByTestId("profile-summary")).not.toContainText("Diploma in carpentry");
  });

  test.describe("as an admin", () => {
    test.beforeEach(async ({ page }) => {
      await page.goto("/login?redirectTo=%2Fdashboard%2Faddproduct");
      await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
      await expect(page).toHaveURL(/\/dashboard\/addproduct$/);
    });

    test("Add Product: every field stays after a price of nothing", async ({ page }) => {
      const form = page.locator("form").filter({ has: page.getByLabel("Product Name") });
      await form.getByLabel("Product Name").fill("Sash Mortise Chisel 8 mm");
      await form.getByLabel("Price (Tk)").fill("0");
      await form.getByLabel("Available Quantity").fill("60");
      await form.getByLabel("Minimum Quantity").fill("20");
      await form.getByLabel("Most Per Order (optional)").fill("40");
      await form.getByLabel("Description", { exact: true }).fill("Narrow and stout, for deep mortises.");
      await form.getByLabel("Details (optional)").fill("Ash handle, hooped.");
      await form.getByLabel("Category").selectOption({ label: "Chisels" });
      await form.getByLabel("Featured on the home page").check();
      await form.getByRole("button", { name: "Add Product" }).click();

      await refusedField(page, "Price (Tk)", "Price must be more than Tk 0");
      await expect(form.getByLabel("Product Name")).toHaveValue("Sash Mortise Chisel 8 mm");
      await expect(form.getByLabel("Price (Tk)")).toHaveValue("0");
      await expect(form.getByLabel("Available Quantity")).toHaveValue("60");
      await expect(form.getByLabel("Minimum Quantity")).toHaveValue("20");
      await expect(form.getByLabel("Most Per Order (optional)")).toHaveValue("40");
      await expect(form.getByLabel("Description", { exact: true })).toHaveValue("Narrow and stout, for deep mortises.");
      await expect(form.getByLabel("Details (optional)")).toHaveValue("Ash handle, hooped.");
      await expect(form.getByLabel("Category").locator("option:checked")).toHaveText("Chisels");
      await expect(form.getByLabel("Featured on the home page")).toBeChecked();
    });

    test("Edit Product: what was typed stays, not what is saved", async ({ page, request }) => {
      const mallet = await productNamed(request, "Beech Joiner's Mallet 450 g");
      await page.goto(`/dashboard/manageproduct/${mallet._id}`);
      const form = page.locator("form").filter({ has: page.getByLabel("Product Name") });
      await form.getByLabel("Product Name").fill("Beech Joiner's Mallet 500 g");
      await form.getByLabel("Minimum Quantity").fill("0");
      await form.getByLabel("Description", { exact: true }).fill("Heavier, for bigger chisels.");
      await form.getByRole("button", { name: "Save Changes" }).click();

      await expect(form.getByLabel("Minimum Quantity")).toHaveAttribute("aria-invalid", "true");
      await expect(form.getByLabel("Product Name")).toHaveValue("Beech Joiner's Mallet 500 g");
      await expect(form.getByLabel("Minimum Quantity")).toHaveValue("0");
      await expect(form.getByLabel("Description", { exact: true })).toHaveValue("Heavier, for bigger chisels.");
      // nothing was saved
      expect((await productNamed(request, "Beech Joiner's Mallet 450 g"))._id).toBe(mallet._id);
    });
  });
});
