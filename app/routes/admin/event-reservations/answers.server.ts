import type { ReservationsPageOutcome } from "#app/components/admin/reservations/page-outcome";
import { refusalStatus, type RefusalReason } from "#app/lib/outcome";
import { failedWith } from "#app/modules/reservations";
import type { IntentAnswer } from "#app/routes/intents.server";

type Answer = IntentAnswer<ReservationsPageOutcome>;

/** A refusal under the event's row (`target`), with the status of its reason and what the form needs to show it again. */
export function refused(
  intent: string,
  outcome: { reason: RefusalReason; message: string; fieldErrors?: Record<string, string>; values?: Record<string, string> },
  target?: string,
): Answer {
  return { body: { ok: false, intent, target, message: outcome.message, fieldErrors: outcome.fieldErrors, values: outcome.values }, status: refusalStatus(outcome.reason) };
}

/** The answer of an intent whose use case threw: the spec's failure text of the action, under the event's row when one is named. */
export function intentFailed(intent: string, failureText: string) {
  return ({ eventId }: { eventId: string }): Answer => ({
    body: { ok: false, intent, target: eventId || undefined, message: failedWith(failureText, "the server could not do it just now; please try again") },
    status: 503,
  });
}
