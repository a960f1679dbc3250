import { eq } from "drizzle-orm";
import { reservations } from "#db/schema";
import type { Database } from "#app/lib/db.server";
import type { Refusal } from "#app/lib/outcome";
import { can, notAllowed } from "#app/modules/access";
import { readDollarAmount, recordManualPayment, refundContribution, staffPaymentMessages, type PaymentGateway } from "#app/modules/payments/index.server";
import { expectedContributionCents, guestContributions } from "./contributions.server";
import type { ReservationsActor } from "./staff-outcome.server";

export type ContributionActionReason = "forbidden" | "not-found" | "invalid" | "unchanged" | "conflict" | "failed";

/** What recording or refunding a guest's contribution answers; a refusal names the field it concerns and keeps what was typed. */
export type ContributionActionOutcome =
  | { ok: true; message: string; reservationId: string }
  | Refusal<ContributionActionReason, { fieldErrors?: Record<string, string>; values?: Record<string, string> }>;

const text = (value: unknown) => (typeof value === "string" ? value : "");

/** The guest named by the form, on the event the form names (or any event when none is named). */
async function guestOf(db: Database, input: Record<string, unknown>) {
  const reservationId = text(input.reservationId);
  const eventId = text(input.eventId);
  if (!/^[0-9a-f-]{36}$/i.test(reservationId)) return undefined;
  const [reservation] = await db.select().from(reservations).where(eq(reservations.id, reservationId));
  if (!reservation || (eventId && eventId !== reservation.eventId)) return undefined;
  return reservation;
}

/** An amount typed in the form: blank means the default (undefined), else cents, or null when it cannot be read. */
function typedAmount(value: unknown): number | undefined | null {
  const typed = text(value).trim();
  if (typed === "") return undefined;
  return readDollarAmount(typed) ?? null;
}

/**
 * Staff record a guest's contribution paid in cash or otherwise, from the guest list or the door
 * (policy `record-contributions`, asked by the payments module with the event). The amount defaults
 * to what the reservation expects. A guest already paid is answered `unchanged`: a second tap at the
 * door (another phone, a retry) records nothing and says so.
 */
export async function recordGuestContribution(db: Database, actor: ReservationsActor, input: Record<string, unknown>): Promise<ContributionActionOutcome> {
  const values = { reservationId: text(input.reservationId), amount: text(input.amount), method: text(input.method) };
  if (!can(actor, "record-contributions")) return notAllowed();
  const reservation = await guestOf(db, input);
  if (!reservation) return { ok: false, reason: "not-found", message: staffPaymentMessages.notFound };
  const method = values.method === "other" ? "other" : values.method === "cash" || values.method === "" ? "cash" : null;
  if (!method) return { ok: false, reason: "invalid", message: "Please choose cash or other.", fieldErrors: { method: "Please choose cash or other." }, values };
  const amount = typedAmount(input.amount);
  if (amount === null) return { ok: false, reason: "invalid", message: staffPaymentMessages.amount, fieldErrors: { amount: staffPaymentMessages.amount }, values };
  const outcome = await recordManualPayment(db, { id: actor.id, email: actor.email, role: actor.role }, {
    reservation: { id: reservation.id, eventId: reservation.eventId, seats: reservation.seats, visitorName: reservation.visitorName, visitorEmail: reservation.visitorEmail },
    method,
    amountCents: amount ?? expectedContributionCents(reservation),
  });
  if (outcome.ok) return { ok: true, message: outcome.message, reservationId: reservation.id };
  if (outcome.reason === "conflict") return { ok: false, reason: "unchanged", message: `${reservation.visitorName}'s contribution is already recorded as paid.`, values };
  return { ...outcome, values, fieldErrors: outcome.reason === "invalid" ? { amount: outcome.message } : undefined };
}

/**
 * An admin refunds a guest's contribution, all that is refundable or a part, with a reason (policy
 * `refund-contributions`, asked by the payments module with the event): the payment is the one the
 * guest's contribution holds, found here from the reservation, never taken from the form.
 */
export async function refundGuestContribution(db: Database, gateway: PaymentGateway | null, actor: ReservationsActor, input: Record<string, unknown>): Promise<ContributionActionOutcome> {
  const values = { reservationId: text(input.reservationId), amount: text(input.amount), reason: text(input.reason) };
  if (!can(actor, "refund-contributions")) return notAllowed();
  const reservation = await guestOf(db, input);
  if (!reservation) return { ok: false, reason: "not-found", message: staffPaymentMessages.notFound };
  const amount = typedAmount(input.amount);
  if (amount === null) return { ok: false, reason: "invalid", message: staffPaymentMessages.amount, fieldErrors: { amount: staffPaymentMessages.amount }, values };
  const reason = values.reason.trim();
  if (reason.length === 0 || reason.length > 300) return { ok: false, reason: "invalid", message: staffPaymentMessages.reason, fieldErrors: { reason: staffPaymentMessages.reason }, values };
  const state = (await guestContributions(db, [reservation])).get(reservation.id);
  if (!state?.paymentId || state.refundableCents <= 0) return { ok: false, reason: "conflict", message: staffPaymentMessages.nothingToRefund, values };
  const outcome = await refundContribution(db, gateway, { id: actor.id, email: actor.email, role: actor.role }, { paymentId: state.paymentId, amountCents: amount, reason });
  if (outcome.ok) return { ok: true, message: outcome.message, reservationId: reservation.id };
  return { ...outcome, values, fieldErrors: outcome.reason === "invalid" ? { amount: outcome.message } : undefined };
}
