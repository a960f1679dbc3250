import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import type { StaffOutcome } from "./staff-outcome";
import { useFormValidation } from "#app/components/members/use-form-validation";
import { useHydrated } from "#app/lib/use-hydrated";

type Schema = Parameters<typeof useFormValidation>[0];

/**
 * A staff form in a panel the page opens (the event editor, the duplicate form): its fetcher (keyed,
 * so the page reads its answer for the toast), the errors to show (the browser's check, the server's
 * answer, or those of a post made without JavaScript) with focus on the first (decision 055), focus on the heading when a person opened the
 * panel on the running page (never on hydration, where it would leave the field being typed in), and
 * `onSaved` once the post it waits for succeeds.
 */
export function useStaffFormPanel(options: { fetcherKey: string; schemaFor: Schema; postedErrors: Record<string, string>; onSaved: (outcome: StaffOutcome) => void }) {
  const fetcher = useFetcher<StaffOutcome>({ key: options.fetcherKey });
  // An answer from before this panel opened belongs to an earlier one.
  const [earlierAnswer] = useState(fetcher.data);
  const answer = fetcher.data === earlierAnswer ? undefined : fetcher.data;
  const { errors: clientErrors, onSubmit, attempt } = useFormValidation(options.schemaFor, answer && !answer.ok ? answer.fieldErrors : undefined);
  const errors = answer || Object.keys(clientErrors).length ? clientErrors : options.postedErrors;
  const heading = useRef<HTMLHeadingElement>(null);
  const hydrated = useHydrated();
  const [openedByPerson] = useState(hydrated);
  const { onSaved } = options;

  useEffect(() => {
    if (openedByPerson) heading.current?.focus();
  }, [openedByPerson]);
  useEffect(() => {
    if (fetcher.state === "idle" && answer?.ok) onSaved(answer);
  }, [fetcher.state, answer, onSaved]);

  return { fetcher, errors, onSubmit, heading, attempt };
}
