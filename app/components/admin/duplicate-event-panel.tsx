import { Link } from "react-router";
import type { StaffOutcome } from "./staff-outcome";
import { useStaffFormPanel } from "./use-staff-form-panel";
import { ErrorSummary, useErrorSummaryAction } from "#app/components/ui/form-errors";
import { duplicateEventSchema } from "#app/modules/events";

/** The key of the duplicate form's fetcher, which the page reads for the toast. */
export const EVENT_DUPLICATE_FETCHER = "event-duplicate";

export interface DuplicateEventValues {
  id: string;
  title: string;
  date: string;
  time: string;
}

/**
 * Duplicate asks for the new date (docs/decisions/041): a small form of the page (title, date and
 * time at the venue, the next week's slot suggested), posting to the page's action. It works
 * before and without JavaScript; with it, the shared schema checks it first and the post goes
 * through a fetcher, and the panel closes on success. The copy is a draft.
 */
export function DuplicateEventPanel(props: {
  original: { title: string; dateLabel: string; timeLabel: string };
  values: DuplicateEventValues;
  errors: Record<string, string>;
  action: string;
  cancelHref: string;
  timeZoneLabel: string;
  onSaved: (outcome: StaffOutcome) => void;
}) {
  const { fetcher, errors, onSubmit, heading, attempt } = useStaffFormPanel({
    fetcherKey: EVENT_DUPLICATE_FETCHER,
    schemaFor: () => duplicateEventSchema,
    postedErrors: props.errors,
    onSaved: props.onSaved,
  });

  const action = useErrorSummaryAction("duplicate-errors", props.action);
  const field = (name: "title" | "date" | "time", label: string, type: string, hint?: string) => {
    const describedBy = [hint ? `duplicate-${name}-hint` : "", errors[name] ? `duplicate-${name}-error` : ""].filter(Boolean).join(" ") || undefined;
    return (
      <div className={name === "title" ? "sm:col-span-2" : undefined}>
        <label htmlFor={`duplicate-${name}`} className="block text-sm font-semibold text-sand">
          {label}
        </label>
        <input
          id={`duplicate-${name}`}
          name={name}
          type={type}
          defaultValue={props.values[name]}
          aria-describedby={describedBy}
          aria-invalid={errors[name] ? true : undefined}
          className="input-field mt-1.5"
        />
        {hint ? (
          <p id={`duplicate-${name}-hint`} className="mt-1 text-xs text-mist">
            {hint}
          </p>
        ) : null}
        {errors[name] ? (
          <p id={`duplicate-${name}-error`} className="mt-1 text-sm text-danger">
            {errors[name]}
          </p>
        ) : null}
      </div>
    );
  };

  return (
    <section aria-labelledby="duplicate-event-heading" className="mt-8 rounded-2xl border border-amber/30 bg-umber/60 p-4 sm:p-6">
      <h2 id="duplicate-event-heading" ref={heading} tabIndex={-1} className="text-3xl text-ivory focus:outline-none">
        Duplicate event
      </h2>
      <p className="mt-1 text-sm text-mist">
        A copy of “{props.original.title}” ({props.original.dateLabel}, {props.original.timeLabel}) with everything but its guests, as a draft:
        choose its date, then publish it when it is ready.
      </p>
      <fetcher.Form method="post" action={action} noValidate onSubmit={onSubmit} className="mt-6 grid gap-5 sm:grid-cols-2">
        <ErrorSummary key={attempt} id="duplicate-errors" errors={errors} fieldId={(field) => `duplicate-${field}`} className="sm:col-span-2" />
        <input type="hidden" name="id" value={props.values.id} />
        {field("title", "Title *", "text")}
        {field("date", "New date *", "date", `In the venue's time zone (${props.timeZoneLabel})`)}
        {field("time", "Time *", "time", `Venue time (${props.timeZoneLabel})`)}
        <div className="flex flex-wrap gap-3 sm:col-span-2">
          <button type="submit" name="intent" value="duplicate" className="button-primary" disabled={fetcher.state !== "idle"}>
            Make the draft copy
          </button>
          <Link to={props.cancelHref} className="button-secondary">
            Cancel
          </Link>
        </div>
      </fetcher.Form>
    </section>
  );
}
