// What each public page makes a browser download: gzipped JavaScript and CSS, and the HTML itself.
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import { chromiumArgs, findChromium } from "../tests/support/chromium.mjs";

const gzipSize = (buf) => gzipSync(buf, { level: 9 }).length;

export async function measurePageWeight(baseUrl, paths) {
  const browser = await chromium.launch({ executablePath: findChromium(), args: chromiumArgs });
  const results = [];
  try {
    for (const path of paths) {
      const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
      const page = await context.newPage();
      const assets = new Map();
      page.on("response", async (res) => {
        const type = res.request().resourceType();
        if (type !== "script" && type !== "stylesheet") return;
        try {
          assets.set(res.url(), { type, body: await res.body() });
        } catch {
          // a redirect or an aborted request has no body
        }
      });
      const response = await page.goto(baseUrl + path, { waitUntil: "networkidle" });
      const html = await response.body();
      const sum = (type) =>
        [...assets.values()].filter((a) => a.type === type).reduce((n, a) => n + gzipSize(a.body), 0);
      results.push({
        path,
        jsGzipBytes: sum("script"),
        cssGzipBytes: sum("stylesheet"),
        htmlBytes: html.length,
        htmlGzipBytes: gzipSize(html),
        scripts: [...assets.values()].filter((a) => a.type === "script").length,
      });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return results;
}
