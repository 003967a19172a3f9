import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth-schema";
import { product, productVariant } from "./schema";
import { timestamps } from "./columns";

/**
 * A cart: a signed-in customer's (`user_id`), or a guest's, named by a random token kept in an httpOnly cookie;
 * the database keeps only the token's SHA-256 (`token_hash`), so a copy of the table opens no one's cart. A guest's
 * cart joins the account's at sign-in or sign-up. A cart nobody touched for CART_DAYS is dropped.
 */
export const cart = pgTable(
  "cart",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id").references(() => user.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash"),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("cart_user").on(t.userId),
    uniqueIndex("cart_token_hash").on(t.tokenHash),
    index("cart_updated_idx").on(t.updatedAt),
    check("cart_has_an_owner", sql`${t.userId} is not null or ${t.tokenHash} is not null`),
  ],
);

/**
 * A product's variant and a quantity in a cart; never a price to charge. The price and stock seen when it was added are kept
 * only to tell the buyer what changed since ("price was Tk 2,450, now Tk 2,300").
 */
export const cartLine = pgTable(
  "cart_line",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    cartId: uuid("cart_id")
      .notNull()
      .references(() => cart.id, { onDelete: "cascade" }),
    productId: uuid("product_id")
      .notNull()
      .references(() => product.id, { onDelete: "cascade" }),
    /** The variant wanted (a size); a retired one leaves the cart with it. */
    variantId: uuid("variant_id")
      .notNull()
      .references(() => productVariant.id, { onDelete: "cascade" }),
    quantity: integer("quantity").notNull(),
    pricePoishaSeen: integer("price_poisha_seen").notNull(),
    addedAt: timestamp("added_at", { withTimezone: true }).notNull().defaultNow(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("cart_line_variant").on(t.cartId, t.variantId),
    index("cart_line_product_idx").on(t.productId),
    check("cart_line_quantity_positive", sql`${t.quantity} > 0`),
  ],
);

export type CartRow = typeof cart.$inferSelect;
export type CartLineRow = typeof cartLine.$inferSelect;
