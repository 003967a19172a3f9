import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "@playwright/test";
import { expect } from "./fixtures";

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

interface Finding {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/**
 * Runs axe-core (WCAG 2.1 A and AA rules) on the page as it stands and fails on any serious or critical finding,
 * naming each rule and the elements it found. axe is evaluated through the DevTools protocol, which the store's
 * Content-Security-Policy does not govern, so the page is checked exactly as it is served.
 */
export async function expectNoSeriousA11yFindings(page: Page, label = page.url()): Promise<void> {
  await page.evaluate(axeSource);
  const findings = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (o: object) => Promise<{ violations: unknown[] }> } }).axe;
    const result = await axe.run({ runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] } });
    return (
      result.violations as { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[]
    ).map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(" ")) }));
  });
  const serious = (findings as Finding[]).filter((f) => f.impact === "serious" || f.impact === "critical");
  expect(serious, `axe-core on ${label}`).toEqual([]);
}
