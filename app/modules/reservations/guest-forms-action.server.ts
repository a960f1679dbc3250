import type { Database } from "~/lib/db.server";
import { addGuest } from "./add-guest.server";
import { editGuest } from "./edit-guest.server";
import { guestFailureStatus } from "./guest-form";
import type { ReservationsActor } from "./staff-outcome.server";

/**
 * The add-guest and edit-guest posts of the reservations page and of check-in, answered alike:
 * the outcome for the form (its field errors and what was typed) and its HTTP status.
 */
export async function answerGuestForm(
  db: Database,
  actor: ReservationsActor,
  intent: "add-guest" | "edit-guest",
  input: Record<string, unknown>,
  offerHours: number,
): Promise<{
  status: number;
  outcome: { ok: true; message: string } | { ok: false; message: string; fieldErrors?: Record<string, string>; values?: Record<string, string> };
}> {
  const outcome = intent === "add-guest" ? await addGuest(db, actor, input) : await editGuest(db, actor, input, { now: new Date(), offerHours });
  if (outcome.ok) return { status: 200, outcome: { ok: true, message: outcome.message } };
  const { reason, ...refusal } = outcome;
  return { status: guestFailureStatus[reason], outcome: refusal };
}
