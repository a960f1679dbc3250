import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import type { StaffOutcome } from "#app/components/admin/staff-outcome";
import { useOutcomeToast } from "#app/components/admin/staff-outcome";
import { ErrorSummary, useErrorFocus, useErrorSummaryAction } from "#app/components/ui/form-errors";
import { useFieldValue } from "#app/lib/use-field-value";
import type { SmsAudience } from "#app/modules/sms";
import { SendReviewPanel } from "#app/components/admin/send-review";
import { SmsKindSelect, SmsTextField } from "./sms-text-field";

interface AudienceCounts {
  numbers: number;
  optedOut: number;
  atMonthlyLimit: number;
  outsideCountries: number;
}

export interface GroupTextAudiences {
  community: AudienceCounts;
  events: (AudienceCounts & {
    eventId: string;
    title: string;
    startsAt: string;
    /** The date and time at the venue ('November 28th, 2026, 7:00 PM'), written by the server. */
    when: string;
    guests: number;
    leftOut: { noPhone: number; invalidPhone: number; noConsent: number };
  })[];
  withinSendingHours: boolean;
  nextSendingTime: string;
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** 'Of 12 guests, 7 can be texted. Left out: 3 gave no phone, …' */
function describeGuests(event: GroupTextAudiences["events"][number]): string {
  const parts = [
    event.leftOut.noPhone ? `${event.leftOut.noPhone} gave no phone` : "",
    event.leftOut.invalidPhone ? `${plural(event.leftOut.invalidPhone, "phone is", "phones are")} not a valid number` : "",
    event.leftOut.noConsent ? `${event.leftOut.noConsent} gave no SMS consent (no SMS box ticked when reserving or joining, nor a member's consent)` : "",
  ].filter(Boolean);
  const leftOut = parts.length ? ` Left out: ${parts.join("; ")}.` : "";
  return `Of ${plural(event.guests, "reservation", "reservations")}, ${plural(event.numbers, "number", "numbers")} can be texted.${leftOut}`;
}

function describeSkips(counts: AudienceCounts): string {
  if (!counts.optedOut && !counts.atMonthlyLimit && !counts.outsideCountries) return "";
  const parts = [
    counts.outsideCountries ? `${plural(counts.outsideCountries, "number is", "numbers are")} outside the countries texts may go to` : "",
    counts.optedOut ? `${plural(counts.optedOut, "number has", "numbers have")} opted out` : "",
    counts.atMonthlyLimit ? `${plural(counts.atMonthlyLimit, "number has", "numbers have")} already had 4 texts this month` : "",
  ].filter(Boolean);
  return ` ${parts.join(" and ")}: reported as skipped, never texted.`;
}

/**
 * The group text: to everyone with SMS consent and a phone, or to one event's guests who gave
 * SMS consent (the page says how many are left out and why). Outside 10am–8pm at the venue it
 * offers the choice between the next 10:00 (the default) and sending now. Send shows the review
 * first (how many numbers, who is left out and why, one recipient's text); only its 'Send to N
 * people' sends (docs/decisions/042). Field errors show in the form's summary, with focus on the
 * first (decision 055).
 */
const groupFieldIds: Record<string, string> = { audience: "sms-group-audience", eventId: "sms-group-event", message: "sms-group-message" };

export function SmsGroupForm({ audiences, fallback }: { audiences: GroupTextAudiences; fallback?: StaffOutcome }) {
  const fetcher = useFetcher<StaffOutcome>();
  const outcome = fetcher.data ?? fallback;
  useOutcomeToast(fetcher.data);
  const values = outcome && !outcome.ok ? (outcome.values ?? {}) : {};
  const errors = outcome && !outcome.ok ? (outcome.fieldErrors ?? {}) : {};
  const audience: SmsAudience = values.audience === "event" ? "event" : "community";
  const chosenEvent = useFieldValue<HTMLSelectElement>(values.eventId ?? audiences.events[0]?.eventId ?? "");
  const event = audiences.events.find((entry) => entry.eventId === chosenEvent.value);
  const sending = fetcher.state !== "idle";
  const review = outcome && !outcome.ok ? outcome.review : undefined;
  const headingRef = useRef<HTMLHeadingElement>(null);
  // Sent: the review's confirm button that had the focus is gone; the focus goes back to the form's heading.
  useEffect(() => {
    if (fetcher.data?.ok) headingRef.current?.focus();
  }, [fetcher.data]);
  const form = useRef<HTMLFormElement>(null);
  const attempt = useErrorFocus(fetcher.state === "idle" && fetcher.data && !fetcher.data.ok && fetcher.data.fieldErrors ? fetcher.data : undefined, errors, form);
  const action = useErrorSummaryAction("sms-group-errors");

  if (review) {
    return (
      <div className="space-y-4">
        <h3 id="sms-group-title" className="text-xl text-ivory">
          Text a group
        </h3>
        <SendReviewPanel
          review={review}
          Form={fetcher.Form}
          intent="send-sms-group"
          changeIntent="change-sms-group"
          hidden={(["audience", "eventId", "campaign", "message", "timing"] as const).map((name): [string, string] => [name, values[name] ?? ""])}
          headingLevel={4}
          idPrefix="sms-group"
          busy={sending}
        />
      </div>
    );
  }

  return (
    <fetcher.Form ref={form} method="post" action={action} className="space-y-4" aria-labelledby="sms-group-title" noValidate>
      <h3 id="sms-group-title" ref={headingRef} tabIndex={-1} className="text-xl text-ivory focus:outline-none">
        Text a group
      </h3>
      <ErrorSummary key={attempt} id="sms-group-errors" headingLevel={4} errors={errors} fieldId={(field) => groupFieldIds[field]} />
      <input type="hidden" name="intent" value="send-sms-group" />
      <fieldset className="min-w-0" aria-describedby={errors.audience ? "sms-group-audience-error" : undefined}>
        <legend className="text-sm text-sand">Send to</legend>
        <div className="mt-2 space-y-2">
          <label className="flex items-start gap-2">
            <input id="sms-group-audience" type="radio" name="audience" value="community" defaultChecked={audience === "community"} className="mt-1" />
            <span>
              Everyone with SMS consent and a phone ({plural(audiences.community.numbers, "number", "numbers")})
              <span className="block text-sm text-mist" data-testid="sms-community-summary">
                Community sign-ups and members who accepted SMS consent, each number once.{describeSkips(audiences.community)}
              </span>
            </span>
          </label>
          <label className="flex items-start gap-2">
            <input
              type="radio"
              name="audience"
              value="event"
              defaultChecked={audience === "event"}
              disabled={audiences.events.length === 0}
              className="mt-1"
            />
            <span>
              The guests of one event
              {audiences.events.length === 0 ? <span className="block text-sm text-mist">No event has reservations yet.</span> : null}
            </span>
          </label>
        </div>
        {errors.audience ? (
          <p id="sms-group-audience-error" className="mt-1.5 text-sm text-danger">
            {errors.audience}
          </p>
        ) : null}
      </fieldset>
      {audiences.events.length > 0 ? (
        <div>
          <label htmlFor="sms-group-event" className="block text-sm text-sand">
            Event
          </label>
          <select
            id="sms-group-event"
            name="eventId"
            {...chosenEvent.field}
            className="input-field mt-1.5"
            aria-invalid={errors.eventId ? true : undefined}
            aria-describedby={`sms-group-event-summary${errors.eventId ? " sms-group-event-error" : ""}`}
          >
            {audiences.events.map((entry) => (
              <option key={entry.eventId} value={entry.eventId}>
                {entry.title} ({entry.when}): {entry.numbers} of {entry.guests}
              </option>
            ))}
          </select>
          <p id="sms-group-event-summary" className="mt-1.5 text-sm text-mist" data-testid="sms-event-summary">
            {event ? `${describeGuests(event)}${describeSkips(event)}` : ""}
          </p>
          {errors.eventId ? (
            <p id="sms-group-event-error" className="mt-1.5 text-sm text-danger">
              {errors.eventId}
            </p>
          ) : null}
        </div>
      ) : null}
      <SmsKindSelect id="sms-group-campaign" defaultValue={values.campaign} />
      <SmsTextField id="sms-group-message" defaultValue={values.message} error={errors.message} />
      {audiences.withinSendingHours ? (
        <input type="hidden" name="timing" value="scheduled" />
      ) : (
        <fieldset className="min-w-0 rounded-2xl border border-amber/40 p-4">
          <legend className="px-1 text-sm text-amber">Quiet hours</legend>
          <p className="text-sm text-sand">It is outside 10am–8pm at the venue. Group texts wait for the morning unless you choose otherwise.</p>
          <div className="mt-2 space-y-2">
            <label className="flex items-start gap-2">
              <input type="radio" name="timing" value="scheduled" defaultChecked={values.timing !== "now"} className="mt-1" />
              <span>Schedule for {audiences.nextSendingTime}</span>
            </label>
            <label className="flex items-start gap-2">
              <input type="radio" name="timing" value="now" defaultChecked={values.timing === "now"} className="mt-1" />
              <span>Send now</span>
            </label>
          </div>
        </fieldset>
      )}
      <button type="submit" className="button-primary" disabled={sending}>
        {sending ? "Working…" : "Review and send"}
      </button>
      {/* Field errors are the summary's to say. */}
      {outcome?.message && (outcome.ok || !outcome.fieldErrors) ? (
        <p role={outcome.ok ? "status" : "alert"} className={outcome.ok ? "text-amber" : "text-danger"}>
          {outcome.message}
        </p>
      ) : null}
    </fetcher.Form>
  );
}
