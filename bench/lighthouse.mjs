// Lighthouse's mobile run (simulated slow 4G and a 4x slower CPU) on each public page, in Debian's Chromium.
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { chromiumArgs, findChromium } from "../tests/support/chromium.mjs";

const categories = ["performance", "accessibility", "best-practices", "seo"];

export async function runLighthouse(baseUrl, paths) {
  const chrome = await chromeLauncher.launch({
    chromePath: findChromium(),
    chromeFlags: ["--headless=new", ...chromiumArgs],
  });
  const results = [];
  try {
    for (const path of paths) {
      // A run that could not load the page (a busy machine, say) has no scores; it is tried again.
      let lhr;
      for (let attempt = 1; attempt <= 3; attempt++) {
        const runner = await lighthouse(baseUrl + path, {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: categories,
        });
        lhr = runner.lhr;
        if (!lhr.runtimeError && lhr.categories.performance?.score != null) break;
        console.warn(`bench: Lighthouse could not measure ${path} (${lhr.runtimeError?.code ?? "no score"}); again.`);
      }
      const score = (c) => Math.round((lhr.categories[c]?.score ?? 0) * 100);
      results.push({
        path,
        performance: score("performance"),
        accessibility: score("accessibility"),
        bestPractices: score("best-practices"),
        seo: score("seo"),
        lcpMs: Math.round(lhr.audits["largest-contentful-paint"]?.numericValue ?? 0),
        tbtMs: Math.round(lhr.audits["total-blocking-time"]?.numericValue ?? 0),
        cls: Number((lhr.audits["cumulative-layout-shift"]?.numericValue ?? 0).toFixed(3)),
        consoleErrors: (lhr.audits["errors-in-console"]?.details?.items ?? []).map(
          (i) => `${i.source}: ${i.description} ${i.url ?? ""}`,
        ),
        failedAudits: Object.values(lhr.audits)
          .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode === "binary")
          .map((a) => a.id),
      });
    }
  } finally {
    await chrome.kill();
  }
  return results;
}
