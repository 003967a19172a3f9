import { timestamp } from "drizzle-orm/pg-core";

/** created_at / updated_at, as every table of the store has them. */
export const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
};
