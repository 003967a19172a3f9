import { asc, eq } from "drizzle-orm";
import { consignment, consignmentStep } from "@server/db/schema";
import type { TestAccount } from "./accounts";
import { call, payByTestCard } from "./order-money";
import { orderFor } from "./orders";
import type { TestContext } from "./test-app";

/** An order's parcel with its courier, and the steps it went through in the order they came. */
export async function parcelOf(t: TestContext, orderId: string) {
  const [parcel] = await t.database.db.select().from(consignment).where(eq(consignment.orderId, orderId));
  const steps = await t.database.db
    .select()
    .from(consignmentStep)
    .where(eq(consignmentStep.consignmentId, parcel!.id))
    .orderBy(asc(consignmentStep.id));
  return { parcel: parcel!, steps };
}

/** The buyer whose orders go out, and the admin who ships them. */
export interface Shop {
  buyer: TestAccount;
  admin: TestAccount;
}

/** An order ready for its parcel: paid by test card, or for cash on delivery and confirmed by the shop. */
export async function anOrderToShip(t: TestContext, shop: Shop, cashOnDelivery = false): Promise<string> {
  const orderId = await orderFor(t, shop.buyer);
  if (!cashOnDelivery) {
    await payByTestCard(t, shop.buyer, orderId);
    return orderId;
  }
  for (const [who, step] of [
    [shop.buyer, "cash-on-delivery"],
    [shop.admin, "confirm"],
  ] as const) {
    const res = await call(t, who, "POST", `/api/order/${orderId}/${step}`);
    if (res.status !== 200) throw new Error(`${step} failed: ${res.status} ${await res.text()}`);
  }
  return orderId;
}

/** Such an order booked with a courier through `POST /api/order/{id}/courier`: its id and the courier's answer. */
export async function bookParcel(t: TestContext, shop: Shop, courier: string, cashOnDelivery = false) {
  const orderId = await anOrderToShip(t, shop, cashOnDelivery);
  const res = await call(t, shop.admin, "POST", `/api/order/${orderId}/courier`, { courier });
  if (res.status !== 200) throw new Error(`booking failed: ${res.status} ${await res.text()}`);
  return { orderId, ...((await res.json()) as { consignmentId: string; trackingCode: string }) };
}
