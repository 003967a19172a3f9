import { gzipSync } from "node:zlib";
import type { Page, Response as PageResponse } from "@playwright/test";
import { BASE_URL, registerViaApi } from "./accounts";
import { expect, test } from "./fixtures";
import { productNamed, waitForHydration } from "./shop";

/**
 * The gzipped JavaScript (level 9, each file on its own, as bench/page-weight.mjs counts it) a hydrated page makes
 * a phone download. React and React Router alone are about 96 KB of it; docs/decisions/0024-lighter-pages.md. The
 * sign-in pages hydrate nothing: their forms post and the server answers.
 */
const BUDGET_KB = { en: 118, bn: 122 };
/** The customer's dashboard pages add their tables, dialogs and pagers. */
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

  test("a product stays within its budget in English, with no Bangla texts", async ({ page }) => {
    const plane = await productNamed(page.request, "No. 4 Smoothing Plane");
    for (const path of [`/detail/${plane._id}`]) {
      const scripts = await scriptsOf(page, path);
      expect(gzippedKb(scripts), path).toBeLessThanOrEqual(BUDGET_KB.en);
      // Bangla's "Home" is only in the Bangla texts, which an English page never downloads.
      expect(text(scripts), path).not.toContain("হোম");
    }
  });

  test("a product stays within its budget in Bangla, with no English texts", async ({ page }) => {
    await page.context().addCookies([{ name: "randa.lang", value: "bn", url: BASE_URL }]);
    const plane = await productNamed(page.request, "No. 4 Smoothing Plane");
    for (const path of [`/detail/${plane._id}`]) {
      const scripts = await scriptsOf(page, path);
      expect(gzippedKb(scripts), path).toBeLessThanOrEqual(BUDGET_KB.bn);
      expect(text(scripts), path).toContain("হোম");
      // The home page's English heading is only in the English texts.
      expect(text(scripts), path).not.toContain("Hand tools that hold an edge");
    }
  });

  test("a customer's dashboard stays within its budget", async ({ page }) => {
    await registerViaApi(page);
    for (const path of ["/dashboard", "/dashboard/orders"]) {
      expect(gzippedKb(await scriptsOf(page, path)), path).toBeLessThanOrEqual(DASHBOARD_BUDGET_KB);
    }
  });
});
