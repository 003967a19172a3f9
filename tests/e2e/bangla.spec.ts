import { BASE_URL, registerViaApi } from "./accounts";
import { expect, test } from "./fixtures";
import { toast, waitForHydration } from "./shop";
import { checkoutOpened } from "./checkout";

test.describe("the store in Bangla", () => {
  test("a browser that prefers Bangla gets it at once, rendered on the server", async ({ browser }) => {
    const context = await browser.newContext({ locale: "bn-BD" });
    const page = await context.newPage();
    const res = await page.request.get("/", { headers: { "Accept-Language": "bn-BD,bn;q=0.9,en;q=0.8" } });
    const html = await res.text();
    expect(html).toMatch(/<html lang="bn"/);
    expect(html).toContain("পণ্যের বিস্তারিত");
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("lang", "bn");
    await expect(page.getByRole("navigation", { name: "প্রধান মেনু" }).getByRole("link", { name: "হোম" })).toBeVisible();
    await context.close();
  });

  test("the public pages read in Bangla, blogs and portfolio included", async ({ page }) => {
    await page.context().addCookies([{ name: "randa.lang", value: "bn", url: BASE_URL }]);
    await page.goto("/blogs");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("ব্লগ");
    await expect(page).toHaveTitle("ব্লগ | Randa");
    await page.goto("/myprotfolio");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("আমার পোর্টফোলিও");
    await expect(page.getByText("৯০%")).toBeVisible();
    await page.goto("/login");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("লগইন");
    await page.getByRole("button", { name: "সাইন ইন", exact: true }).click();
    await expect(page.getByText("ইমেইল দিন")).toBeVisible();
    await page.goto("/no-such-page");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("পাতাটি খুঁজে পাওয়া যায়নি");
  });

  test("the whole buy flow: switch to Bangla, buy, give delivery details at checkout, cash on delivery, see My Orders", async ({
    page,
  }) => {
    const customer = await registerViaApi(page);
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await page.getByRole("button", { name: "বাংলায় দেখুন (Show in Bangla)" }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "bn");

    // The product in its Bangla name, on its card and on its page.
    await page.getByRole("link", { name: "পণ্যের বিস্তারিত: রিওবা পুল করাত" }).click();
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("রিওবা পুল করাত");
    // Bengali digits, lakh grouping and ৳.
    await expect(page.getByTestId("price")).toContainText("৳");
    await expect(page.getByTestId("minimum-quantity")).toHaveText(/^[০-৯,]+ পিস$/);
    await page.getByLabel("পরিমাণ (পিস)").fill("1");
    await expect(page.getByRole("alert")).toHaveText(/^কমপক্ষে [০-৯]+ পিস কিনতে হবে$/);
    await page.getByLabel("পরিমাণ (পিস)").fill("40");
    await page.getByRole("button", { name: "এখনই কিনুন" }).click();

    await expect(page.getByRole("heading", { level: 1 })).toHaveText("চেকআউট");
    await checkoutOpened(page);
    await expect(page).toHaveTitle("চেকআউট | Randa");
    await expect(page.getByTestId("checkout-lines")).toContainText("রিওবা পুল করাত");
    await expect(page.getByTestId("checkout-lines")).toContainText("৪০ পিস");
    await page.getByLabel("নাম", { exact: true }).fill(customer.name);
    await page.getByLabel("মোবাইল নম্বর").fill("12345");
    await page.getByLabel("বিভাগ").selectOption({ label: "সিলেট" });
    await page.getByLabel("জেলা").selectOption({ label: "মৌলভীবাজার" });
    await page.getByLabel("ঠিকানা (বাড়ি, রাস্তা, এলাকা)").fill("Sreemangal, Road 2");
    // 40 saws of 450 g to Moulvibazar, outside Dhaka: ৳130 for the first kg and ৳25 for each of the other 17.
    await expect(page.getByTestId("checkout-delivery")).toHaveText("৫৫৫৳");
    await page.getByLabel("ক্যাশ অন ডেলিভারি").check();
    await page.getByRole("button", { name: "অর্ডার দিন" }).click();
    await expect(page.getByText("বাংলাদেশি মোবাইল নম্বর দিন")).toBeVisible();
    await page.getByLabel("মোবাইল নম্বর").fill("01912345678");
    await page.getByRole("button", { name: "অর্ডার দিন" }).click();
    await expect(toast(page, "অর্ডার সম্পন্ন হয়েছে")).toBeVisible();
    // Once it has slid in, the toast sits below the navbar, so it never covers the links the customer goes on with.
    const navbarBox = await page.locator("header").first().boundingBox();
    await expect
      .poll(async () => (await toast(page, "অর্ডার সম্পন্ন হয়েছে").boundingBox())?.y ?? 0)
      .toBeGreaterThanOrEqual(navbarBox!.y + navbarBox!.height);
    await expect(page).toHaveURL(/\/dashboard\/order\/[0-9a-f-]{36}$/);
    const orderPath = new URL(page.url()).pathname;
    await expect(page.getByTestId("confirmation-note")).toContainText("দোকান");

    await page.getByRole("link", { name: "ড্যাশবোর্ড" }).click();
    await page.getByRole("navigation", { name: "ড্যাশবোর্ড মেনু" }).getByRole("link", { name: "আমার অর্ডার" }).click();
    await expect(page.getByRole("heading", { name: "আমার অর্ডার" })).toBeVisible();
    await expect(page).toHaveTitle("আমার অর্ডার | Randa");
    const row = page.getByRole("row").filter({ has: page.locator(`a[href="${orderPath}"]`) });
    // The order is named by its tool's Bangla name, as the order view names it.
    await expect(row).toContainText("রিওবা পুল করাত");
    await expect(row).toContainText("৪০ পিস");
    await expect(row).toContainText("ডেলিভারি ৫৫৫৳ সহ মোট ৬৬,৫৫৫৳");
    await expect(row).toContainText("ক্যাশ অন ডেলিভারি");

    // And back to English, remembered in the cookie.
    await page.getByRole("button", { name: "Show in English (ইংরেজিতে দেখুন)" }).click();
    await expect(page.getByRole("heading", { name: "My Orders" })).toBeVisible();
    await expect(row).toContainText("Ryoba Pull Saw 240 mm");
    await expect(row).toContainText("Cash on delivery");
  });
});
