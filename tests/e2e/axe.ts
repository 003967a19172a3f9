import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "@playwright/test";
import { type ScreenRoute, screenRouteOf } from "./a11y-routes";
import { expect } from "./fixtures";

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

interface Finding {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

interface A11yOptions {
  /** CSS selectors of parts axe leaves out: only third-party markup we cannot change, each with its reason. */
  exclude?: string[];
}

/**
 * Runs axe-core (WCAG 2.1 A and AA rules) on the page as it stands and fails on any serious or critical finding,
 * naming each rule and the elements it found. axe is evaluated through the DevTools protocol, which the store's
 * Content-Security-Policy does not govern, so the page is checked exactly as it is served.
 */
export async function expectNoSeriousA11yFindings(
  page: Page,
  label = page.url(),
  { exclude = [] }: A11yOptions = {},
): Promise<void> {
  await page.evaluate(axeSource);
  const findings = await page.evaluate(async (exclude) => {
    const axe = (window as unknown as { axe: { run: (c: object, o: object) => Promise<{ violations: unknown[] }> } })
      .axe;
    const result = await axe.run(
      { exclude: exclude.map((selector) => [selector]) },
      { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] } },
    );
    return (
      result.violations as { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[]
    ).map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(" ")) }));
  }, exclude);
  const serious = (findings as Finding[]).filter((f) => f.impact === "serious" || f.impact === "critical");
  expect(serious, `axe-core on ${label}`).toEqual([]);
}

/**
 * Opens a screen and waits until it is ready to be used: its answer's status as expected and, on a page that ships
 * JavaScript, hydrated (static pages ship none: docs/decisions/0004-static-pages-ship-no-javascript.md).
 */
export async function openScreen(page: Page, url: string, status = 200): Promise<void> {
  const res = await page.goto(url);
  expect(res?.status(), url).toBe(status);
  if ((await page.locator("script[type=module]").count()) > 0) {
    await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  }
}

/**
 * Checks the screen shown, once its transitions have ended (a toast sliding in, the sidebar folding), after
 * asserting that it is the screen of `route`: the pattern app/routes.ts gives its address, as a11y-routes.ts lists.
 */
export async function expectAccessibleScreen(
  page: Page,
  route: ScreenRoute,
  state: string,
  options?: A11yOptions,
): Promise<void> {
  expect(screenRouteOf(page.url()), `the route of ${page.url()}`).toBe(route);
  await page.evaluate(async () => {
    await document.fonts.ready;
    const ending = document.getAnimations().filter((a) => a.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.all(ending.map((a) => a.finished.catch(() => undefined)));
  });
  const language = await page.locator("html").getAttribute("lang");
  await expectNoSeriousA11yFindings(page, `${route}, ${state} (${language}): ${page.url()}`, options);
}
