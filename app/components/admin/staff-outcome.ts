import { useEffect } from "react";
import { toast } from "sonner";
import type { SendReview } from "#app/modules/campaigns";

/**
 * What a staff action answers: a message for the toast, and on failure what the form needs to
 * show the errors under each field with the values the person typed.
 */
export type StaffOutcome =
  | { ok: true; message: string; intent?: string }
  | {
      ok: false;
      message: string;
      intent?: string;
      fieldErrors?: Record<string, string>;
      values?: Record<string, string>;
      /** A mass send not sent yet: the review to confirm (docs/decisions/042). */
      review?: SendReview;
    };

/**
 * Shows an action's outcome as a toast once per answer (each answer is a new object). A review is
 * no outcome yet (it shows itself and takes the focus), nor is an answer with nothing to say; a
 * refusal naming fields is said by the form's error summary, with the focus on the first field
 * (decision 055), not a second time in a toast.
 */
export function useOutcomeToast(outcome: StaffOutcome | undefined | null) {
  useEffect(() => {
    if (!outcome || !outcome.message || (!outcome.ok && (outcome.review || outcome.fieldErrors))) return;
    if (outcome.ok) toast.success(outcome.message);
    else toast.error(outcome.message);
  }, [outcome]);
}
