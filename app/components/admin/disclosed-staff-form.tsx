import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { ErrorSummary, useErrorFocus, useErrorSummaryAction } from "#app/components/ui/form-errors";
import { useOutcomeToast, type StaffOutcome } from "./staff-outcome";

/** The button that opens a staff form's <details> disclosure. */
export const disclosureSummaryButton =
  "inline-flex min-h-11 cursor-pointer list-none items-center justify-center rounded-full border border-sand/30 px-4 text-sm text-sand hover:border-amber hover:text-ivory focus-visible:outline-2 focus-visible:outline-amber [&::-webkit-details-marker]:hidden";

/**
 * A staff form inside a <details> disclosure (guests by hand, a guest's contribution): a plain form
 * posted to the page's action, so it works before hydration and without JavaScript (the page then
 * answers with the outcome, `answered`); with JavaScript its own fetcher answers, a toast says the
 * outcome, the errors show under the fields and in the form's summary with focus on the first
 * (decision 055), and the disclosure closes once saved, focus back on its button. `fields` are the
 * form's fields a summary entry may lead to (`<idPrefix>-<field>`).
 */
export function useDisclosedStaffForm(fetcherKey: string, answered: StaffOutcome | undefined, idPrefix: string, fields: readonly string[], action?: string) {
  const fetcher = useFetcher<StaffOutcome>({ key: fetcherKey });
  useOutcomeToast(fetcher.data);
  const details = useRef<HTMLDetailsElement>(null);
  const form = useRef<HTMLFormElement>(null);
  const outcome = fetcher.state === "idle" ? (fetcher.data ?? answered) : undefined;
  const refusal = outcome && !outcome.ok ? outcome : undefined;
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data?.ok) return;
    details.current?.removeAttribute("open");
    details.current?.querySelector("summary")?.focus();
  }, [fetcher.state, fetcher.data]);
  const attempt = useErrorFocus(refusal, refusal?.fieldErrors, form);
  const summaryId = `${idPrefix}-errors`;
  const summary = (
    <ErrorSummary
      key={attempt}
      id={summaryId}
      headingLevel={3}
      errors={refusal?.fieldErrors}
      message={refusal && !refusal.fieldErrors ? refusal.message : null}
      fieldId={(field) => (fields.includes(field) ? `${idPrefix}-${field}` : undefined)}
    />
  );
  return { fetcher, details, form, refusal, saving: fetcher.state !== "idle", summary, action: useErrorSummaryAction(summaryId, action) };
}
