import { and, eq, sql } from "drizzle-orm";
import { waitlistEntries, type EventRow, type WaitlistEntryRow } from "#db/schema";
import { normaliseEmailAddress } from "#app/lib/email-address";
import type { Database } from "#app/lib/db.server";
import { logFailure } from "#app/lib/log.server";
import { queueEmailToRender } from "#app/modules/messaging/index.server";
import type { OutboxWake } from "#app/modules/messaging/index.server";
import { hasControlCharacters } from "#app/modules/security";
import { normaliseAddress } from "#app/modules/security";
import { consumeRateLimits } from "#app/modules/security/index.server";
import { tooManyAttemptsRefusal, type TooManyAttemptsRefusal } from "#app/modules/security";
import { guestMessages } from "../guest-messages";
import { reservationMessages, type ReservationInput } from "../reservation-form";
import { reservationAttemptLimits } from "../reserve-seats-for-visitor.server";
import { spendSeatBudget, type SeatBudgetClient } from "../seat-budget.server";
import { placeInLine, takesGuests } from "./waiting-list.server";
import { findEvent, lockEvent } from "#app/modules/events/index.server";

export type JoinFailure = "event-not-found" | "not-taking-reservations" | "seats-available" | "already-waiting" | "could-not-join";

export type JoinOutcome =
  | { ok: true; entry: WaitlistEntryRow; event: EventRow; place: number }
  | ({ ok: false } & TooManyAttemptsRefusal)
  | { ok: false; reason: "seat-budget-reached"; message: string; retryAfterSeconds: number }
  | { ok: false; reason: JoinFailure; message: string };

class Refused extends Error {
  constructor(readonly outcome: JoinOutcome) {
    super("joining refused");
  }
}
const refusal = (reason: JoinFailure, message: string) => ({ ok: false as const, reason, message });

/** The e-mail saying the guest is on the list, with their link to see their place and leave. */
export const JOINED_RENDERER = "waiting-list-joined";

const isUniqueViolation = (error: unknown) =>
  typeof error === "object" && error !== null && (error as { cause?: { code?: unknown } }).cause?.code === "23505";

/**
 * A visitor joins a full event's waiting list: the seats come out of the client's seat budget for
 * the event, as when reserving (an offer holds them); limited like reserving (the same rules,
 * their own counters), then, under the event's row lock, refused while the group still fits in
 * the free seats (reserve instead), given the next position and told their place. One address is
 * on an event's list once while waiting or offered (a unique index).
 */
export async function joinWaitingList(
  db: Database,
  options: { client: SeatBudgetClient; eventSlug: string; input: ReservationInput; now?: Date; wake: OutboxWake },
): Promise<JoinOutcome> {
  const { client, eventSlug, input } = options;
  const now = options.now ?? new Date();
  if (hasControlCharacters(eventSlug)) return refusal("event-not-found", reservationMessages.eventNotFound);
  const emailKey = normaliseAddress(input.email);
  const budget = await spendSeatBudget(db, client, eventSlug, input.seats);
  if (!budget.ok) return budget.reason === "could-not-check" ? refusal("could-not-join", guestMessages.couldNotJoin) : budget;
  const joined = await join(db, { ...options, now, emailKey });
  if (!joined.ok) await budget.giveBack();
  return joined;
}

async function join(
  db: Database,
  options: { client: SeatBudgetClient; eventSlug: string; input: ReservationInput; now: Date; emailKey: string; wake: OutboxWake },
): Promise<JoinOutcome> {
  const { client, eventSlug, input, now, emailKey } = options;
  const limit = await consumeRateLimits(
    db,
    [
      { key: `waiting-list:client:${client.key}`, rule: reservationAttemptLimits.perClient },
      { key: `waiting-list:email:${eventSlug}:${emailKey}`, rule: reservationAttemptLimits.perAddressAndEvent },
    ],
    client.rateLimitMultiplier,
  ).catch((error: unknown) => {
    logFailure("reservations", "counting a waiting-list attempt", error);
    return null;
  });
  if (!limit) return refusal("could-not-join", guestMessages.couldNotJoin);
  if (!limit.allowed) return { ok: false, ...tooManyAttemptsRefusal(limit.retryAfterSeconds) };

  try {
    const joined = await db.transaction(async (tx) => {
      const found = await findEvent(tx, { eventSlug });
      const event = found ? await lockEvent(tx, found.id) : undefined;
      if (!event || event.status !== "published") throw new Refused(refusal("event-not-found", reservationMessages.eventNotFound));
      // Marked sold out by staff: no seat will be offered, so nobody is put in line for one.
      if (!takesGuests(event, now)) throw new Refused(refusal("not-taking-reservations", reservationMessages.notTakingReservations));
      if (event.maxSeats - event.seatsTaken >= input.seats) throw new Refused(refusal("seats-available", guestMessages.waitingListNotNeeded));
      const [already] = await tx
        .select({ id: waitlistEntries.id })
        .from(waitlistEntries)
        .where(and(eq(waitlistEntries.eventId, event.id), eq(waitlistEntries.emailKey, emailKey), sql`${waitlistEntries.status} in ('waiting', 'offered')`));
      if (already) throw new Refused(refusal("already-waiting", guestMessages.alreadyWaiting));
      const [last] = await tx
        .select({ position: sql<number>`coalesce(max(${waitlistEntries.position}), 0)::int` })
        .from(waitlistEntries)
        .where(eq(waitlistEntries.eventId, event.id));
      const [entry] = await tx
        .insert(waitlistEntries)
        .values({
          eventId: event.id,
          name: input.name,
          email: normaliseEmailAddress(input.email),
          emailKey,
          phone: input.phone || null,
          seats: input.seats,
          position: Number(last?.position ?? 0) + 1,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (!entry) throw new Error("the insert returned no row");
      const queued = await queueEmailToRender(tx, {
        kind: JOINED_RENDERER,
        to: entry.email,
        subject: `You are on the waiting list: ${event.title}`,
        idempotencyKey: `waiting-list-joined:${entry.id}`,
        renderer: JOINED_RENDERER,
        refs: { waitlistEntryId: entry.id },
      });
      return { entry, event, place: await placeInLine(tx, entry), messageId: queued.id };
    });
    await options.wake(joined.messageId);
    return { ok: true, entry: joined.entry, event: joined.event, place: joined.place };
  } catch (error) {
    if (error instanceof Refused) return error.outcome;
    if (isUniqueViolation(error)) return refusal("already-waiting", guestMessages.alreadyWaiting);
    logFailure("reservations", "joining a waiting list", error);
    return refusal("could-not-join", guestMessages.couldNotJoin);
  }
}
