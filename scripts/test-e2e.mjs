// Runs the Playwright suite on the system Chromium. Outside CI a missing Chromium skips the suite loudly;
// with CI=true it is a failure.
import { spawnSync } from "node:child_process";
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

const result = spawnSync("npx", ["playwright", "test", ...process.argv.slice(2)], { stdio: "inherit" });
process.exit(result.status ?? 1);
