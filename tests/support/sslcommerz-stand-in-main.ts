// Runs the SSLCommerz stand-in as its own process for the browser tests (playwright.config.ts).
import { startSslcommerzStandIn } from "./sslcommerz-stand-in";

const standIn = await startSslcommerzStandIn(
  process.env.SSLCOMMERZ_STORE_ID ?? "randa-e2e",
  process.env.SSLCOMMERZ_STORE_PASSWORD ?? "randa-e2e-password",
);
console.log(`SSLCommerz stand-in at ${standIn.url}`);
