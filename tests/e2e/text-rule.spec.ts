import { BASE_URL, DEMO_ADMIN, newCustomer, signIn } from "./accounts";
import { expect, test } from "./fixtures";

/**
 * Issue 27, item 4: one text rule for every free-text field (shared/schemas/text.ts), shown where the field is.
 * Sign Up is refused by the server (the page ships no JavaScript); Add Product by the same schema in the browser
 * before anything is sent.
 */
const UNSAFE = (field: string) => `${field} cannot contain control or text-direction characters`;

test("Sign Up refuses a name with a right-to-left override under the Name field, keeping what was typed", async ({
  page,
}) => {
  const customer = newCustomer();
  const name = "\u202eKarim Uddin";
  await page.goto("/register");
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Email").fill(customer.email);
  await page.getByLabel("Password").fill(customer.password);
  await page.getByRole("button", { name: "Sign Up", exact: true }).click();
  await expect(page.locator("#name-error")).toHaveText(UNSAFE("Name"));
  await expect(page.getByLabel("Name")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Name")).toHaveValue(name);
  await expect(page.getByLabel("Email")).toHaveValue(customer.email);
  await expect(page).toHaveURL(/\/register$/);
});

test("Sign Up takes at most 100 characters of a name", async ({ page }) => {
  await page.goto("/register");
  await expect(page.getByLabel("Name")).toHaveAttribute("maxlength", "100");
});

test("Add Product shows the rule's message under the Bangla Name, in Bangla too", async ({ page }) => {
  await page.goto("/login");
  await signIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "Log Out" })).toBeVisible();
  await page.goto("/dashboard/addproduct");
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await page.getByLabel("Product Name").fill("Panel Gauge");
  await page.getByLabel("Bangla Name (optional)").fill("প্যানেল গেজ\u2066");
  await page.getByRole("button", { name: "Add Product" }).click();
  const form = page.locator("form").filter({ has: page.getByLabel("Product Name") });
  await expect(form.getByText(UNSAFE("Bangla Name"))).toBeVisible();

  await page.context().addCookies([{ name: "randa.lang", value: "bn", url: BASE_URL }]);
  await page.reload();
  await page.locator("html[lang=bn][data-hydrated]").waitFor({ state: "attached" });
  await page.locator("#name").fill("Panel Gauge");
  await page.locator("#nameBn").fill("\u202eপ্যানেল");
  await page.getByRole("button", { name: "পণ্য যোগ করুন", exact: true }).click();
  await expect(page.getByText("বাংলা নামে নিয়ন্ত্রণ-অক্ষর বা লেখার দিক বদলানোর অক্ষর থাকতে পারবে না")).toBeVisible();
});
