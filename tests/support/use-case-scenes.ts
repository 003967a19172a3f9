import { eq } from "drizzle-orm";
import type { SessionUser } from "@server/auth/session";
import { testPaymentIntent, type NewProductRow } from "@server/db/schema";
import { chooseCashOnDelivery, placeOrder } from "@server/orders/orders";
import { startCardPayment } from "@server/payments/payments";
import { as } from "./contexts";
import { holdPayment, makeProduct, oweCashBack, TEST_DELIVERY } from "./orders";
import type { TestContext } from "./test-app";

/** What a use case works on, made fresh: the ids and addresses it is given. */
export type Scene = Record<string, string>;

/** The buyer's unpaid order, with delivery details, of a product of its own; placed through the use case. */
export async function anOrderOf(
  t: TestContext,
  buyer: SessionUser,
  quantity = 20,
  overrides: Partial<NewProductRow> = {},
): Promise<Scene> {
  const { id: productId } = await makeProduct(t, overrides);
  const { order } = await placeOrder(as(t, buyer), { productId, quantity, delivery: TEST_DELIVERY });
  return { productId, orderId: order.id };
}

export async function aCashOnDeliveryOrderOf(t: TestContext, buyer: SessionUser): Promise<Scene> {
  const s = await anOrderOf(t, buyer);
  await chooseCashOnDelivery(as(t, buyer), s.orderId);
  return s;
}

/** An order whose collected cash is due back to its buyer: the shop cancelled it after collecting. */
export async function aRefundDueOf(t: TestContext, buyer: SessionUser): Promise<Scene> {
  const s = await aCashOnDeliveryOrderOf(t, buyer);
  await oweCashBack(t, s.orderId!);
  return s;
}

/** An unpaid order whose gateway payment waits for an admin's review, as SSLCommerz holds risky ones. */
export async function aHeldPaymentOf(t: TestContext, buyer: SessionUser): Promise<Scene> {
  const s = await anOrderOf(t, buyer);
  await holdPayment(t, s.orderId!);
  return s;
}

/** An order the buyer started paying by card (the test processor): its intent's id and client secret. */
export async function anIntentOf(t: TestContext, buyer: SessionUser): Promise<Scene> {
  const s = await anOrderOf(t, buyer);
  const started = await startCardPayment(as(t, buyer), { orderId: s.orderId });
  if (started.kind !== "card") throw new Error(`the card provider answered ${started.kind}`);
  return { ...s, intentId: started.reference, clientSecret: started.clientSecret };
}

/** A card payment the processor has taken and the store has not yet heard of. */
export async function aPaymentNotYetSettledOf(t: TestContext, buyer: SessionUser): Promise<Scene> {
  const s = await anIntentOf(t, buyer);
  await t.database.db
    .update(testPaymentIntent)
    .set({ status: "succeeded" })
    .where(eq(testPaymentIntent.id, s.intentId!));
  return s;
}
