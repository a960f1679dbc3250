import { isRouteErrorResponse } from "react-router";
import type { StaffOutcome } from "#app/components/admin/staff-outcome";
import type { NoSignalAnswer } from "#app/lib/no-signal";

/**
 * Whether a failed reload of the page's data is the network's doing (no signal, or a proxy that
 * answers for a server it cannot reach), rather than the server's answer (a refusal, a redirect to
 * sign in), which must still show.
 */
export function isNetworkFailure(error: unknown): boolean {
  if (error instanceof TypeError) return true; // fetch's own failure: no connection at all
  return isRouteErrorResponse(error) && [502, 503, 504].includes(error.status);
}

/** What a door form posted as the signal went answers: it names the cause and what to do. */
export const NO_SIGNAL_MESSAGE = "No signal: nothing was saved. What you typed is still in the form: save it again when the signal is back.";
/** The same for Paid in cash, a button with nothing typed. */
export const NO_SIGNAL_PAYMENT_MESSAGE = "No signal: the payment was not recorded. Tap Paid in cash again when the signal is back.";

/**
 * A form of the door page posted when the network fails (editing a guest, a payment, a walk-in
 * with signal that lost it on the way): instead of the error page, the same answer as a refused
 * form, so the page stays the door list and the form keeps what was typed (its values come back
 * with the answer, as with a refusal). The server's own answers, refusals included, pass through.
 */
export async function answerWithoutSignal<Answer>(request: Request, serverAction: () => Promise<Answer>): Promise<Answer | (StaffOutcome & NoSignalAnswer)> {
  const form = await request.clone().formData();
  try {
    return await serverAction();
  } catch (error) {
    if (!isNetworkFailure(error)) throw error;
    const values: Record<string, string> = {};
    for (const [name, value] of form) if (typeof value === "string") values[name] = value;
    const message = values.intent === "paid-in-cash" ? NO_SIGNAL_PAYMENT_MESSAGE : NO_SIGNAL_MESSAGE;
    return { ok: false, intent: values.intent, message, values, noSignal: true };
  }
}
