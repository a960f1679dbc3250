import { eq } from "drizzle-orm";
import { z } from "zod/mini";
import { reservations } from "#db/schema";
import type { Database } from "#app/lib/db.server";
import { formatVenueDateTime } from "#app/lib/event-dates";
import { findEvent } from "#app/modules/events/index.server";
import { tooManyAttemptsRefusal, type TooManyAttemptsRefusal } from "#app/modules/security";
import { consumeRateLimits, type LimitedClient } from "#app/modules/security/index.server";
import { readTicketCode } from "../tickets/ticket-code.server";
import type { CheckInActor } from "./arrivals.server";
import type { TicketLookup } from "./door-sync";
import { openDoor } from "./door-guests.server";
import type { DoorOptions, DoorRefusal } from "./door-sync.server";

export const ticketLookupMessages = {
  badCode: "Send { code } with the ticket code (at most 64 characters).",
} as const;

const ticketLookupSchema = z.object({ code: z.string().check(z.maxLength(64)) });

/** Enough for a busy door scanning tickets its list lacks; far too few to guess codes (48-bit references, 32-bit signatures). */
const LOOKUPS_PER_MINUTE = 60;

/**
 * A scanned code the phone's list does not hold (docs/decisions/067): a guest of this event
 * (added since the list was read), another event's ticket (named, with its date), a cancelled
 * reservation's (signed, but no row holds the reference), or not one of ours (the signature fails,
 * before any lookup). Rate-limited per person and per client.
 */
export async function lookUpTicket(
  db: Database,
  actor: CheckInActor,
  eventId: string,
  input: unknown,
  options: DoorOptions & { client: LimitedClient },
): Promise<{ ok: true; lookup: TicketLookup } | DoorRefusal | ({ ok: false } & TooManyAttemptsRefusal)> {
  const opened = await openDoor(db, actor, eventId);
  if (!opened.ok) return opened;
  const parsed = ticketLookupSchema.safeParse(input);
  if (!parsed.success) return { ok: false, reason: "invalid", message: ticketLookupMessages.badCode };
  const rule = { limit: LOOKUPS_PER_MINUTE, windowSeconds: 60 };
  const limit = await consumeRateLimits(
    db,
    [
      { key: `ticket-lookup:user:${actor.id}`, rule },
      { key: `ticket-lookup:client:${options.client.key}`, rule },
    ],
    options.client.rateLimitMultiplier,
  );
  if (!limit.allowed) return { ok: false, ...tooManyAttemptsRefusal(limit.retryAfterSeconds) };
  const ticketRef = readTicketCode(options.secret, parsed.data.code);
  if (!ticketRef) return { ok: true, lookup: { kind: "unknown" } };
  const [holder] = await db.select({ id: reservations.id, eventId: reservations.eventId }).from(reservations).where(eq(reservations.ticketRef, ticketRef));
  if (!holder) return { ok: true, lookup: { kind: "cancelled" } };
  if (holder.eventId === eventId) return { ok: true, lookup: { kind: "guest", reservationId: holder.id } };
  const other = await findEvent(db, { eventId: holder.eventId });
  if (!other) return { ok: true, lookup: { kind: "cancelled" } };
  return { ok: true, lookup: { kind: "other-event", eventTitle: other.title, when: formatVenueDateTime(other.startsAt, options.timeZone) } };
}
