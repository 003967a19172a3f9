import { onlyVariantOf } from "./stock-ledger";
import { randomUUID } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { cartTokenHash, newCartToken } from "@server/cart/cart-cookie";
import { cart, cartLine, savedAddress, user, type NewProductRow } from "@server/db/schema";
import type { Delivery } from "@shared/schemas/delivery";
import type { TestAccount } from "./accounts";
import { makeProduct, TEST_DELIVERY } from "./orders";
import type { PageContext } from "./page-app";
import type { Scene } from "./page-scenes";
import type { TestContext } from "./test-app";

/**
 * What the cart, checkout and address book's page actions work on, written straight to the database as
 * page-scenes.ts writes orders: carts of a guest (named by the `randa.cart` cookie) or of an account, and address
 * books. Each maker answers the ids its forms name.
 */

/** Whose rows: an account, named by its e-mail. */
type Account = Pick<TestAccount, "email">;

/** The account's user id. */
export async function userIdOf(t: TestContext, account: Account): Promise<string> {
  const [row] = await t.database.db.select({ id: user.id }).from(user).where(eq(user.email, account.email));
  if (!row) throw new Error(`no user ${account.email}`);
  return row.id;
}

/** The `Cookie` header of a guest who holds the cart named by `token`. */
export const guestCookie = (token: string) => `randa.cart=${token}`;

/** A line of a product of its own (20 pieces of 200, the minimum 20, unless said otherwise) in a cart. */
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
  return { lineId: line!.id, productId: p.id, productName: p.name };
}

/** A guest's cart with one line; `cartToken` is what its cookie holds (the database keeps only its hash). */
export async function aGuestCartLine(t: TestContext, overrides: Partial<NewProductRow> = {}): Promise<Scene> {
  const token = newCartToken();
  const [row] = await t.database.db
    .insert(cart)
    .values({ tokenHash: cartTokenHash(token)! })
    .returning({ id: cart.id });
  return { cartToken: token, cartId: row!.id, ...(await aLineIn(t, row!.id, overrides)) };
}

/** The account's cart, emptied and given one line of a product of its own. */
export async function anAccountCartLine(
  t: TestContext,
  account: Account,
  overrides: Partial<NewProductRow> = {},
): Promise<Scene> {
  const userId = await userIdOf(t, account);
  await t.database.db.delete(cart).where(eq(cart.userId, userId));
  const [row] = await t.database.db.insert(cart).values({ userId }).returning({ id: cart.id });
  return { cartId: row!.id, ...(await aLineIn(t, row!.id, overrides)) };
}

/** These accounts' carts are gone: each has nothing to check out. */
export async function noCartsOf(t: TestContext, accounts: Account[]): Promise<void> {
  const ids = await Promise.all(accounts.map((a) => userIdOf(t, a)));
  await t.database.db.delete(cart).where(inArray(cart.userId, ids));
}

/** The delivery details of an address-book entry: TEST_DELIVERY at a house of its own. */
export const addressAt = (house: number) =>
  ({ ...TEST_DELIVERY, address: `House ${house}, Road 3, Tongi` }) as Delivery;

/**
 * The account's address book, emptied and given `count` addresses, the first the default: `addressId`, then
 * `secondAddressId` (not the default). Every other account in `emptied` is left with no address at all.
 */
export async function anAddressBook(
  t: TestContext,
  account: Account,
  count = 1,
  emptied: Account[] = [],
): Promise<Scene> {
  const ids = await Promise.all([account, ...emptied].map((a) => userIdOf(t, a)));
  await t.database.db.delete(savedAddress).where(inArray(savedAddress.userId, ids));
  const made: string[] = [];
  for (let i = 0; i < count; i++) {
    const [row] = await t.database.db
      .insert(savedAddress)
      .values({ userId: ids[0]!, delivery: addressAt(i + 1), isDefault: i === 0 })
      .returning({ id: savedAddress.id });
    made.push(row!.id);
  }
  return { ...(made[0] && { addressId: made[0] }), ...(made[1] && { secondAddressId: made[1] }) };
}

/** The account's address book as stored: each address's delivery and whether it is the default, oldest first. */
export async function addressBookOf(t: TestContext, account: Account) {
  const userId = await userIdOf(t, account);
  const rows = await t.database.db.select().from(savedAddress).where(eq(savedAddress.userId, userId));
  return rows
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id))
    .map((r) => ({ id: r.id, delivery: r.delivery, isDefault: r.isDefault }));
}

/** The cart lines as stored for a cart: product and quantity, in the order they were added. */
export async function linesOf(t: TestContext, cartId: string) {
  const rows = await t.database.db.select().from(cartLine).where(eq(cartLine.cartId, cartId));
  return rows
    .sort((a, b) => a.addedAt.getTime() - b.addedAt.getTime() || a.id.localeCompare(b.id))
    .map((r) => ({ productId: r.productId, quantity: r.quantity }));
}

/** The account's cart id, or null when it has none. */
export async function cartIdOf(t: TestContext, account: Account): Promise<string | null> {
  const [row] = await t.database.db
    .select({ id: cart.id })
    .from(cart)
    .where(eq(cart.userId, await userIdOf(t, account)));
  return row?.id ?? null;
}

/**
 * Buy It Now as the pages do it: the product page's GET form opens checkout with its line alone, and Place order is
 * posted there as a browser without JavaScript posts it (a new address, by card, a fresh attempt), with `change`.
 * A placed order answers a redirect to its Pay Order page (to the order's page for cash on delivery).
 */
export function buyItNow(
  t: PageContext,
  buyer: TestAccount,
  productId: string,
  quantity: number | string,
  change: Record<string, string> = {},
): Promise<Response> {
  const fields = { addressId: "new", ...TEST_DELIVERY, paymentMethod: "card", attempt: randomUUID(), ...change };
  return t.postForm(`/checkout?productId=${productId}&quantity=${quantity}`, fields, buyer);
}
