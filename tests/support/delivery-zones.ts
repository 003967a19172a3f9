import { expect } from "vitest";
import { signUpAdmin } from "./accounts";
import { call } from "./order-money";
import type { TestContext } from "./test-app";

/** A delivery zone as GET /api/delivery-zones answers it (money in Tk). */
export interface ZoneJson {
  id: string;
  firstKg: number;
  perKg: number;
  freeAbove: number | null;
  codAvailable: boolean;
  advanceDeliveryCharge: boolean;
  districts: string[];
}

export async function zonesOf(t: TestContext): Promise<ZoneJson[]> {
  return (await (await t.request("/api/delivery-zones")).json()) as ZoneJson[];
}

/** Sets the zones as an admin would, changing only what `change` names, and puts them back after `run`. */
export async function withZones(
  t: TestContext,
  change: (z: ZoneJson) => Partial<ZoneJson>,
  run: () => Promise<void>,
): Promise<void> {
  const admin = await signUpAdmin(t);
  const before = await zonesOf(t);
  const set = (list: ZoneJson[]) => call(t, admin, "PUT", "/api/delivery-zones", { zones: list });
  expect((await set(before.map((z) => ({ ...z, ...change(z) })))).status).toBe(200);
  try {
    await run();
  } finally {
    await set(before);
  }
}
