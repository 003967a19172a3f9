import { sql } from "drizzle-orm";
import { check, integer, pgTable, smallint, text, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth-schema";
import { timestamps } from "./columns";

export * from "./auth-schema";

/** Money columns hold poisha (1 Tk = 100 poisha). */
export const product = pgTable(
  "product",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    image: text("image").notNull(),
    pricePoisha: integer("price_poisha").notNull(),
    minimumQuantity: integer("minimum_quantity").notNull(),
    availability: integer("availability").notNull(),
    description: text("description").notNull().default(""),
    details: text("details").notNull().default(""),
    ...timestamps,
  },
  (t) => [
    check("product_price_positive", sql`${t.pricePoisha} > 0`),
    check("product_minimum_positive", sql`${t.minimumQuantity} >= 1`),
    check("product_availability_not_negative", sql`${t.availability} >= 0`),
  ],
);

/** Ratings are stored in half stars (0–10) so 4.5 is the integer 9. */
export const review = pgTable(
  "review",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id"),
    authorName: text("author_name").notNull(),
    authorPlace: text("author_place").notNull().default(""),
    ratingHalves: smallint("rating_halves").notNull(),
    comment: text("comment").notNull(),
    ...timestamps,
  },
  (t) => [check("review_rating_range", sql`${t.ratingHalves} between 0 and 10`)],
);

/** Spec §3 Profile: what a customer tells us about themselves. Phone is 'Number' in the form. */
export const profile = pgTable("profile", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  education: text("education").notNull().default(""),
  number: text("number").notNull().default(""),
  location: text("location").notNull().default(""),
  ...timestamps,
});

/** Facts about the database itself, such as whether the demo data was ever seeded. */
export const appMeta = pgTable("app_meta", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  ...timestamps,
});

export type ProductRow = typeof product.$inferSelect;
export type NewProductRow = typeof product.$inferInsert;
export type ReviewRow = typeof review.$inferSelect;
export type ProfileRow = typeof profile.$inferSelect;
