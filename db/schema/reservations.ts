import { sql } from "drizzle-orm";
import { check, index, integer, numeric, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { events } from "./events";

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
    /**
     * When the first seat arrived (the phone's time of that tap, the earliest when two phones
     * tapped offline) and by whom: "Already checked in at 7:02 PM by …". Null while none has.
     */
    firstArrivedAt: timestamp("first_arrived_at", { withTimezone: true }),
    firstArrivedBy: text("first_arrived_by"),
    /**
     * The reservation's ticket reference: 12 random hex digits (48 bits) the ticket code carries
     * with the server's signature (docs/decisions/067). Never the id; made by the database for
     * every row, however it was inserted.
     */
    ticketRef: text("ticket_ref")
      .notNull()
      .default(sql`substr(replace(gen_random_uuid()::text, '-', ''), 1, 12)`),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("reservations_event_idx").on(table.eventId),
    index("reservations_event_address_idx").on(table.eventId, table.visitorEmailKey),
    uniqueIndex("reservations_event_submission_key_idx").on(table.eventId, table.submissionKey),
    uniqueIndex("reservations_ticket_ref_idx").on(table.ticketRef),
    check("reservations_seats_range", sql`${table.seats} BETWEEN 1 AND 10`),
    check("reservations_arrived_seats_range", sql`${table.arrivedSeats} BETWEEN 0 AND ${table.seats}`),
  ],
);

export type ReservationRow = typeof reservations.$inferSelect;

/** Where a waiting-list entry stands (docs/decisions/027). Only `offered` holds seats. */
export const waitlistStatus = pgEnum("waitlist_status", ["waiting", "offered", "claimed", "expired", "left"]);

/**
 * A guest waiting for seats at a full event (not the launch `waitlist`). While `offered`, the
 * entry's seats are counted in `events.seats_taken` (a hold) until `offer_expires_at`; claiming
 * turns the hold into a reservation without counting the seats again.
 */
export const waitlistEntries = pgTable(
  "waitlist_entries",
  {
    id: uuid().primaryKey().defaultRandom(),
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    name: text().notNull(),
    email: text().notNull(),
    /** The address normalised: one inbox is on an event's list once. */
    emailKey: text("email_key").notNull(),
    phone: text(),
    seats: integer().notNull(),
    /** Order of joining within the event, 1 first; the place shown counts only those still waiting. */
    position: integer().notNull(),
    status: waitlistStatus().notNull().default("waiting"),
    offeredAt: timestamp("offered_at", { withTimezone: true }),
    offerExpiresAt: timestamp("offer_expires_at", { withTimezone: true }),
    /** The reservation a claimed offer became. */
    reservationId: uuid("reservation_id").references(() => reservations.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("waitlist_entries_event_position_idx").on(table.eventId, table.position),
    uniqueIndex("waitlist_entries_event_active_address_idx")
      .on(table.eventId, table.emailKey)
      .where(sql`${table.status} in ('waiting', 'offered')`),
    index("waitlist_entries_offer_expiry_idx").on(table.status, table.offerExpiresAt),
    check("waitlist_entries_seats_range", sql`${table.seats} BETWEEN 1 AND 10`),
    check("waitlist_entries_offer_has_expiry", sql`${table.status} <> 'offered' OR ${table.offerExpiresAt} IS NOT NULL`),
  ],
);

/** What a guest link lets its holder do. */
export const guestTokenPurpose = pgEnum("guest_token_purpose", ["cancel-reservation", "claim-offer", "waiting-list-entry", "contribution"]);

/**
 * The links guests get by e-mail that act (cancel seats, claim an offer, see one's place and leave
 * the list). Only the SHA-256 of the random token is stored; a link is minted per e-mail when the
 * e-mail is rendered, so a reservation may have several live links. `used_at`: a link that acted
 * works no more.
 */
export const guestTokens = pgTable(
  "guest_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    purpose: guestTokenPurpose().notNull(),
    reservationId: uuid("reservation_id").references(() => reservations.id, { onDelete: "set null" }),
    waitlistEntryId: uuid("waitlist_entry_id").references(() => waitlistEntries.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("guest_tokens_reservation_idx").on(table.reservationId), index("guest_tokens_expiry_idx").on(table.expiresAt)],
);

export type WaitlistEntryRow = typeof waitlistEntries.$inferSelect;

export type GuestTokenRow = typeof guestTokens.$inferSelect;

/**
 * Every tap a door phone sent through the sync endpoint, keyed by the id the phone gave it: a
 * retry or a second sync of the same tap finds its row and changes nothing (docs/decisions/067).
 * Kept a few days after the event for the record, then purged.
 */
export const doorTaps = pgTable(
  "door_taps",
  {
    /** The phone's id for the tap (a UUID made when it was tapped). */
    id: uuid().primaryKey(),
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    /** The guest it was for; for a walk-in, the reservation it made. Null once that is deleted. */
    reservationId: uuid("reservation_id").references(() => reservations.id, { onDelete: "set null" }),
    kind: text().notNull(),
    /** What the tap asked for: seats to check in, or the walk-in's party. */
    seats: integer(),
    /** The phone's clock when it was tapped (clamped to the last day). */
    tappedAt: timestamp("tapped_at", { withTimezone: true }).notNull(),
    appliedAt: timestamp("applied_at", { withTimezone: true }).notNull().defaultNow(),
    appliedBy: text("applied_by").notNull(),
    /** applied | unchanged | refused, with the arrived seats it left. */
    outcome: text().notNull(),
    arrivedAfter: integer("arrived_after"),
    /** What the tap was answered: the same words again when it is sent again. */
    message: text(),
  },
  (table) => [index("door_taps_event_idx").on(table.eventId), check("door_taps_kind", sql`${table.kind} IN ('arrive', 'undo', 'walk-in')`)],
);
