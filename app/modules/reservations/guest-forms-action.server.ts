import type { Database } from "#app/lib/db.server";
import type { OutboxWake } from "#app/modules/messaging/index.server";
import { addGuest } from "./add-guest.server";
import { editGuest } from "./edit-guest.server";
import type { GuestFailureReason } from "./guest-form";
import type { Refusal } from "#app/lib/outcome";
import type { ReservationsActor } from "./staff-outcome.server";

/**
 * The add-guest and edit-guest posts of the reservations page and of check-in, answered alike:
 * the outcome for the form (its field errors and what was typed), or the refusal with its reason.
 */
export async function answerGuestForm(
  db: Database,
  actor: ReservationsActor,
  intent: "add-guest" | "edit-guest",
  input: Record<string, unknown>,
  offerHours: number,
  wake: OutboxWake,
): Promise<{ ok: true; message: string } | Refusal<GuestFailureReason, { fieldErrors?: Record<string, string>; values?: Record<string, string> }>> {
  const outcome = intent === "add-guest" ? await addGuest(db, actor, input, wake) : await editGuest(db, actor, input, { now: new Date(), offerHours }, wake);
  if (outcome.ok) return { ok: true, message: outcome.message };
  return outcome;
}
