import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, jsonb, pgTable, smallint, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import type { Delivery } from "@shared/schemas/delivery";
import { user } from "./auth-schema";
import { timestamps } from "./columns";

/**
 * Where the shop delivers and what it charges there, the way Bangladeshi couriers charge: a price for a parcel up to
 * 1 kg and a price for each further kilogram or part of one, free delivery above a subtotal when the shop offers it,
 * whether cash on delivery is taken there and whether the delivery charge must be paid in advance. `districts`
 * names the districts the zone covers; the zone with `fallback` covers every district no other zone names.
 */
export const deliveryZone = pgTable(
  "delivery_zone",
  {
    id: text("id").primaryKey(),
    position: smallint("position").notNull(),
    firstKgPoisha: bigint("first_kg_poisha", { mode: "number" }).notNull(),
    perKgPoisha: bigint("per_kg_poisha", { mode: "number" }).notNull(),
    freeAbovePoisha: bigint("free_above_poisha", { mode: "number" }),
    codAvailable: boolean("cod_available").notNull().default(true),
    advanceDeliveryCharge: boolean("advance_delivery_charge").notNull().default(false),
    districts: jsonb("districts")
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    fallback: boolean("fallback").notNull().default(false),
    ...timestamps,
  },
  (t) => [
    check("delivery_zone_known", sql`${t.id} in ('dhaka_city', 'dhaka_suburbs', 'outside_dhaka')`),
    check("delivery_zone_charges_not_negative", sql`${t.firstKgPoisha} >= 0 and ${t.perKgPoisha} >= 0`),
    check("delivery_zone_free_above_positive", sql`${t.freeAbovePoisha} is null or ${t.freeAbovePoisha} > 0`),
  ],
);

export type DeliveryZoneRow = typeof deliveryZone.$inferSelect;

/**
 * A customer's address book: the delivery details they send parcels to, one of them the default that checkout
 * offers first.
 */
export const savedAddress = pgTable(
  "saved_address",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    delivery: jsonb("delivery").$type<Delivery>().notNull(),
    isDefault: boolean("is_default").notNull().default(false),
    ...timestamps,
  },
  (t) => [
    index("saved_address_user_idx").on(t.userId, t.createdAt),
    // One default per customer; the database refuses a second.
    uniqueIndex("saved_address_one_default")
      .on(t.userId)
      .where(sql`${t.isDefault}`),
  ],
);

export type SavedAddressRow = typeof savedAddress.$inferSelect;
