import { useRef, useState } from "react";
import { useFetcher } from "react-router";
import type { StaffOutcome } from "#app/components/admin/staff-outcome";
import { useOutcomeToast } from "#app/components/admin/staff-outcome";
import { ErrorSummary, useErrorFocus, useErrorSummaryAction } from "#app/components/ui/form-errors";
import { newSubmissionKey } from "#app/modules/reservations";
import { SmsKindSelect, SmsTextField } from "./sms-text-field";

export type SmsOutcome = StaffOutcome & { warning?: string; sid?: string };

/**
 * The staff SMS form (spec: phone, message, campaign), with a live count of characters and
 * segments, and the tips panel. It posts `intent=send-sms` to its page's action; without
 * JavaScript the page renders the same answer. Field errors show in the form's summary, with focus
 * on the first (decision 055).
 */
export function SmsForm({ action, fallback, submissionKey }: { action?: string; fallback?: SmsOutcome; submissionKey: string }) {
  const fetcher = useFetcher<SmsOutcome>();
  // One key per text: kept while no answer came (a retry is the same text), renewed once the server
  // has answered about a text it took (sent, queued, or refused by Twilio), so the next press is a
  // new text. A refused form (its message under a field) took nothing and keeps its key.
  // (React's "adjust state while rendering" pattern.)
  const [submission, setSubmission] = useState(() => ({ after: undefined as SmsOutcome | undefined, key: submissionKey }));
  const answered = fetcher.state === "idle" && fetcher.data && (fetcher.data.ok || !fetcher.data.fieldErrors) ? fetcher.data : undefined;
  if (answered && submission.after !== answered) setSubmission({ after: answered, key: newSubmissionKey() });
  const outcome = fetcher.data ?? fallback;
  useOutcomeToast(fetcher.data);
  const values = outcome && !outcome.ok ? (outcome.values ?? {}) : {};
  const errors = outcome && !outcome.ok ? (outcome.fieldErrors ?? {}) : {};
  const sending = fetcher.state !== "idle";
  const form = useRef<HTMLFormElement>(null);
  const attempt = useErrorFocus(fetcher.state === "idle" && fetcher.data && !fetcher.data.ok && fetcher.data.fieldErrors ? fetcher.data : undefined, errors, form);
  const formAction = useErrorSummaryAction("sms-errors", action);

  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
      <fetcher.Form ref={form} method="post" action={formAction} className="space-y-4" aria-labelledby="sms-form-title" noValidate>
        <h2 id="sms-form-title" className="text-2xl text-ivory">
          Send a text
        </h2>
        <ErrorSummary key={attempt} id="sms-errors" headingLevel={3} errors={errors} fieldId={(field) => `sms-${field}`} />
        <input type="hidden" name="intent" value="send-sms" />
        <input type="hidden" name="submissionKey" value={submission.key} />
        <div>
          <label htmlFor="sms-phone" className="block text-sm text-sand">
            Phone number
          </label>
          <input
            id="sms-phone"
            name="phone"
            type="tel"
            autoComplete="off"
            defaultValue={values.phone}
            className="input-field mt-1.5"
            aria-invalid={errors.phone ? true : undefined}
            aria-describedby={errors.phone ? "sms-phone-error" : undefined}
            placeholder="+1 619 555 0100"
          />
          {errors.phone ? (
            <p id="sms-phone-error" className="mt-1.5 text-sm text-danger">
              {errors.phone}
            </p>
          ) : null}
        </div>
        <SmsKindSelect id="sms-campaign" defaultValue={values.campaign} />
        <SmsTextField id="sms-message" defaultValue={values.message} error={errors.message} />
        <button type="submit" className="button-primary" disabled={sending}>
          {sending ? "Sending…" : "Send text"}
        </button>
        {/* Field errors are the summary's to say. */}
        {outcome && (outcome.ok || !outcome.fieldErrors) ? (
          <div role={outcome.ok ? "status" : "alert"} className={outcome.ok ? "text-amber" : "text-danger"}>
            <p>{outcome.message}</p>
            {outcome.warning ? <p className="mt-1 text-sand">{outcome.warning}</p> : null}
          </div>
        ) : null}
      </fetcher.Form>
      <aside aria-labelledby="sms-tips-title" className="rounded-2xl border border-sand/15 p-5 text-sm text-sand">
        <h3 id="sms-tips-title" className="text-lg text-ivory">
          Tips
        </h3>
        <ul className="mt-3 list-disc space-y-2 pl-5">
          <li>Send between 10am and 8pm, venue time.</li>
          <li>Keep it under 320 characters (two segments).</li>
          <li>Every text ends with ‘Reply STOP to opt out’; it is added when missing.</li>
          <li>A number gets at most 4 texts a month; numbers that replied STOP get none.</li>
        </ul>
      </aside>
    </div>
  );
}
