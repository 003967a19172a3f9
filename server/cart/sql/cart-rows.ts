import { and, count, eq, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { preparedStatement } from "../../db/prepared";
import { variantLabel } from "@shared/variants";
import { cart, cartLine, product, productVariant, type ProductRow, type VariantRow } from "../../db/schema";

/** Whose cart: a signed-in customer's, or a guest's by its token's hash. */
export type CartOwner = { userId: string } | { tokenHash: string };

const ownedBy = (owner: CartOwner) =>
  "userId" in owner ? eq(cart.userId, owner.userId) : eq(cart.tokenHash, owner.tokenHash);

export async function findCartId(db: Db, owner: CartOwner): Promise<string | null> {
  const [row] = await db.select({ id: cart.id }).from(cart).where(ownedBy(owner));
  return row?.id ?? null;
}

/** The owner's cart, locked until the transaction ends (a guest cart being joined to an account's). */
export async function lockCartId(db: Db, owner: CartOwner): Promise<string | null> {
  const [row] = await db.select({ id: cart.id }).from(cart).where(ownedBy(owner)).for("update");
  return row?.id ?? null;
}

/** The owner's cart, made when they have none; two requests making it at once end with the same one. */
export async function ensureCartId(db: Db, owner: CartOwner): Promise<string> {
  const values = "userId" in owner ? { userId: owner.userId } : { tokenHash: owner.tokenHash };
  const target = "userId" in owner ? cart.userId : cart.tokenHash;
  const [made] = await db.insert(cart).values(values).onConflictDoNothing({ target }).returning({ id: cart.id });
  return made?.id ?? (await findCartId(db, owner))!;
}

/** A cart line with the product's variant as it is now: what the cart page and checkout read. */
export interface CartLineWithProduct {
  id: string;
  cartId: string;
  productId: string;
  variantId: string;
  sku: string;
  /** The variant's values, "12 mm · 300 mm"; null for a product without options. */
  label: string | null;
  /** What the label is made of: the product's options and the variant's values (Place order checks they stand). */
  productOptions: ProductRow["options"];
  variantOptions: VariantRow["options"];
  quantity: number;
  pricePoishaSeen: number;
  addedAt: Date;
  name: string;
  nameBn: string | null;
  image: string;
  pricePoisha: number;
  availability: number;
  minimumQuantity: number;
  maxPerOrder: number | null;
  weightGrams: number;
}

/**
 * The lines of a cart, named by its id or by its owner: one statement, prepared once (server/db/prepared.ts), as
 * the cart page and every checkout read it.
 */
export async function selectCartLines(db: Db, which: string | CartOwner): Promise<CartLineWithProduct[]> {
  const rows = await CART_LINES(db, {
    cartId: typeof which === "string" ? which : null,
    userId: typeof which !== "string" && "userId" in which ? which.userId : null,
    tokenHash: typeof which !== "string" && "tokenHash" in which ? which.tokenHash : null,
  });
  return rows.map(({ options, values, addedAt, ...line }) => {
    const productOptions = product.options.mapFromDriverValue(options) as ProductRow["options"];
    const variantOptions = productVariant.options.mapFromDriverValue(values) as VariantRow["options"];
    return {
      ...line,
      label: variantLabel(productOptions, variantOptions),
      productOptions,
      variantOptions,
      addedAt: cartLine.addedAt.mapFromDriverValue(addedAt) as Date,
    };
  });
}

/**
 * A cart line's row as CART_LINES answers it: the line's fields under their own names, and as the driver gives
 * them what is mapped after (the options as JSON, the time as text).
 */
type CartLineRow = Omit<CartLineWithProduct, "label" | "productOptions" | "variantOptions" | "addedAt"> & {
  options: unknown;
  values: unknown;
  addedAt: string | Date;
};

/** The cart named by its id, or its owner's: the other two values are null. */
const CART_LINES = preparedStatement<CartLineRow>(
  "randa_cart_lines",
  () => sql`
    select l.id, l.cart_id as "cartId", l.product_id as "productId", l.variant_id as "variantId", v.sku,
      p.options, v.options as values, l.quantity, l.price_poisha_seen as "pricePoishaSeen", l.added_at as "addedAt",
      p.name, p.name_bn as "nameBn", coalesce(v.image, p.image) as image, v.price_poisha as "pricePoisha",
      v.availability, v.minimum_quantity as "minimumQuantity", p.max_per_order as "maxPerOrder",
      v.weight_grams as "weightGrams"
    from ${cartLine} l
    join ${product} p on p.id = l.product_id
    join ${productVariant} v on v.id = l.variant_id
    where l.cart_id in (
      select c.id from ${cart} c
      where c.id = ${sql.placeholder("cartId")}::uuid
        or c.user_id = ${sql.placeholder("userId")}::text
        or c.token_hash = ${sql.placeholder("tokenHash")}::text
    )
    order by l.added_at, l.id`,
);

export async function countCartLines(db: Db, cartId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(cartLine).where(eq(cartLine.cartId, cartId));
  return row?.n ?? 0;
}

export async function findLine(db: Db, cartId: string, lineId: string) {
  const [row] = await db
    .select()
    .from(cartLine)
    .where(and(eq(cartLine.cartId, cartId), eq(cartLine.id, lineId)));
  return row ?? null;
}

export async function findLineOfVariant(db: Db, cartId: string, variantId: string) {
  const [row] = await db
    .select()
    .from(cartLine)
    .where(and(eq(cartLine.cartId, cartId), eq(cartLine.variantId, variantId)));
  return row ?? null;
}

export async function insertLine(
  db: Db,
  cartId: string,
  shelf: { productId: string; variantId: string },
  quantity: number,
  pricePoisha: number,
  addedAt = new Date(),
) {
  await db.insert(cartLine).values({
    cartId,
    productId: shelf.productId,
    variantId: shelf.variantId,
    quantity,
    pricePoishaSeen: pricePoisha,
    addedAt,
  });
  await touch(db, cartId);
}

/** A new quantity: the buyer has seen today's price, so the line now remembers it. */
export async function setLineQuantity(db: Db, lineId: string, quantity: number, pricePoisha: number) {
  const [row] = await db
    .update(cartLine)
    .set({ quantity, pricePoishaSeen: pricePoisha, updatedAt: new Date() })
    .where(eq(cartLine.id, lineId))
    .returning({ cartId: cartLine.cartId });
  if (row) await touch(db, row.cartId);
}

export async function deleteLine(db: Db, cartId: string, lineId: string): Promise<boolean> {
  const gone = await db
    .delete(cartLine)
    .where(and(eq(cartLine.cartId, cartId), eq(cartLine.id, lineId)))
    .returning({ id: cartLine.id });
  if (gone.length > 0) await touch(db, cartId);
  return gone.length > 0;
}

export async function deleteCart(db: Db, cartId: string) {
  await db.delete(cart).where(eq(cart.id, cartId));
}

async function touch(db: Db, cartId: string) {
  await db.update(cart).set({ updatedAt: new Date() }).where(eq(cart.id, cartId));
}

/** Drops the carts nobody touched since `before`, lines and all. */
export async function deleteCartsUntouchedSince(db: Db, before: Date): Promise<number> {
  const gone = await db.delete(cart).where(lt(cart.updatedAt, before)).returning({ id: cart.id });
  return gone.length;
}

/** Each cart's number of lines, for the navbar: one query. */
export async function lineCountOf(db: Db, owner: CartOwner): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(${cartLine.id})::integer` })
    .from(cart)
    .leftJoin(cartLine, eq(cartLine.cartId, cart.id))
    .where(ownedBy(owner));
  return row?.n ?? 0;
}
