import { integer, text, timestamp } from "drizzle-orm/pg-core";

/** created_at / updated_at, as every table of the store has them. */
export const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
};

/**
 * What every outbox row (mail_outbox, sms_outbox) carries for the job that sends it: its state, its tries, when it
 * is next due, the lease of the copy sending it, why the last try failed, and when it left.
 */
export function outboxColumns<const Statuses extends readonly [string, ...string[]]>(statuses: Statuses) {
  return {
    status: text("status", { enum: statuses }).notNull().default(statuses[0]),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    lastError: text("last_error"),
  };
}
