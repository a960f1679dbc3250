import { useRef, useState, type FormEvent, type RefObject } from "react";
import type { FetcherWithComponents } from "react-router";
import { OrganisersContact } from "./organisers-contact";
import { ContactFields } from "#app/components/ui/contact-fields";
import { ErrorSummary, useErrorFocus, useErrorSummaryAction } from "#app/components/ui/form-errors";
import { TextField } from "#app/components/ui/text-field";
import { firstErrorPerField } from "#app/lib/form-errors";
import { smsConsentWords } from "#app/modules/consent";
import { contributionMessages, CONTRIBUTION_MAX_PER_SEAT, CONTRIBUTION_MIN_PER_SEAT, CONTRIBUTION_SUGGESTED_PER_SEAT } from "#app/modules/payments";
import {
  MAX_SEATS_PER_RESERVATION,
  MIN_SEATS,
  newSubmissionKey,
  reservationMessages,
  reservationSchema,
  type ReservationResult,
} from "#app/modules/reservations";

/**
 * The reservation form of the reserve dialog and of the reservation page. It posts to the event's
 * reserve action as a plain form, so it works before JavaScript loads; with JavaScript it is
 * checked in the browser with the server's schema and sent through `fetcher`. A refusal shows
 * under the fields and in the summary above them (a refusal of the whole form in the summary alone),
 * focus goes to the first field in error (decision 055), and the typed values stay.
 */
/** The reservation page's form, which answers a post made without JavaScript from anywhere. */
export const RESERVE_PAGE_FORM_ID = "reserve-page";

export function ReservationForm(props: {
  id: string;
  action: string;
  fetcher: FetcherWithComponents<ReservationResult>;
  /** What the action answered to a post made without JavaScript. */
  answered?: ReservationResult;
  formRef?: RefObject<HTMLFormElement | null>;
  submitLabel: string;
  /** The one-time key the server made for a server-rendered form; otherwise one is made here. */
  submissionKey?: string;
}) {
  const { id, fetcher } = props;
  const ownFormRef = useRef<HTMLFormElement>(null);
  const formRef = props.formRef ?? ownFormRef;
  const [browserErrors, setBrowserErrors] = useState<Record<string, string> | null>(null);
  const submitting = fetcher.state !== "idle";
  // Kept across failures and retries (the same submission), renewed once it has reserved, so
  // the next reservation from this form is a new one. The dialog's form renders only in the browser.
  // (React's "adjust state while rendering" pattern: the new key is ready in the same render.)
  const [submission, setSubmission] = useState(() => ({ after: undefined as string | undefined, key: props.submissionKey ?? newSubmissionKey() }));
  const reserved = fetcher.state === "idle" && fetcher.data?.ok ? fetcher.data.reservation.id : undefined;
  if (reserved && submission.after !== reserved) setSubmission({ after: reserved, key: newSubmissionKey() });

  const result = fetcher.data ?? props.answered;
  const refusal = result && !result.ok ? result : undefined;
  const errors = submitting ? {} : (browserErrors ?? refusal?.fieldErrors ?? {});
  const failure = submitting || browserErrors || !refusal ? undefined : (refusal.error ?? (refusal.fieldErrors ? undefined : reservationMessages.failed));

  // The server's answer may name a field the browser accepted, or fail as a whole: show the visitor where.
  const attempt = useErrorFocus(browserErrors ?? (fetcher.state === "idle" && fetcher.data && !fetcher.data.ok ? fetcher.data : undefined), errors, formRef);
  const action = useErrorSummaryAction(`${RESERVE_PAGE_FORM_ID}-errors`, props.action);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const formData = new FormData(form);
    const checked = reservationSchema.safeParse(Object.fromEntries(formData));
    if (!checked.success) {
      setBrowserErrors(firstErrorPerField(checked.error.issues));
      return;
    }
    setBrowserErrors(null);
    void fetcher.submit(formData, { method: "post", action: props.action });
  }

  const values = refusal?.values;
  return (
    <form ref={formRef} method="post" action={action} noValidate onSubmit={submit} className="space-y-5">
      <ErrorSummary key={attempt} id={`${id}-errors`} errors={errors} message={failure} fieldId={(field) => (field === "smsConsent" ? `${id}-sms` : `${id}-${field}`)} />
      <input type="hidden" name="submissionKey" value={submission.key} />
      {refusal?.contactOrganisers ? (
        <p className="text-sm text-sand">
          <OrganisersContact />
        </p>
      ) : null}
      <ContactFields idOf={(field) => `${id}-${field}`} values={values} errors={errors} required />
      <div className="flex items-start gap-3">
        <input
          id={`${id}-sms`}
          name="smsConsent"
          type="checkbox"
          defaultChecked={values?.smsConsent === "on"}
          className="mt-1 h-5 w-5 shrink-0 accent-amber"
        />
        <label htmlFor={`${id}-sms`} className="text-sm text-sand">
          {smsConsentWords}
        </label>
      </div>
      <TextField
        id={`${id}-seats`}
        name="seats"
        label="Seats"
        type="number"
        inputMode="numeric"
        min={MIN_SEATS}
        max={MAX_SEATS_PER_RESERVATION}
        step={1}
        required
        defaultValue={values?.seats ?? "1"}
        error={errors.seats}
      />
      <TextField
        id={`${id}-contribution`}
        name="contribution"
        label={contributionMessages.label}
        hint={reservationMessages.contribution}
        type="number"
        inputMode="numeric"
        min={CONTRIBUTION_MIN_PER_SEAT}
        max={CONTRIBUTION_MAX_PER_SEAT}
        step={1}
        required
        defaultValue={values?.contribution ?? String(CONTRIBUTION_SUGGESTED_PER_SEAT)}
        error={errors.contribution}
      />
      <button type="submit" className="button-primary w-full" disabled={submitting}>
        {submitting ? "Submitting..." : props.submitLabel}
      </button>
    </form>
  );
}
