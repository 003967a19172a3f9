// Finds the system Chromium the browser tests drive (Debian's packages; Playwright's own download is not used).
import { accessSync, constants } from "node:fs";

/** The browser Lighthouse and the bench's page weights run: Chromium itself, as a buyer's phone has it. */
const browsers = [
  process.env.CHROMIUM_PATH,
  "/usr/bin/chromium",
  "/usr/bin/chromium-browser",
  "/usr/bin/google-chrome",
];

/**
 * The browser the tests drive: Debian's chromium-headless-shell where it is installed (the same Blink and V8 as
 * Chromium without the browser's own interface and services, as Playwright's own headless runs use; the suite
 * spends a quarter less CPU with it, decision 0047), else Chromium.
 */
const testBrowsers = [process.env.CHROMIUM_PATH, "/usr/bin/chromium-headless-shell", ...browsers.slice(1)];

function firstExecutable(candidates) {
  for (const candidate of candidates) {
    if (!candidate) continue;
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // try the next one
    }
  }
  return null;
}

export function findChromium() {
  return firstExecutable(browsers);
}

export function findTestChromium() {
  return firstExecutable(testBrowsers);
}

export const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];
