import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { order, payment, type NewProductRow } from "@server/db/schema";
import { asBearer, jsonInit, type TestAccount } from "./accounts";
import type { TestContext } from "./test-app";
import { insertStocked } from "./stock-ledger";

/** A product of its own for a test, so its stock never depends on another test. */
export async function makeProduct(t: TestContext, overrides: Partial<NewProductRow> = {}) {
  const [row] = await insertStocked(t.database.db, {
    name: `Marking Gauge ${randomUUID().slice(0, 8)}`,
    image: "/images/products/marking-gauge.svg",
    pricePoisha: 125050,
    minimumQuantity: 20,
    availability: 200,
    ...overrides,
  });
  return row!;
}

/** A delivery address that passes every check. */
export const TEST_DELIVERY = {
  name: "Karim Uddin",
  phone: "01712345678",
  division: "Dhaka",
  district: "Gazipur",
  address: "House 12, Road 3, Tongi",
};

/** A customer's order through the real POST /api/order, with delivery details; the order's id. */
export async function orderFor(
  t: TestContext,
  buyer: TestAccount,
  quantity = 20,
  overrides: Partial<NewProductRow> = {},
) {
  const { id } = await makeProduct(t, overrides);
  const res = await t.request(
    "/api/order",
    jsonInit("POST", { productId: id, quantity, delivery: TEST_DELIVERY }, asBearer(buyer)),
  );
  if (res.status !== 200) throw new Error(`order failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { insertedId: string }).insertedId;
}

export async function orderRow(t: TestContext, id: string) {
  const [row] = await t.database.db.select().from(order).where(eq(order.id, id));
  return row!;
}

/** A gateway's payment of the order, held for the admin's review, as SSLCommerz holds risky ones. */
export async function holdPayment(t: TestContext, orderId: string) {
  const { payablePoisha } = await orderRow(t, orderId);
  await t.database.db.insert(payment).values({
    orderId,
    provider: "sslcommerz",
    providerRef: `HELD-${randomUUID()}`,
    amountPoisha: payablePoisha,
    currency: "BDT",
    status: "held",
  });
}

export function paymentRowsOf(t: TestContext, orderId: string) {
  return t.database.db.select().from(payment).where(eq(payment.orderId, orderId));
}

export async function messageOf(res: Response) {
  return ((await res.json()) as { message: string }).message;
}

/**
 * The shop cancelled a cash-on-delivery order after its cash was collected: the cash is due back to the buyer
 * (refund due), as an admin's cancel of such an order leaves it.
 */
export async function oweCashBack(t: TestContext, orderId: string) {
  const row = await orderRow(t, orderId);
  const transactionId = `COD-${randomUUID()}`;
  await t.database.db.insert(payment).values({
    orderId,
    provider: "cod",
    providerRef: transactionId,
    amountPoisha: row.payablePoisha,
    currency: "BDT",
    status: "refund_due",
  });
  await t.database.db
    .update(order)
    .set({ status: "cancelled", cancelledBy: "admin", transactionId, refund: "due" })
    .where(eq(order.id, orderId));
}
