import { asc, eq } from "drizzle-orm";
import { consignment, consignmentStep } from "@server/db/schema";
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
