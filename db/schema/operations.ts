import { pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * One row per alert condition (mail failing, outbox backed up, backup failing, database was away):
 * whether it holds, since when, and when an admin was last told. The row is what keeps several
 * instances from sending the same alert: only the one whose update moves `last_fired_at` sends it.
 */
export const alertStates = pgTable("alert_states", {
  condition: text().primaryKey(),
  /** When the condition was first seen holding in its current spell; null while it does not hold. */
  since: timestamp({ withTimezone: true }),
  /** What was seen last time it held (counts, a reason), for the e-mail and the status page; never an address. */
  detail: text(),
  lastFiredAt: timestamp("last_fired_at", { withTimezone: true }),
  checkedAt: timestamp("checked_at", { withTimezone: true }).notNull().defaultNow(),
});
