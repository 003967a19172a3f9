// Runs the Playwright suite on the system Chromium. Outside CI a missing Chromium skips the suite loudly;
// with CI=true it is a failure.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { findTestChromium } from "../tests/support/chromium.mjs";

if (!findTestChromium()) {
  const message = [
    "",
    "!!! No Chromium found (looked for $CHROMIUM_PATH, /usr/bin/chromium-headless-shell, /usr/bin/chromium, /usr/bin/chromium-browser).",
    "!!! The browser tests did NOT run. Install it with: apt-get install -y chromium chromium-headless-shell fonts-liberation",
    "",
  ].join("\n");
  console.error(message);
  process.exit(process.env.CI === "true" || process.env.CI === "1" ? 1 : 0);
}

// The store's data folder for this run (playwright.config.ts reads it), removed once Playwright has stopped the store;
// one given in E2E_DATA_DIR is kept.
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), "randa-e2e-"));
const result = spawnSync("npx", ["playwright", "test", ...process.argv.slice(2)], {
  stdio: "inherit",
  env: { ...process.env, E2E_DATA_DIR: dataDir },
});
if (!process.env.E2E_DATA_DIR) rmSync(dataDir, { recursive: true, force: true });
process.exit(result.status ?? 1);
