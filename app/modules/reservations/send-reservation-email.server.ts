import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import { reservations } from "#db/schema";
import type { Database } from "#app/lib/db.server";
import { findEventsTitled } from "#app/modules/events/index.server";
import { oneLine } from "#app/modules/security";
import { consumeRateLimit } from "#app/modules/security/index.server";
import type { OutboxWake } from "#app/modules/messaging/index.server";
import { MAX_SEATS_PER_RESERVATION, MIN_SEATS } from "./reservation-form";
import { queueReservationConfirmation } from "./reservation-confirmation.server";

/** What POST /api/sendReservationEmail answers besides `{ sent: true }`. */
export const reservationEmailMessages = {
  invalidBody: "The request body must be a JSON object with visitorEmail, eventName and seats.",
  visitorEmail: "visitorEmail must be a valid e-mail address.",
  eventName: "eventName must be the event's title (at most 200 characters).",
  seats: `seats must be a whole number from ${MIN_SEATS} to ${MAX_SEATS_PER_RESERVATION}.`,
  reservationId: "reservationId must be a reservation's id.",
  text: (field: string) => `${field} must be text of at most 300 characters.`,
  donation: "donation must be an amount (a number or at most 50 characters of text).",
  notFound: "No reservation matches these details.",
  tooManyAttempts: "Too many requests. Please try again later.",
  couldNotSend: "The confirmation could not be sent just now. Please try again later.",
} as const;

const optionalText = (field: string) =>
  z
    .union([z.string().max(300, reservationEmailMessages.text(field)).check(oneLine), z.null()], { error: reservationEmailMessages.text(field) })
    .optional();

/** The spec's payload; only the fields that identify a reservation are required. */
export const reservationEmailRequestSchema = z.object(
  {
    visitorName: optionalText("visitorName"),
    visitorEmail: z
      .string({ error: reservationEmailMessages.visitorEmail })
      .trim()
      .max(254, reservationEmailMessages.visitorEmail)
      .pipe(z.email(reservationEmailMessages.visitorEmail)),
    eventName: z
      .string({ error: reservationEmailMessages.eventName })
      .trim()
      .min(1, reservationEmailMessages.eventName)
      .max(200, reservationEmailMessages.eventName)
      .check(oneLine),
    eventDate: optionalText("eventDate"),
    seats: z.coerce
      .number({ error: reservationEmailMessages.seats })
      .int(reservationEmailMessages.seats)
      .min(MIN_SEATS, reservationEmailMessages.seats)
      .max(MAX_SEATS_PER_RESERVATION, reservationEmailMessages.seats),
    donation: z
      .union([z.number(), z.string().max(50, reservationEmailMessages.donation).check(oneLine), z.null()], { error: reservationEmailMessages.donation }).optional(),
    eventLocation: optionalText("eventLocation"),
    eventAddress: optionalText("eventAddress"),
    eventTime: optionalText("eventTime"),
    reservationId: z.uuid(reservationEmailMessages.reservationId).optional(),
  },
  { error: reservationEmailMessages.invalidBody },
);

export type ReservationEmailRequest = z.infer<typeof reservationEmailRequestSchema>;

export type ReservationEmailOutcome =
  | { sent: true }
  | { sent: false; reason: "not-found" }
  | { sent: false; reason: "too-many-attempts"; retryAfterSeconds: number };

/** Enough for a page that retries; too few to probe who reserved what. */
const RATE_LIMIT = { limit: 20, windowSeconds: 600 };

/**
 * The spec's sendReservationEmail, made safe: it confirms only a reservation that exists and
 * matches (same address, any case; same seats; the event's title), and only once: the
 * confirmation shares its idempotency key with the one the reservation queued itself, so a
 * repeated call, or a call after the reservation's own e-mail, sends nothing more.
 */
export async function sendReservationEmail(
  db: Database,
  request: ReservationEmailRequest,
  options: { clientKey: string; rateLimitMultiplier: number; wake: OutboxWake },
): Promise<ReservationEmailOutcome> {
  const limit = await consumeRateLimit(db, `reservation-email:client:${options.clientKey}`, {
    ...RATE_LIMIT,
    limit: RATE_LIMIT.limit * options.rateLimitMultiplier,
  });
  if (!limit.allowed) return { sent: false, reason: "too-many-attempts", retryAfterSeconds: limit.retryAfterSeconds };

  // The events the request names by title (the events module's), then their matching reservation.
  const titled = new Map((await findEventsTitled(db, request.eventName)).map((event) => [event.id, event]));
  const [reservation] = titled.size
    ? await db
        .select()
        .from(reservations)
        .where(
          and(
            inArray(reservations.eventId, [...titled.keys()]),
            sql`lower(${reservations.visitorEmail}) = lower(${request.visitorEmail})`,
            eq(reservations.seats, request.seats),
            request.reservationId ? eq(reservations.id, request.reservationId) : undefined,
          ),
        )
        .orderBy(desc(reservations.createdAt))
        .limit(1)
    : [];
  const event = reservation && titled.get(reservation.eventId);
  // Matched by its address, so it has one.
  if (!reservation?.visitorEmail || !event) return { sent: false, reason: "not-found" };

  const queued = await queueReservationConfirmation(db, { ...reservation, visitorEmail: reservation.visitorEmail }, event);
  if (queued.created) await options.wake(queued.id);
  return { sent: true };
}
