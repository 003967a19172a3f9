import { onlyVariantOf } from "./stock-ledger";
import { isDeepStrictEqual } from "node:util";
import { eq, sql } from "drizzle-orm";
import { cartTokenHash, newCartToken } from "@server/cart/cart-cookie";
import { cart, cartLine, savedAddress, user, type NewProductRow } from "@server/db/schema";
import { DeliverySchema, type Delivery } from "@shared/schemas/delivery";
import type { TestAccount } from "./accounts";
import { makeProduct, TEST_DELIVERY } from "./orders";
import type { TestContext } from "./test-app";

/** Carts and address books made straight in the database, for the tests of the cart, checkout and delivery calls. */

export type Scene = Record<string, string>;

/** Whose rows: a test account, or a session's user (the use cases' actors); the e-mail names it. */
type Account = Pick<TestAccount, "email">;

const userIds = new WeakMap<TestContext, Map<string, string>>();

/** The account's user id, read once. */
export async function userIdOf(t: TestContext, account: Account): Promise<string> {
  const known = userIds.get(t) ?? new Map<string, string>();
  userIds.set(t, known);
  const cached = known.get(account.email);
  if (cached) return cached;
  const [row] = await t.database.db.select({ id: user.id }).from(user).where(eq(user.email, account.email));
  if (!row) throw new Error(`no user ${account.email}`);
  known.set(account.email, row.id);
  return row.id;
}

/** A line of a product of its own in a cart: 20 pieces of 200 in stock (the minimum 20) unless said otherwise. */
async function aLineIn(t: TestContext, cartId: string, overrides: Partial<NewProductRow> = {}, quantity = 20) {
  const p = await makeProduct(t, overrides);
  const [line] = await t.database.db
    .insert(cartLine)
    .values({
      cartId,
      productId: p.id,
      variantId: await onlyVariantOf(t.database.db, p.id),
      quantity,
      pricePoishaSeen: p.pricePoisha,
    })
    .returning({ id: cartLine.id });
  return { lineId: line!.id, lineProductId: p.id };
}

/** A guest's cart with one line: `cartToken` is what its `randa.cart` cookie holds (the database keeps its hash). */
export async function aGuestCart(t: TestContext): Promise<Scene> {
  const token = newCartToken();
  const [row] = await t.database.db
    .insert(cart)
    .values({ tokenHash: cartTokenHash(token)! })
    .returning({ id: cart.id });
  return { cartToken: token, cartId: row!.id, ...(await aLineIn(t, row!.id)) };
}

/** The account's cart, emptied and given one line of a product of its own. */
export async function anAccountCart(t: TestContext, account: Account): Promise<Scene> {
  const userId = await userIdOf(t, account);
  await t.database.db.delete(cart).where(eq(cart.userId, userId));
  const [row] = await t.database.db.insert(cart).values({ userId }).returning({ id: cart.id });
  return { cartId: row!.id, ...(await aLineIn(t, row!.id)) };
}

/** The account has no cart at all: its first Add to cart makes one. */
export async function noCartOf(t: TestContext, account: Account): Promise<Scene> {
  await t.database.db.delete(cart).where(eq(cart.userId, await userIdOf(t, account)));
  return {};
}

/** Another visitor's cart line: a guest cart of its own, which no fuzzed caller holds the cookie of. */
export async function aStrangersLine(t: TestContext): Promise<string> {
  return (await aGuestCart(t)).lineId!;
}

/** The account's address book, emptied and given `count` addresses, the first the default (`addressId`). */
export async function anAddressBook(t: TestContext, account: Account, count = 1): Promise<Scene> {
  const userId = await userIdOf(t, account);
  await t.database.db.delete(savedAddress).where(eq(savedAddress.userId, userId));
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const delivery = { ...TEST_DELIVERY, address: `House ${i + 1}, Road 3, Tongi` } as Delivery;
    const [row] = await t.database.db
      .insert(savedAddress)
      .values({ userId, delivery, isDefault: i === 0 })
      .returning({ id: savedAddress.id });
    ids.push(row!.id);
  }
  return { ...(ids[0] && { addressId: ids[0] }), ...(ids[1] && { secondAddressId: ids[1] }) };
}

/** One more address in the account's book (its default when it is the first), for another caller to try its id. */
export async function anAddressOf(t: TestContext, account: Account): Promise<string> {
  const userId = await userIdOf(t, account);
  const first = (await t.database.db.$count(savedAddress, eq(savedAddress.userId, userId))) === 0;
  const [row] = await t.database.db
    .insert(savedAddress)
    .values({ userId, delivery: TEST_DELIVERY as Delivery, isDefault: first })
    .returning({ id: savedAddress.id });
  return row!.id;
}

/**
 * What must hold of every address book after a call was taken: each stored delivery is one the schema takes as it
 * is (the text rule, a real district of its division, a normalized mobile number), and a customer with addresses
 * has exactly one default.
 */
export async function addressBookProblems(t: TestContext): Promise<string[]> {
  const rows = await t.database.db.select().from(savedAddress);
  const problems: string[] = [];
  for (const row of rows) {
    const parsed = DeliverySchema.safeParse(row.delivery);
    if (!parsed.success || !isDeepStrictEqual(parsed.data, row.delivery)) {
      problems.push(`address ${row.id} holds ${JSON.stringify(row.delivery).slice(0, 200)}`);
    }
  }
  const defaults = new Map<string, number>();
  for (const row of rows) defaults.set(row.userId, (defaults.get(row.userId) ?? 0) + (row.isDefault ? 1 : 0));
  for (const [userId, count] of defaults) if (count !== 1) problems.push(`${userId} has ${count} default addresses`);
  return problems;
}

/**
 * What must hold of every order with lines after a checkout was taken: the goods' amount is the sum of its lines,
 * each line is its price times its pieces, the line count is right, and the total adds the delivery charge.
 */
export async function orderLineProblems(t: TestContext): Promise<string[]> {
  const result = (await t.database.db.execute(sql`
    select o.id from "order" o join order_line l on l.order_id = o.id
    group by o.id
    having o.payable_poisha <> sum(l.amount_poisha)
        or bool_or(l.amount_poisha <> l.price_poisha * l.quantity)
        or count(*) <> o.line_count
        or o.total_poisha <> o.payable_poisha + o.delivery_charge_poisha`)) as unknown as { rows: { id: string }[] };
  return result.rows.map((row) => `order ${row.id} does not add up`);
}
