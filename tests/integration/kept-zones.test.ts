import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createApp } from "@server/app";
import { ChangeVersion } from "@server/cache/change-version";
import { deliveryZone } from "@server/db/schema";
import { asBearer, jsonInit, signUpAdmin, type TestAccount } from "../support/accounts";
import type { ZoneJson } from "../support/delivery-zones";
import { useTestApp } from "../support/test-app";

const DHAKA_CITY = "dhaka_city";

/**
 * Every checkout, quote and checkout page reads the delivery zones, so each copy of the store keeps them until they
 * change: its own change at once, any other (another copy, the operator's shell) when the database announces it.
 */
describe("the delivery zones are kept until they change", () => {
  const t = useTestApp();
  let admin: TestAccount;

  beforeAll(async () => {
    admin = await signUpAdmin(t);
  });

  const quoteOn = async (request: (path: string, init?: RequestInit) => Promise<Response>) => {
    const res = await request("/api/delivery-charge?district=Dhaka&weight=500");
    expect(res.status).toBe(200);
    return ((await res.json()) as { charge: number }).charge;
  };
  const behindTheStoresBack = (firstKgPoisha: number) =>
    t.database.db.update(deliveryZone).set({ firstKgPoisha }).where(eq(deliveryZone.id, DHAKA_CITY));

  it("keeps them while nothing is announced, and reads an admin's change in this copy at once", async () => {
    // This app hears no announcements: what it keeps, and what drops it, is its own doing.
    const version = new ChangeVersion();
    version.setLive(true);
    const app = createApp({ services: { ...t.services, zonesVersion: version } });
    const request = async (path: string, init?: RequestInit) => app.request(path, init);
    const before = await quoteOn(request);
    try {
      await behindTheStoresBack(before * 100 + 1000);
      expect(await quoteOn(request)).toBe(before);
      const zones = (await (await request("/api/delivery-zones")).json()) as ZoneJson[];
      const changed = zones.map((z) => (z.id === DHAKA_CITY ? { ...z, firstKg: before + 20 } : z));
      const res = await request("/api/delivery-zones", jsonInit("PUT", { zones: changed }, asBearer(admin)));
      expect(res.status, await res.clone().text()).toBe(200);
      expect(await quoteOn(request)).toBe(before + 20);
    } finally {
      await behindTheStoresBack(before * 100);
      version.bump();
    }
  });

  it("reads a change committed anywhere once the database announces it", async () => {
    const request = async (path: string, init?: RequestInit) => t.request(path, init);
    const before = await quoteOn(request);
    expect(await quoteOn(request)).toBe(before);
    try {
      await behindTheStoresBack(before * 100 + 3000);
      await expect.poll(() => quoteOn(request), { timeout: 5000 }).toBe(before + 30);
    } finally {
      await behindTheStoresBack(before * 100);
      await expect.poll(() => quoteOn(request), { timeout: 5000 }).toBe(before);
    }
  });
});
