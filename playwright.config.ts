import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { chromiumArgs, findTestChromium } from "./tests/support/chromium.mjs";

const port = Number(process.env.E2E_PORT ?? 4173);
// Each run gets an empty embedded database, so the demo catalog is seeded fresh. Workers inherit the variable.
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), "randa-e2e-"));

export const baseURL = `http://127.0.0.1:${port}`;
const oidcPort = port + 7;
/** The stand-in for Google the browser tests sign in with (tests/support/oidc-stand-in.ts). */
export const google = {
  issuer: `http://127.0.0.1:${oidcPort}`,
  clientId: "randa-e2e",
  clientSecret: "randa-e2e-secret",
};

/** The stand-in for the SSLCommerz sandbox (tests/support/sslcommerz-stand-in.ts). */
export const sslcommerz = {
  url: `http://127.0.0.1:${port + 8}`,
  storeId: "randa-e2e",
  storePassword: "randa-e2e-password",
};

/**
 * The stand-in for Steadfast's merchant API (tests/support/steadfast-stand-in.ts): the store books parcels with it,
 * and tests/e2e/couriers.spec.ts makes it refuse one through its control.
 */
export const steadfast = {
  url: `http://127.0.0.1:${port + 9}`,
  apiKey: "randa-e2e-steadfast-key",
  secretKey: "randa-e2e-steadfast-secret",
  webhookToken: "randa-e2e-steadfast-webhook-token",
};

const desktop = { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } };

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  workers: process.env.CI ? 2 : undefined,
  // A test's time is not what it checks (speed is measured by npm run bench): CI's machine, shared and at times
  // three times slower than a developer's, gets twice the time for a test and for each expectation.
  timeout: process.env.CI ? 60_000 : 30_000,
  expect: { timeout: process.env.CI ? 10_000 : 5_000 },
  reporter: [["list"], ["json", { outputFile: "reports/e2e-results.json" }]],
  use: {
    baseURL,
    trace: "retain-on-failure",
    launchOptions: { executablePath: findTestChromium() ?? undefined, args: chromiumArgs },
  },
  projects: [
    {
      name: "chromium",
      use: desktop,
      testIgnore:
        /(home-changing|catalog|categories|delivery-charges|cod-advance|stock-ledger|tool-reviews|variants|photos|spreadsheet|couriers|payouts|back-in-stock)\.spec\.ts/,
    },
    // Tests that change what the home page shows (its reviews, its products), or the delivery charges every checkout
    // reckons, run after the rest.
    {
      name: "home-changing",
      use: desktop,
      testMatch:
        /(home-changing|catalog|categories|delivery-charges|cod-advance|stock-ledger|tool-reviews|variants|photos|spreadsheet|couriers|payouts|back-in-stock)\.spec\.ts/,
      dependencies: ["chromium"],
      // One file at a time: two files that change the delivery zones (each saves the whole form, and puts back the
      // zones as it found them) would undo each other's changes.
      workers: 1,
    },
  ],
  webServer: [
    {
      command: "npx tsx tests/support/oidc-stand-in-main.ts",
      url: `${google.issuer}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      env: {
        OIDC_PORT: String(oidcPort),
        OIDC_CLIENT_ID: google.clientId,
        OIDC_CLIENT_SECRET: google.clientSecret,
        OIDC_REDIRECT_URI: `${baseURL}/api/auth/callback/google`,
      },
    },
    {
      command: "npx tsx tests/support/sslcommerz-stand-in-main.ts",
      url: `${sslcommerz.url}/health`,
      reuseExistingServer: false,
      env: {
        SSLCOMMERZ_PORT: String(port + 8),
        SSLCOMMERZ_STORE_ID: sslcommerz.storeId,
        SSLCOMMERZ_STORE_PASSWORD: sslcommerz.storePassword,
      },
    },
    {
      command: "npx tsx tests/support/steadfast-stand-in-main.ts",
      url: `${steadfast.url}/health`,
      reuseExistingServer: false,
      env: {
        STEADFAST_PORT: String(port + 9),
        STEADFAST_API_KEY: steadfast.apiKey,
        STEADFAST_SECRET_KEY: steadfast.secretKey,
      },
    },
    {
      // As a shop runs it: `npm run serve`'s Node flags and malloc settings (decisions 0044 and 0052).
      command: process.env.E2E_SKIP_BUILD ? "npm run serve" : "npm run build && npm run serve",
      url: `${baseURL}/api/health`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: "pipe",
      env: {
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: process.env.E2E_DATA_DIR,
        DATABASE_URL: "",
        BASE_URL: baseURL,
        AUTH_SECRET: "e2e-secret-that-is-long-enough-0123456789",
        SIGN_IN_LIMIT_PER_MINUTE: "1000",
        // Errors only: a line per request would bury the suite's own output.
        LOG_LEVEL: "warn",
        // The browser tests buy, review and upload from one address, many times over.
        ORDER_LIMIT_PER_MINUTE: "100000",
        MAX_OPEN_ORDERS: "100000",
        REVIEW_LIMIT_PER_HOUR: "100000",
        UPLOAD_LIMIT_PER_HOUR: "100000",
        IMPORT_LIMIT_PER_HOUR: "100000",
        GOOGLE_CLIENT_ID: google.clientId,
        GOOGLE_CLIENT_SECRET: google.clientSecret,
        GOOGLE_ISSUER: google.issuer,
        SSLCOMMERZ_STORE_ID: sslcommerz.storeId,
        SSLCOMMERZ_STORE_PASSWORD: sslcommerz.storePassword,
        SSLCOMMERZ_API_URL: sslcommerz.url,
        STEADFAST_API_KEY: steadfast.apiKey,
        STEADFAST_SECRET_KEY: steadfast.secretKey,
        STEADFAST_BASE_URL: `${steadfast.url}/api/v1`,
        STEADFAST_WEBHOOK_TOKEN: steadfast.webhookToken,
        // VAT-registered: invoices are Mushak-6.3 (tests/e2e/invoice.spec.ts).
        SHOP_BIN: "000123456-0101",
        VAT_RATE: "15",
      },
    },
  ],
});
