import { useEffect } from "react";
import { toast } from "sonner";

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
    };

/** Shows an action's outcome as a toast once per answer (each answer is a new object). */
export function useOutcomeToast(outcome: StaffOutcome | undefined | null) {
  useEffect(() => {
    if (!outcome) return;
    if (outcome.ok) toast.success(outcome.message);
    else toast.error(outcome.message);
  }, [outcome]);
}
