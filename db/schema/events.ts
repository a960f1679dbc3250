import { sql } from "drizzle-orm";
import { boolean, check, index, integer, numeric, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

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
    check("events_seats_taken_within_max", sql`${table.maxSeats} IS NULL OR ${table.seatsTaken} <= ${table.maxSeats}`),
    check("events_seats_taken_not_negative", sql`${table.seatsTaken} >= 0`),
  ],
);

/** A seat reservation. Seats per reservation are 1 to 10; the event's total never exceeds max_seats. */
export const reservations = pgTable(
  "reservations",
  {
    id: uuid().primaryKey().defaultRandom(),
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    visitorName: text("visitor_name").notNull(),
    /**
     * Null only for a guest staff added without one (a walk-in at the door, a phone booking):
     * the public form always asks for it (docs/decisions/043).
     */
    visitorEmail: text("visitor_email"),
    /** The address normalised (lower case, no +tag, Gmail's dots): one inbox, however it is typed. Null with the address. */
    visitorEmailKey: text("visitor_email_key"),
    phone: text(),
    /**
     * When the guest ticked the reservation form's SMS box for this phone (its consents row holds
     * the words' version): group texts to the event's guests and the SMS reminder may reach them.
     */
    smsConsentAt: timestamp("sms_consent_at", { withTimezone: true }),
    seats: integer().notNull(),
    donation: numeric({ precision: 10, scale: 2 }),
    /**
     * The one-time key of the form that made it: a retry of the same submission finds this row
     * instead of booking again. Null for reservations made before the key existed or without a form.
     */
    submissionKey: uuid("submission_key"),
    /**
     * Seats of this reservation checked in at the door (docs/decisions/029). Changed only by
     * conditional UPDATEs relative to the stored value, so taps from several devices all count.
     */
    arrivedSeats: integer("arrived_seats").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("reservations_event_idx").on(table.eventId),
    index("reservations_event_address_idx").on(table.eventId, table.visitorEmailKey),
    uniqueIndex("reservations_event_submission_key_idx").on(table.eventId, table.submissionKey),
    check("reservations_seats_range", sql`${table.seats} BETWEEN 1 AND 10`),
    check("reservations_arrived_seats_range", sql`${table.arrivedSeats} BETWEEN 0 AND ${table.seats}`),
  ],
);

export type EventRow = typeof events.$inferSelect;
export type ReservationRow = typeof reservations.$inferSelect;
