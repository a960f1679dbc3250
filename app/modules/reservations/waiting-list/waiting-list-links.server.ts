import { eq } from "drizzle-orm";
import { reservations, waitlistEntries, type EventRow, type ReservationRow, type WaitlistEntryRow } from "#db/schema";
import type { Database } from "#app/lib/db.server";
import { logFailure } from "#app/lib/log.server";
import { normaliseAddress } from "#app/modules/security";
import { consumeRateLimits, type LimitedClient } from "#app/modules/security/index.server";
import { tooManyAttemptsRefusal, type TooManyAttemptsRefusal } from "#app/modules/security";
import { cancelAttemptLimit } from "../cancel-reservation.server";
import { guestMessages, tokenFailureMessage, type TokenFailureReason } from "../guest-messages";
import { readGuestToken, spendGuestToken, type GuestTokenPurpose } from "../guest-tokens.server";
import { queueReservationConfirmation } from "../reservation-confirmation.server";
import { announceOffers, makeOffers, placeInLine, releaseHold } from "./waiting-list.server";
import { findEvent, lockEvent } from "#app/modules/events/index.server";
import type { OutboxWake } from "#app/modules/messaging/index.server";

export type EntryFailure = TokenFailureReason | "gone" | "could-not-change";

export type EntryView =
  | { ok: true; entry: WaitlistEntryRow; event: EventRow; place: number | null }
  | { ok: false; reason: EntryFailure; message: string };

const refusal = (reason: EntryFailure, message: string) => ({ ok: false as const, reason, message });

class Refused extends Error {
  constructor(readonly outcome: { ok: false; reason: EntryFailure; message: string }) {
    super("refused");
  }
}

/** What an offer's or an entry's link shows (GET): the entry, its event and place. Changes nothing. */
export async function showWaitingListLink(db: Database, token: string, purpose: GuestTokenPurpose, now = new Date()): Promise<EntryView> {
  const lookup = await readGuestToken(db, token, purpose, now);
  if (!lookup.ok) return refusal(lookup.reason, tokenFailureMessage[lookup.reason]);
  const [entry] = await db
    .select()
    .from(waitlistEntries)
    .where(eq(waitlistEntries.id, lookup.token.waitlistEntryId ?? "00000000-0000-0000-0000-000000000000"));
  const event = entry && (await findEvent(db, { eventId: entry.eventId }));
  const row = entry && event ? { entry, event } : undefined;
  if (!row) return refusal("gone", guestMessages.entryGone);
  if (purpose === "claim-offer" && (row.entry.status !== "offered" || (row.entry.offerExpiresAt?.getTime() ?? 0) <= now.getTime())) {
    return refusal("gone", guestMessages.offerGone);
  }
  return { ok: true, ...row, place: row.entry.status === "waiting" ? await placeInLine(db, row.entry) : null };
}

async function limited(db: Database, client: LimitedClient): Promise<({ ok: false } & TooManyAttemptsRefusal) | null | undefined> {
  const limit = await consumeRateLimits(db, [{ key: `guest-link:client:${client.key}`, rule: cancelAttemptLimit }], client.rateLimitMultiplier).catch(
    (error: unknown) => {
      logFailure("reservations", "counting a waiting-list link attempt", error);
      return null;
    },
  );
  if (!limit) return null;
  return limit.allowed ? undefined : { ok: false, ...tooManyAttemptsRefusal(limit.retryAfterSeconds) };
}

/** Opens the link's entry under the event's row lock (the link used once). */
async function lockedEntry(tx: Database, token: string, purpose: GuestTokenPurpose, now: Date) {
  const used = await spendGuestToken(tx, token, purpose, now);
  if (!used.ok) throw new Refused(refusal(used.reason, tokenFailureMessage[used.reason]));
  const [found] = await tx.select().from(waitlistEntries).where(eq(waitlistEntries.id, used.token.waitlistEntryId ?? "00000000-0000-0000-0000-000000000000"));
  if (!found) throw new Refused(refusal("gone", guestMessages.entryGone));
  const event = await lockEvent(tx, found.eventId);
  const [entry] = await tx.select().from(waitlistEntries).where(eq(waitlistEntries.id, found.id)).for("update");
  if (!event || !entry) throw new Refused(refusal("gone", guestMessages.entryGone));
  return { entry, event };
}

export type ClaimOutcome =
  | { ok: true; reservation: ReservationRow; event: EventRow }
  | ({ ok: false } & TooManyAttemptsRefusal)
  | { ok: false; reason: EntryFailure; message: string };

/**
 * The guest claims their offer (the POST of the claim page): under the event's row lock the offer
 * must still be open; its held seats become a reservation (already counted in `seats_taken`, so
 * the counter is not raised again) and the normal confirmation is queued.
 */
export async function claimOffer(db: Database, options: { client: LimitedClient; token: string; now?: Date; wake: OutboxWake }): Promise<ClaimOutcome> {
  const now = options.now ?? new Date();
  const refused = await limited(db, options.client);
  if (refused === null) return refusal("could-not-change", guestMessages.couldNotClaim);
  if (refused) return refused;
  try {
    const claimed = await db.transaction(async (tx) => {
      const { entry, event } = await lockedEntry(tx, options.token, "claim-offer", now);
      if (entry.status !== "offered" || (entry.offerExpiresAt?.getTime() ?? 0) <= now.getTime() || event.startsAt.getTime() <= now.getTime()) {
        throw new Refused(refusal("gone", guestMessages.offerGone));
      }
      // Inserted straight into `reservations`: the hold already counts these seats (docs/decisions/027).
      const [reservation] = await tx
        .insert(reservations)
        .values({
          eventId: event.id,
          visitorName: entry.name,
          visitorEmail: entry.email,
          visitorEmailKey: normaliseAddress(entry.email),
          phone: entry.phone,
          seats: entry.seats,
          createdAt: now,
        })
        .returning();
      if (!reservation) throw new Error("the insert returned no row");
      await tx.update(waitlistEntries).set({ status: "claimed", reservationId: reservation.id, updatedAt: now }).where(eq(waitlistEntries.id, entry.id));
      const queued = await queueReservationConfirmation(tx, { ...reservation, visitorEmail: entry.email }, event);
      return { reservation, event, messageId: queued.id };
    });
    await options.wake(claimed.messageId);
    return { ok: true, reservation: claimed.reservation, event: claimed.event };
  } catch (error) {
    if (error instanceof Refused) return error.outcome;
    logFailure("reservations", "claiming an offer", error);
    return refusal("could-not-change", guestMessages.couldNotClaim);
  }
}

export type LeaveOutcome =
  | { ok: true; event: EventRow; entry: WaitlistEntryRow }
  | ({ ok: false } & TooManyAttemptsRefusal)
  | { ok: false; reason: EntryFailure; message: string };

/**
 * The guest leaves the list (from their entry's link) or declines their offer (from the claim
 * link): the entry is `left`; an offer's held seats go back and on to the next in line at once.
 */
export async function leaveWaitingList(
  db: Database,
  options: { client: LimitedClient; token: string; purpose: "waiting-list-entry" | "claim-offer"; now?: Date; offerHours: number; wake: OutboxWake },
): Promise<LeaveOutcome> {
  const now = options.now ?? new Date();
  const refused = await limited(db, options.client);
  if (refused === null) return refusal("could-not-change", guestMessages.couldNotJoin);
  if (refused) return refused;
  try {
    const left = await db.transaction(async (tx) => {
      const { entry, event } = await lockedEntry(tx, options.token, options.purpose, now);
      if (entry.status !== "waiting" && entry.status !== "offered") throw new Refused(refusal("gone", guestMessages.entryGone));
      const [updated] = await tx.update(waitlistEntries).set({ status: "left", updatedAt: now }).where(eq(waitlistEntries.id, entry.id)).returning();
      if (entry.status === "offered") await releaseHold(tx, event.id, entry.seats);
      const offers = entry.status === "offered" ? await makeOffers(tx, event.id, { now, offerHours: options.offerHours }) : [];
      return { event, entry: updated!, offers };
    });
    await announceOffers(left.offers, options.wake);
    return { ok: true, event: left.event, entry: left.entry };
  } catch (error) {
    if (error instanceof Refused) return error.outcome;
    logFailure("reservations", "leaving a waiting list", error);
    return refusal("could-not-change", guestMessages.couldNotJoin);
  }
}
