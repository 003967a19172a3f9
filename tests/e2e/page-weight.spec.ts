import { gzipSync } from "node:zlib";
import type { Page, Response as PageResponse } from "@playwright/test";
import { BASE_URL, registerViaApi } from "./accounts";
import { expect, test } from "./fixtures";
import { productNamed, waitForHydration } from "./shop";

/**
 * The gzipped JavaScript (level 9, each file on its own, as bench/page-weight.mjs counts it) a page makes a phone
 * download. The product page and the cart are the server's HTML with islands, no React in the browser
 * (docs/decisions/0041-buyer-pages-as-islands.md): at most 40 KB, in either language. The sign-in pages hydrate
 * nothing: their forms post and the server answers.
 */
const BUYER_PAGE_BUDGET_KB = 40;
/** The customer's dashboard pages hydrate React with React Router (about 96 KB), and add their tables and dialogs. */
const DASHBOARD_BUDGET_KB = 121;

/** The scripts the page fetched until the network was idle and it had hydrated: their addresses and bodies. */
async function scriptsOf(page: Page, path: string): Promise<Map<string, Buffer>> {
  const bodies = new Map<string, Promise<Buffer>>();
  const listen = (res: PageResponse) => {
    if (res.request().resourceType() === "script") bodies.set(res.url(), res.body());
  };
  page.on("response", listen);
  await page.goto(path, { waitUntil: "networkidle" });
  await waitForHydration(page);
  page.off("response", listen);
  return new Map(await Promise.all([...bodies].map(async ([url, body]) => [url, await body] as const)));
}

const gzippedKb = (scripts: Map<string, Buffer>) =>
  [...scripts.values()].reduce((sum, body) => sum + gzipSync(body, { level: 9 }).length, 0) / 1024;

const text = (scripts: Map<string, Buffer>) => [...scripts.values()].map((body) => body.toString("utf8")).join("\n");

test.describe("the JavaScript a page loads", () => {
  test("Login, Sign Up and the password pages load no JavaScript, in either language", async ({ page }) => {
    for (const language of ["en", "bn"]) {
      await page.context().addCookies([{ name: "randa.lang", value: language, url: BASE_URL }]);
      for (const path of ["/login", "/register", "/forgot-password", "/reset-password?token=x"]) {
        const scripts: string[] = [];
        const listen = (res: PageResponse) => {
          if (res.request().resourceType() === "script") scripts.push(res.url());
        };
        page.on("response", listen);
        await page.goto(path, { waitUntil: "networkidle" });
        page.off("response", listen);
        expect(scripts, `${path} (${language})`).toEqual([]);
        await expect(page.locator("script[src], link[rel=modulepreload]"), path).toHaveCount(0);
      }
    }
  });

  for (const language of ["en", "bn"] as const) {
    test(`a product and the cart stay within their budget in ${language === "en" ? "English" : "Bangla"}, with no texts of either language`, async ({
      page,
    }) => {
      await page.context().addCookies([{ name: "randa.lang", value: language, url: BASE_URL }]);
      const plane = await productNamed(page.request, "No. 4 Smoothing Plane");
      const added = await page.request.post("/cart", {
        form: { intent: "add", productId: plane._id, quantity: "20" },
        headers: { Origin: BASE_URL },
      });
      expect(added.ok()).toBe(true);
      for (const path of [`/detail/${plane._id}`, "/cart"]) {
        const scripts = await scriptsOf(page, path);
        expect(gzippedKb(scripts), `${path} (${language})`).toBeLessThanOrEqual(BUYER_PAGE_BUDGET_KB);
        // The islands' words are the page's own, in its language: their script carries neither catalogue.
        expect(text(scripts), path).not.toContain("হোম");
        expect(text(scripts), path).not.toContain("Add to cart");
        // Nor React.
        expect(text(scripts), path).not.toContain("react.dev");
      }
    });
  }

  test("a customer's dashboard stays within its budget", async ({ page }) => {
    await registerViaApi(page);
    for (const path of ["/dashboard", "/dashboard/orders"]) {
      expect(gzippedKb(await scriptsOf(page, path)), path).toBeLessThanOrEqual(DASHBOARD_BUDGET_KB);
    }
  });
});
