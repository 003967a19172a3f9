import { expireOrders } from "./orders";
import { paymentProviderOf, storeMode, type Config } from "./config";
import { adminsOpenedBy, DEMO_ADMIN, ensureDemoAdmin, ensureOperatorAdmin, type Log } from "./auth/first-admin";
import { seedDemoData } from "./db/seed";
import { pruneRequestLimits } from "./limits/request-limit";
import type { Services } from "./services";
import { storeContext } from "./context/request-context";

/** Start-up found the store unsafe to open; its message is one line that says what to do. */
export class StartRefused extends Error {}

/**
 * What start-up does to the database before the store takes requests: spent rate-limit counters pruned, demo data,
 * the first admin, and the checks a live store must pass. Says what it did through `log`; throws `StartRefused` when the store must not open.
 */
export async function prepareStore(services: Services, config: Config, log: Log = console.log): Promise<void> {
  const { live } = storeMode(config);
  await pruneRequestLimits(services.db);
  if (config.DEMO_DATA && (await seedDemoData(services.db))) log("Seeded the demo catalog and reviews.");
  if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) {
    await ensureOperatorAdmin(services, { email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD }, log);
  } else if (!live) {
    await ensureDemoAdmin(services, log);
  }
  // Orders whose hold ran out while no copy of the server was running.
  const expired = await expireOrders(storeContext(services, "start-up"));
  if (expired > 0)
    log(`Expired ${expired} unpaid order${expired === 1 ? "" : "s"} whose hold ran out while the store was down.`);
  if (live) {
    const [opened] = await adminsOpenedBy(services.db, DEMO_ADMIN.password);
    if (opened) {
      throw new StartRefused(
        `Refusing to start a live store: the published demo password still opens the admin account ${opened}. Change it with: npm run admin -- password ${opened}`,
      );
    }
  }
}

/** The start-up line's account of the mode: demo or live, and why; and how cards are paid. */
export function describeMode(config: Config): string {
  const { live, reasons } = storeMode(config);
  const cards = paymentProviderOf(config);
  const payments =
    cards === "test" ? "test cards, no real payments" : cards === "stripe" ? "cards by Stripe" : "no card payments";
  return live
    ? `live store (${reasons.join("; ")}); ${payments}`
    : `demo store (embedded database, demo data, loopback address); ${payments}`;
}
