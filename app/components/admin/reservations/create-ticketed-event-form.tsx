import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { useOutcomeToast } from "~/components/admin/staff-outcome";
import { useFormValidation } from "~/components/members/use-form-validation";
import { DEFAULT_MAX_SEATS, ticketedEventSchema } from "~/modules/events/ticketed-event-form";
import type { ReservationsPageOutcome } from "./page-outcome";

/**
 * The spec's ticketed-event form: name, date and time (the venue's clock), max seats (default 50).
 * A real form posting to the page's action, so it works before JavaScript (`fallback` is then the
 * action's answer); with it, the shared schema checks it first. Errors show under each field and
 * what was typed stays; after a success the form is emptied for the next event.
 */
export function CreateTicketedEventForm(props: { timeZone: string; fallback?: ReservationsPageOutcome }) {
  const fetcher = useFetcher<ReservationsPageOutcome>();
  useOutcomeToast(fetcher.data);
  const answer = fetcher.data ?? props.fallback;
  const serverErrors = answer && !answer.ok ? answer.fieldErrors : undefined;
  const { errors, onSubmit } = useFormValidation(() => ticketedEventSchema, serverErrors);
  const values = props.fallback && !props.fallback.ok ? (props.fallback.values ?? {}) : {};
  const form = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.ok) form.current?.reset();
  }, [fetcher.state, fetcher.data]);

  const field = (name: "name" | "date" | "time" | "maxSeats", label: string, input: Record<string, unknown>, hint?: string) => {
    const describedBy = [hint ? `new-event-${name}-hint` : "", errors[name] ? `new-event-${name}-error` : ""].filter(Boolean).join(" ") || undefined;
    return (
      <div>
        <label htmlFor={`new-event-${name}`} className="block text-sm font-semibold text-sand">
          {label}
        </label>
        <input
          id={`new-event-${name}`}
          name={name}
          aria-describedby={describedBy}
          aria-invalid={errors[name] ? true : undefined}
          className="input-field mt-1.5"
          {...input}
        />
        {hint ? (
          <p id={`new-event-${name}-hint`} className="mt-1 text-xs text-mist">
            {hint}
          </p>
        ) : null}
        {errors[name] ? (
          <p id={`new-event-${name}-error`} className="mt-1 text-sm text-danger">
            {errors[name]}
          </p>
        ) : null}
      </div>
    );
  };

  return (
    <section aria-labelledby="new-event-title" className="mt-8 rounded-2xl border border-amber/30 bg-umber/60 p-4 sm:p-6">
      <h2 id="new-event-title" className="text-2xl text-ivory">
        Create an event
      </h2>
      <p className="mt-1 text-sm text-mist">It is published at once and takes reservations; add a description and image on the Events page.</p>
      <fetcher.Form ref={form} method="post" noValidate onSubmit={onSubmit} className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <div className="sm:col-span-2 lg:col-span-4">{field("name", "Name *", { type: "text", defaultValue: values.name ?? "", autoComplete: "off" })}</div>
        {field("date", "Date *", { type: "date", defaultValue: values.date ?? "" }, `Venue time zone (${props.timeZone})`)}
        {field("time", "Time *", { type: "time", defaultValue: values.time ?? "" }, `Venue time (${props.timeZone})`)}
        {field("maxSeats", "Max seats *", { type: "number", min: 1, inputMode: "numeric", defaultValue: values.maxSeats ?? String(DEFAULT_MAX_SEATS) }, "At least 1")}
        <div className="flex items-end">
          <button type="submit" name="intent" value="create-event" className="button-primary w-full sm:w-auto" disabled={fetcher.state !== "idle"}>
            Create event
          </button>
        </div>
      </fetcher.Form>
    </section>
  );
}
