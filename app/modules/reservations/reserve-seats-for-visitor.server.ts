import { counter } from "#app/lib/metrics.server";
import type { Database } from "#app/lib/db.server";
import { hasControlCharacters } from "#app/modules/security";
import { normaliseAddress } from "#app/modules/security";
import { consumeRateLimits, type RateLimitRule } from "#app/modules/security/index.server";
import { tooManyAttemptsRefusal, type TooManyAttemptsRefusal } from "#app/modules/security";
import { recordConsents } from "#app/modules/consent/index.server";
import { toE164 } from "#app/modules/sms";
import type { OutboxWake } from "#app/modules/messaging/index.server";
import { reservationConfirmation } from "./reservation-confirmation.server";
import { reservationMessages, type ReservationInput } from "./reservation-form";
import { cancelLinkAfterReserving } from "./cancel-links.server";
import { contributionLinkAfterReserving } from "./contribution-links.server";
import { orElse } from "#app/lib/or-else";
import { findSubmittedReservation, reserveSeats, type ReserveOutcome } from "./reserve-seats.server";
import { spendSeatBudget, type SeatBudgetClient } from "./seat-budget.server";
import { logFailure } from "#app/lib/log.server";

/**
 * How often a visitor may try to reserve (docs/decisions/013): per client address, and per
 * normalised e-mail address and event, so nobody fills an event or someone's inbox from one
 * browser or under one address. Seats per address are capped in reserveSeats itself.
 */
export const reservationAttemptLimits: { perClient: RateLimitRule; perAddressAndEvent: RateLimitRule } = {
  perClient: { limit: 5, windowSeconds: 10 * 60 },
  perAddressAndEvent: { limit: 3, windowSeconds: 60 * 60 },
};

export type VisitorReserveOutcome =
  /**
   * `cancelPath`: the guest's own cancel link for the page after reserving (kept with the reservation);
   * `contributionPath`: their contribution page, where "Pay my contribution" goes (with Stripe configured).
   */
  | (Extract<ReserveOutcome, { ok: true }> & { cancelPath?: string; contributionPath?: string })
  | Extract<ReserveOutcome, { ok: false }>
  | ({ ok: false } & TooManyAttemptsRefusal)
  | { ok: false; reason: "seat-budget-reached"; message: string; retryAfterSeconds: number };

/**
 * A visitor reserves seats from the public site: the seats are spent from the client's seat budget
 * for the event (docs/decisions/037; refused before anything else is counted), the attempt is
 * counted against the limits, the seats are reserved (never oversold, at most 10 per address), and
 * the confirmation e-mail and the guest's cancel link are written in the same transaction (sent
 * once committed). A submission key already used for this event answers with the reservation it
 * made and the same cancel link (docs/decisions/018), once it is stored.
 */
export async function reserveSeatsForVisitor(
  db: Database,
  options: { client: SeatBudgetClient; eventSlug: string; input: ReservationInput; wake: OutboxWake; contributionsOnline?: boolean },
): Promise<VisitorReserveOutcome> {
  const outcome = await attemptReservation(db, options);
  reservationAttempts.inc(outcome.ok ? { outcome: outcome.replayed ? "replayed" : "taken", reason: "" } : { outcome: "refused", reason: outcome.reason });
  return outcome;
}

const reservationAttempts = counter("harmonia_reservations_total", "Visitors' reservation attempts: taken, replayed (a retried submission) or refused (with the reason).", ["outcome", "reason"]);

async function attemptReservation(
  db: Database,
  options: { client: SeatBudgetClient; eventSlug: string; input: ReservationInput; wake: OutboxWake; contributionsOnline?: boolean },
): Promise<VisitorReserveOutcome> {
  const { client, eventSlug, input } = options;
  // The slug becomes part of a counter's key: one PostgreSQL would refuse is no event's anyway.
  if (hasControlCharacters(eventSlug)) return { ok: false, reason: "event-not-found", message: reservationMessages.eventNotFound };
  // A retry of a submission that already reserved (its answer was lost, or the button was pressed
  // twice) gets that reservation back before any limit is counted: it writes and sends nothing, and
  // a visitor retrying after a failure must not be told to wait instead of seeing their seats.
  if (input.submissionKey) {
    const found = await findSubmittedReservation(db, { eventSlug }, input.submissionKey).catch((error: unknown) => {
      logFailure("reservations", "looking up a submission", error);
      return null;
    });
    if (found === null) return { ok: false, reason: "could-not-check", message: reservationMessages.couldNotCheck };
    if (found) return { ok: true, ...found, replayed: true, ...(await linksOf(db, found, options.contributionsOnline)) };
  }
  const budget = await spendSeatBudget(db, client, eventSlug, input.seats);
  if (!budget.ok) return budget.reason === "could-not-check" ? { ok: false, reason: "could-not-check", message: reservationMessages.couldNotCheck } : budget;
  const limit = await consumeRateLimits(
    db,
    [
      { key: `reservation:client:${client.key}`, rule: reservationAttemptLimits.perClient },
      { key: `reservation:email:${eventSlug}:${normaliseAddress(input.email)}`, rule: reservationAttemptLimits.perAddressAndEvent },
    ],
    client.rateLimitMultiplier,
  ).catch((error: unknown) => {
    logFailure("reservations", "counting a reservation attempt", error);
    return null;
  });
  if (!limit?.allowed) {
    await budget.giveBack();
    return limit ? { ok: false, ...tooManyAttemptsRefusal(limit.retryAfterSeconds) } : { ok: false, reason: "could-not-check", message: reservationMessages.couldNotCheck };
  }
  const confirm = reservationConfirmation(options.wake);
  let cancelPath: string | undefined;
  let contributionPath: string | undefined;
  const outcome = await reserveSeats(db, { ...input, eventSlug }, { afterReserved: async (tx, reservation, event) => {
    // The SMS box's consent, under the words' version, exactly when the reservation is kept.
    if (reservation.smsConsentAt && reservation.visitorEmail) {
      await recordConsents(tx, { email: reservation.visitorEmail, source: "reservation_form", answers: { sms: true } });
    }
    // The link the page after reserving shows: kept exactly when the reservation is.
    cancelPath = await cancelLinkAfterReserving(tx, { reservation, event });
    if (options.contributionsOnline) contributionPath = await contributionLinkAfterReserving(tx, { reservation, event });
    return confirm(tx, reservation, event);
  } });
  // Refused, or a retry answered with the seats it took before: these seats were not taken now.
  if (!outcome.ok || outcome.replayed) await budget.giveBack();
  if (!outcome.ok) return outcome;
  return { ...outcome, ...(outcome.replayed ? await linksOf(db, outcome, options.contributionsOnline) : { cancelPath, contributionPath }) };
}

/** A retried submission's links (cancel, and contribution when paid online): the first answer's, derived again. */
async function linksOf(db: Database, reserved: Parameters<typeof cancelLinkAfterReserving>[1], contributionsOnline: boolean | undefined) {
  const contributionPath = contributionsOnline
    ? await contributionLinkAfterReserving(db, reserved).catch(orElse(undefined, "the e-mail brings the contribution link too"))
    : undefined;
  return { cancelPath: await cancelLinkOf(db, reserved), contributionPath };
}

/**
 * A retried submission's cancel link: derived from its submission key, so the same link as the
 * first answer's (stored then; storing it again changes nothing). A failure costs the link, not
 * the answer: the confirmation e-mail brings one too.
 */
function cancelLinkOf(db: Database, reserved: Parameters<typeof cancelLinkAfterReserving>[1]): Promise<string | undefined> {
  return cancelLinkAfterReserving(db, reserved).catch((error: unknown) => {
    logFailure("reservations", "making a cancel link", error);
    return undefined;
  });
}

/**
 * The SMS box's number must be one we can text: checked on the server only (the browser does not
 * load the phone-number library for it). Undefined when the box is not ticked or the number is fine.
 */
export function phoneToTextProblem(input: Pick<ReservationInput, "phone" | "smsConsent">): string | undefined {
  if (input.smsConsent !== "on") return undefined;
  if (!input.phone) return reservationMessages.phoneForTexts;
  return toE164(input.phone) ? undefined : reservationMessages.phoneNotTextable;
}
