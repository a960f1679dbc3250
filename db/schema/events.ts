import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgEnum, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/**
 * An event's one lifecycle (docs/decisions/041): a draft is being prepared, a published event is on
 * the site, an archived one is put away (off the site, its reservations kept).
 */
export const eventStatus = pgEnum("event_status", ["draft", "published", "archived"]);

/** Special pages that feature one event: the /rsvp main card and the /vip invitation. */
export const eventPlacement = pgEnum("event_placement", ["rsvp", "vip"]);

/**
 * One table for what the spec splits into managed and ticketed events. `starts_at` is a real
 * instant (entered in the venue's time zone); pages format it as 'August 15th, 2025' and '6:30 PM'.
 */
export const events = pgTable(
  "events",
  {
    id: uuid().primaryKey().defaultRandom(),
    title: text().notNull(),
    /** The lower-cased title with hyphens plus the start time in seconds (the spec's rule). */
    slug: text().notNull().unique(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    /** How long the gathering lasts, for calendars. */
    durationMinutes: integer("duration_minutes").notNull().default(120),
    location: text(),
    address: text(),
    description: text().notNull(),
    image: text().notNull(),
    /** Pinned: an upcoming featured event comes first on every listing, before the date order. */
    featured: boolean().notNull().default(false),
    getTicketsLink: text("get_tickets_link"),
    /** The card's label; 'Past Event', 'Coming Soon' and 'Private Event' are disabled labels. */
    button: text(),
    status: eventStatus().notNull().default("draft"),
    soldOut: boolean("sold_out").notNull().default(false),
    /** Seats that can be reserved here; null means no on-site reservations (tickets elsewhere). */
    maxSeats: integer("max_seats"),
    /**
     * Seats held by this event's reservations (docs/decisions/018): reserveSeats raises it with one
     * conditional UPDATE, triggers lower it when reservations are deleted or their seats edited.
     */
    seatsTaken: integer("seats_taken").notNull().default(0),
    /**
     * Seats of walk-ins let in at the door after the event was full (docs/decisions/067): a phone
     * that checked them in offline syncs them later, and the door never turns away whom it already
     * let in. Only the door sync raises it, by what its walk-in took past max seats; `seats_taken`
     * may exceed `max_seats` by this much and no more, so every other writer keeps the seat rule.
     */
    doorExtraSeats: integer("door_extra_seats").notNull().default(0),
    placement: eventPlacement(),
    /** Whether guests get the day-before and same-day reminder e-mails (staff switch them off per event). */
    remindersEnabled: boolean("reminders_enabled").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("events_listing_idx").on(table.status, table.startsAt),
    check("events_max_seats_positive", sql`${table.maxSeats} IS NULL OR ${table.maxSeats} >= 1`),
    // The database itself refuses an oversold event, whatever code writes the counter.
    check("events_seats_taken_within_max", sql`${table.maxSeats} IS NULL OR ${table.seatsTaken} <= ${table.maxSeats} + ${table.doorExtraSeats}`),
    check("events_door_extra_seats_not_negative", sql`${table.doorExtraSeats} >= 0`),
    check("events_seats_taken_not_negative", sql`${table.seatsTaken} >= 0`),
  ],
);

export type EventRow = typeof events.$inferSelect;
