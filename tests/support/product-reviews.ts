import { expect } from "vitest";
import type { TestAccount } from "./accounts";
import { call, payByTestCard } from "./order-money";
import { TEST_DELIVERY } from "./orders";
import type { TestContext } from "./test-app";

/** An order of the product placed by the buyer, paid by test card, shipped and delivered: its id. */
export async function deliverTo(t: TestContext, buyer: TestAccount, admin: TestAccount, productId: string) {
  const placed = await call(t, buyer, "POST", "/api/order", { productId, quantity: 20, delivery: TEST_DELIVERY });
  expect(placed.status).toBe(200);
  const { insertedId: orderId } = (await placed.json()) as { insertedId: string };
  await payByTestCard(t, buyer, orderId);
  for (const status of ["shipped", "delivered"]) {
    expect((await call(t, admin, "PUT", `/api/order/${orderId}/status`, { status })).status).toBe(200);
  }
  return orderId;
}
