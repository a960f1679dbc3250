import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { useOutcomeToast } from "#app/components/admin/staff-outcome";
import { useFormValidation } from "#app/components/members/use-form-validation";
import { ErrorSummary, useErrorSummaryAction } from "#app/components/ui/form-errors";
import { useFieldValue } from "#app/lib/use-field-value";
import { useHydrated } from "#app/lib/use-hydrated";
import { announcementSchema } from "#app/modules/campaigns";
import { messageHtml } from "#app/modules/campaigns";
import { SendReviewPanel } from "#app/components/admin/send-review";
import type { ReservationsPageOutcome } from "./page-outcome";

/**
 * 'Send to event attendees': a subject and a message (plain text or Markdown) for everyone with a
 * reservation, each address once, through the campaigns' durable bulk send. The preview is the
 * message as the e-mail will show it (the same Markdown rules: raw HTML shown as text, only web
 * and mail links). The first press shows the review (how many guests, who is left out, one guest's
 * copy); only its 'Send to N people' sends (docs/decisions/042). A real form: without JavaScript it
 * posts and the page answers.
 */
export function AttendeeMailForm(props: { eventId: string; guests: number; fallback?: ReservationsPageOutcome }) {
  const fetcher = useFetcher<ReservationsPageOutcome>();
  useOutcomeToast(fetcher.data);
  const hydrated = useHydrated();
  const answer = fetcher.data ?? (props.fallback?.intent === "send-attendee-mail" ? props.fallback : undefined);
  const failure = answer && !answer.ok ? answer : null;
  const review = failure?.review;
  // A review is no refusal: it shows itself and takes the focus.
  const { errors, onSubmit, attempt } = useFormValidation(() => announcementSchema, failure?.fieldErrors, review ? undefined : (failure ?? undefined));
  const subject = useFieldValue<HTMLInputElement>(failure?.values?.subject ?? "");
  const message = useFieldValue<HTMLTextAreaElement>(failure?.values?.message ?? "");
  const { set: setSubject } = subject;
  const { set: setMessage } = message;
  const headingRef = useRef<HTMLHeadingElement>(null);
  // A new answer that says 'queued' empties the form for the next message; the focus, on the review's
  // confirm button that is now gone, goes back to the form's heading.
  useEffect(() => {
    if (fetcher.data?.ok) {
      setSubject("");
      setMessage("");
      headingRef.current?.focus();
    }
  }, [fetcher.data, setSubject, setMessage]);
  const formError = failure && !failure.fieldErrors && !review ? failure.message : null;
  const id = (name: string) => `mail-${props.eventId}-${name}`;
  const action = useErrorSummaryAction(id("errors"));

  return (
    <section aria-labelledby={id("title")} className="rounded-xl border border-sand/15 p-3 sm:p-4">
      <h3 id={id("title")} ref={headingRef} tabIndex={-1} className="text-lg text-ivory focus:outline-none">
        Send to event attendees
      </h3>
      <p className="mt-1 text-xs text-mist">
        One e-mail to each guest&apos;s address ({props.guests === 1 ? "1 reservation" : `${props.guests} reservations`}); unsubscribed addresses are skipped.
        Progress shows under Campaigns below.
      </p>
      {review ? (
        <div className="mt-3">
          <SendReviewPanel
            review={review}
            Form={fetcher.Form}
            intent="send-attendee-mail"
            changeIntent="change-attendee-mail"
            hidden={[
              ["eventId", props.eventId],
              ["subject", failure?.values?.subject ?? ""],
              ["message", failure?.values?.message ?? ""],
            ]}
            headingLevel={4}
            idPrefix={id("mail")}
            busy={fetcher.state !== "idle"}
          />
        </div>
      ) : (
        <fetcher.Form method="post" action={action} noValidate onSubmit={onSubmit} className="mt-3 grid gap-3">
          <ErrorSummary key={attempt} id={id("errors")} headingLevel={4} errors={errors} message={formError} fieldId={id} />
          <input type="hidden" name="eventId" value={props.eventId} />
          <div>
            <label htmlFor={id("subject")} className="block text-sm font-semibold text-sand">
              Subject
            </label>
            <input
              id={id("subject")}
              name="subject"
              {...subject.field}
              aria-invalid={errors.subject ? true : undefined}
              aria-describedby={errors.subject ? id("subject-error") : undefined}
              className="input-field mt-1.5"
            />
            {errors.subject ? (
              <p id={id("subject-error")} className="mt-1 text-sm text-danger">
                {errors.subject}
              </p>
            ) : null}
          </div>
          <div>
            <label htmlFor={id("message")} className="block text-sm font-semibold text-sand">
              Message (plain text or Markdown)
            </label>
            <textarea
              id={id("message")}
              name="message"
              rows={5}
              {...message.field}
              aria-invalid={errors.message ? true : undefined}
              aria-describedby={errors.message ? id("message-error") : undefined}
              className="input-field mt-1.5"
            />
            {errors.message ? (
              <p id={id("message-error")} className="mt-1 text-sm text-danger">
                {errors.message}
              </p>
            ) : null}
          </div>
          <div>
            <button type="submit" name="intent" value="send-attendee-mail" className="button-primary" disabled={fetcher.state !== "idle"}>
              Review and send
            </button>
          </div>
          {/*
            Below the button, never above it: the preview appears when the page hydrates (what was
            typed before is read then), and content appearing above would move the button under a
            press begun before hydration and released after it, so the press would reach no button
            (issue 35: "a press that did nothing").
          */}
          {hydrated && message.value.trim() ? (
            <div>
              <p className="text-sm font-semibold text-sand">Preview</p>
              <div
                data-testid="attendee-mail-preview"
                className="prose-invert mt-1.5 rounded-xl bg-ivory/5 p-3 text-sm text-ivory [&_a]:text-amber [&_a]:underline"
                dangerouslySetInnerHTML={{ __html: messageHtml(message.value) }}
              />
            </div>
          ) : null}
        </fetcher.Form>
      )}
    </section>
  );
}
