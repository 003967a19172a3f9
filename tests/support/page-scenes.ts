import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { consignment, order, payment, product, user } from "@server/db/schema";
import { asBearer, type TestAccount } from "./accounts";
import { holdPayment, makeProduct, orderFor, oweCashBack } from "./orders";
import type { TestContext } from "./test-app";

/**
 * What a page action works on, made fresh for one post: the ids and addresses its form names. The makers
 * below write straight to the database where the store has no call for the state (a paid or shipped order).
 */
export type Scene = Record<string, string>;

export const aProduct = async (t: TestContext) => ({ productId: (await makeProduct(t)).id });

/** The buyer's unpaid order of 20 pieces, with delivery details, through POST /api/order. */
export const anOrder = async (t: TestContext, buyer: TestAccount) => ({ orderId: await orderFor(t, buyer) });

export async function aPaidOrder(t: TestContext, buyer: TestAccount) {
  const s = await anOrder(t, buyer);
  await t.database.db
    .update(order)
    .set({ status: "paid", paymentMethod: "test", transactionId: `pi_test_${randomUUID()}` })
    .where(eq(order.id, s.orderId));
  return s;
}

/** Confirmed for cash on delivery by its buyer, through the API. */
export async function aCashOnDeliveryOrder(t: TestContext, buyer: TestAccount) {
  const s = await anOrder(t, buyer);
  const res = await t.request(`/api/order/${s.orderId}/cash-on-delivery`, { method: "POST", headers: asBearer(buyer) });
  if (res.status !== 200) throw new Error(`cash on delivery failed: ${res.status} ${await res.text()}`);
  return s;
}

export async function aShippedOrder(t: TestContext, buyer: TestAccount) {
  const s = await aCashOnDeliveryOrder(t, buyer);
  await t.database.db.update(order).set({ status: "shipped" }).where(eq(order.id, s.orderId));
  return s;
}

/** An unpaid order whose gateway payment is held for the admin's review, as SSLCommerz holds risky ones. */
export async function aHeldPayment(t: TestContext, buyer: TestAccount) {
  const s = await anOrder(t, buyer);
  await holdPayment(t, s.orderId);
  return s;
}

/** A customer's account with no orders, written straight to the database: signing up hashes a password (slow). */
export async function aCustomer(t: TestContext) {
  const email = `customer-${randomUUID()}@example.test`;
  await t.database.db.insert(user).values({ id: randomUUID(), name: "Rahim Sheikh", email });
  return { email };
}

/** Another admin's account, written straight to the database as `aCustomer` is. */
export async function anAdmin(t: TestContext) {
  const email = `admin-${randomUUID()}@example.test`;
  await t.database.db.insert(user).values({ id: randomUUID(), name: "Nasrin Akter", email, role: "admin" });
  return { email };
}

/** An address no account has. */
export const nobody = () => ({ email: `nobody-${randomUUID()}@example.test` });

/**
 * Removes every order (with its payments) and every product. Manage Orders and Manage Products render all of
 * them after each post, about 0.2 ms a row: without this a long fuzz run slows down as its scenes pile up.
 */
export async function forgetOrdersAndProducts(t: TestContext) {
  await t.database.db.execute(sql`truncate table ${payment}, ${order}, ${product} cascade`);
}

/** An order whose collected cash is due back to its buyer: the shop cancelled it after collecting. */
export async function aRefundDue(t: TestContext, buyer: TestAccount) {
  const s = await aCashOnDeliveryOrder(t, buyer);
  await oweCashBack(t, s.orderId);
  return s;
}

/**
 * The buyer's cash-on-delivery order shipped with Steadfast, delivered, and its 1,200 Tk collected by the courier less
 * a 60 Tk fee: the parcel written as the courier's news leaves it, waiting for a payout.
 */
export async function aParcelWithCash(t: TestContext, buyer: TestAccount) {
  const s = await aShippedOrder(t, buyer);
  await t.database.db.insert(consignment).values({
    orderId: s.orderId,
    courier: "steadfast",
    state: "delivered",
    consignmentRef: String(Math.floor(Math.random() * 1e12)),
    trackingCode: `T${randomUUID().slice(0, 10).toUpperCase()}`,
    courierStatus: "delivered",
    codPoisha: 120_000,
    collectedPoisha: 120_000,
    feePoisha: 6_000,
    collectedAt: new Date(),
  });
  return s;
}
