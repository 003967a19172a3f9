// Runs the Steadfast stand-in as its own process for the browser tests (playwright.config.ts), with the keys the
// store is given, and the control a spec uses to make the next booking refused.
import { startSteadfastStandIn } from "./steadfast-stand-in";

const standIn = await startSteadfastStandIn({
  apiKey: process.env.STEADFAST_API_KEY,
  secretKey: process.env.STEADFAST_SECRET_KEY,
  port: Number(process.env.STEADFAST_PORT ?? 0),
  control: true,
});
console.log(`Steadfast stand-in at ${standIn.url}`);
