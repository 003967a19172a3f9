import type { BrowserContext, Page } from "@playwright/test";
import { BASE_URL, DEMO_ADMIN, registerViaApi } from "./accounts";
import { expectNoSeriousA11yFindings } from "./axe";
import { expect, test } from "./fixtures";
import { DELIVERY, orderViaApi, productNamed, signInViaApi, waitForHydration } from "./shop";

// axe-core (WCAG 2.1 A and AA) on every dashboard screen, a customer's and an admin's, in English and in Bangla:
// no serious or critical finding. Each screen is checked once its JavaScript has taken over, as people use it.

const LANGUAGES = ["en", "bn"] as const;

async function inLanguage(context: BrowserContext, language: (typeof LANGUAGES)[number]) {
  await context.addCookies([{ name: "randa.lang", value: language, url: BASE_URL }]);
}

async function check(page: Page, path: string) {
  const res = await page.goto(path);
  expect(res?.status(), path).toBe(200);
  await waitForHydration(page);
  await expectNoSeriousA11yFindings(page, path);
}

for (const language of LANGUAGES) {
  test(`a customer's dashboard screens have no serious accessibility finding (${language})`, async ({
    page,
    context,
  }) => {
    await registerViaApi(page);
    const plane = await productNamed(page.request, "Low-Angle Block Plane");
    const unpaid = await orderViaApi(page, plane._id, 20, DELIVERY);
    const cod = await orderViaApi(page, plane._id, 20, DELIVERY);
    await page.request.post(`/api/order/${cod}/cash-on-delivery`, { headers: { Origin: BASE_URL } });
    await inLanguage(context, language);
    for (const path of [
      "/dashboard",
      "/dashboard/profile",
      "/dashboard/orders",
      "/dashboard/reviews",
      `/dashboard/payment/${unpaid}`,
      `/dashboard/order/${unpaid}`,
      `/dashboard/order/${cod}`,
      `/dashboard/orders/${cod}/invoice`,
    ]) {
      await check(page, path);
    }
  });

  test(`an admin's dashboard screens have no serious accessibility finding (${language})`, async ({
    page,
    context,
  }) => {
    const plane = await productNamed(page.request, "Low-Angle Block Plane");
    await signInViaApi(page.request, DEMO_ADMIN);
    await inLanguage(context, language);
    const res = await page.request.get("/api/order?limit=1", { headers: { Origin: BASE_URL } });
    const [anyOrder] = (await res.json()) as { _id: string }[];
    const paths = [
      "/dashboard/overview",
      "/dashboard/overview?days=90",
      "/dashboard/profile",
      "/dashboard/addproduct",
      "/dashboard/manageproduct",
      `/dashboard/manageproduct/${plane._id}`,
      "/dashboard/categories",
      "/dashboard/manageorder",
      "/dashboard/manageorder?status=refund-due",
      "/dashboard/admin",
    ];
    if (anyOrder) paths.push(`/dashboard/order/${anyOrder._id}`, `/dashboard/orders/${anyOrder._id}/invoice`);
    for (const path of paths) await check(page, path);
  });
}
