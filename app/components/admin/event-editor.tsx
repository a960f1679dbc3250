import type { ChangeEvent, ReactNode } from "react";
import { Link } from "react-router";
import { EventImagePicker } from "./event-image-picker";
import { EVENT_IMAGE_FILE_ID } from "./event-image-upload-field";
import { ErrorSummary, useErrorSummaryAction } from "#app/components/ui/form-errors";
import type { StaffOutcome } from "./staff-outcome";
import { useStaffFormPanel } from "./use-staff-form-panel";
import { useFieldValue } from "#app/lib/use-field-value";
import { DEFAULT_MAX_SEATS, eventEditorSchema } from "#app/modules/events";

/** The key of the editor's fetcher, which the page reads for the toast of a save. */
export const EVENT_EDITOR_FETCHER = "event-editor";

/** The editor's error summary, and the fragment a post without JavaScript comes back to. */
const EVENT_EDITOR_SUMMARY = "event-editor-errors";
const editorFieldId = (field: string) => (field === "imageFile" ? EVENT_IMAGE_FILE_ID : `event-${field}`);

export interface EventEditorValues {
  id?: string;
  title: string;
  image: string;
  date: string;
  time: string;
  description: string;
  location: string;
  address: string;
  ticketsLink: string;
  button: string;
  /** 'Takes reservations on this site'. */
  reservations: boolean;
  maxSeats: string;
  placement: string;
  soldOut: boolean;
}

export const emptyEventValues: EventEditorValues = {
  title: "",
  image: "",
  date: "",
  time: "",
  description: "",
  location: "",
  address: "",
  ticketsLink: "",
  button: "",
  reservations: false,
  maxSeats: "",
  placement: "",
  soldOut: false,
};

/**
 * Create and edit in one form. A real form posting to the page's action (intent create or
 * update), so it works before JavaScript; with it, the shared schema checks it first and the post
 * goes through a fetcher. Errors show under each field and in the summary above them, with focus on
 * the first (decision 055); what was typed stays.
 */
/** A new event as the reservations page opens it: taking reservations, with the spec's 50 seats. */
export const reservationsEventValues: EventEditorValues = { ...emptyEventValues, reservations: true, maxSeats: String(DEFAULT_MAX_SEATS) };

/**
 * With JavaScript, the choice and Max seats keep in step, as the server reads them without it
 * (`chosenReservations`, docs/decisions/056): unticking sets the number aside, ticking brings it
 * back (or 50), typing a number ticks the box. Only the elements' own state is touched, so
 * nothing depends on hydration.
 */
function keepSeatsInStep(event: ChangeEvent<HTMLInputElement>) {
  const seats = event.currentTarget.form?.elements.namedItem("maxSeats");
  if (!(seats instanceof HTMLInputElement)) return;
  if (!event.currentTarget.checked) {
    if (seats.value.trim()) seats.dataset.setAside = seats.value;
    seats.value = "";
  } else if (!seats.value.trim()) {
    seats.value = seats.dataset.setAside || String(DEFAULT_MAX_SEATS);
  }
}

function tickWhenSeatsTyped(event: ChangeEvent<HTMLInputElement>) {
  const choice = event.currentTarget.form?.elements.namedItem("reservations");
  // Two elements share the name (the hidden "off" and the box): the box is the checkbox among them.
  const box = choice instanceof RadioNodeList ? [...choice].find((element) => element instanceof HTMLInputElement && element.type === "checkbox") : null;
  if (box instanceof HTMLInputElement && event.currentTarget.value.trim()) box.checked = true;
}

export function EventEditor(props: {
  mode: "create" | "update";
  values: EventEditorValues;
  errors: Record<string, string>;
  locations: string[];
  action: string;
  cancelHref: string;
  timeZoneLabel: string;
  onSaved: (outcome: StaffOutcome) => void;
}) {
  // The page owns this fetcher (and its toast): the editor closes on the answer it waits for.
  const { fetcher, errors, onSubmit, heading, attempt } = useStaffFormPanel({
    fetcherKey: EVENT_EDITOR_FETCHER,
    schemaFor: () => eventEditorSchema,
    postedErrors: props.errors,
    onSaved: props.onSaved,
  });
  const action = useErrorSummaryAction(EVENT_EDITOR_SUMMARY, props.action);
  const location = useFieldValue<HTMLInputElement>(props.values.location);

  const title = props.mode === "create" ? "New event" : "Edit event";
  const field = (name: keyof EventEditorValues, label: string, input: (describedBy: string | undefined) => ReactNode, hint?: string) => {
    const describedBy = [hint ? `event-${name}-hint` : "", errors[name] ? `event-${name}-error` : ""].filter(Boolean).join(" ") || undefined;
    return (
      <div>
        <label htmlFor={`event-${name}`} className="block text-sm font-semibold text-sand">
          {label}
        </label>
        {input(describedBy)}
        {hint ? (
          <p id={`event-${name}-hint`} className="mt-1 text-xs text-mist">
            {hint}
          </p>
        ) : null}
        {errors[name] ? (
          <p id={`event-${name}-error`} className="mt-1 text-sm text-danger">
            {errors[name]}
          </p>
        ) : null}
      </div>
    );
  };
  const textInput = (name: keyof EventEditorValues, type = "text", extra: Record<string, unknown> = {}) => (describedBy: string | undefined) => (
    <input
      id={`event-${name}`}
      name={name}
      type={type}
      defaultValue={String(props.values[name] ?? "")}
      aria-describedby={describedBy}
      aria-invalid={errors[name] ? true : undefined}
      className="input-field mt-1.5"
      {...extra}
    />
  );

  return (
    <section aria-labelledby="event-editor-title" className="mt-8 rounded-2xl border border-amber/30 bg-umber/60 p-4 sm:p-6">
      <h2 id="event-editor-title" ref={heading} tabIndex={-1} className="text-3xl text-ivory focus:outline-none">
        {title}
      </h2>
      <p className="mt-1 text-sm text-mist">Fields marked * are required. A new event starts as a draft: publish it to show it on the site.</p>
      <fetcher.Form method="post" encType="multipart/form-data" action={action} noValidate onSubmit={onSubmit} className="mt-6 grid gap-5 sm:grid-cols-2">
        <ErrorSummary key={attempt} id={EVENT_EDITOR_SUMMARY} errors={errors} fieldId={editorFieldId} className="sm:col-span-2" />
        {props.values.id ? <input type="hidden" name="id" value={props.values.id} /> : null}
        <div className="sm:col-span-2">{field("title", "Title *", textInput("title"))}</div>
        {field("date", "Date *", textInput("date", "date"), `In the venue's time zone (${props.timeZoneLabel})`)}
        {field("time", "Time *", textInput("time", "time"), `Venue time (${props.timeZoneLabel})`)}
        <EventImagePicker defaultValue={props.values.image} error={errors.image} uploadError={errors.imageFile} />
        <div className="sm:col-span-2">
          {field("description", "Description *", (describedBy) => (
            <textarea
              id="event-description"
              name="description"
              rows={4}
              defaultValue={props.values.description}
              aria-describedby={describedBy}
              aria-invalid={errors.description ? true : undefined}
              className="input-field mt-1.5"
            />
          ))}
        </div>
        <div className="sm:col-span-2">
          {field("location", "Location", (describedBy) => (
            <input
              id="event-location"
              name="location"
              {...location.field}
              aria-describedby={describedBy}
              aria-invalid={errors.location ? true : undefined}
              className="input-field mt-1.5"
            />
          ))}
          {props.locations.length ? (
            <div role="group" aria-label="Most used locations" className="mt-2 flex flex-wrap gap-2">
              {props.locations.map((place) => (
                <button
                  key={place}
                  type="button"
                  onClick={() => location.set(place)}
                  aria-pressed={location.value === place}
                  className="min-h-11 rounded-full border border-sand/30 px-3 text-sm text-sand hover:border-amber aria-pressed:border-amber aria-pressed:text-amber"
                >
                  {place}
                </button>
              ))}
            </div>
          ) : null}
        </div>
        <div className="sm:col-span-2">{field("address", "Address", textInput("address"))}</div>
        {field("ticketsLink", "Tickets link", textInput("ticketsLink", "url", { placeholder: "https://" }), "Optional; must start with https://")}
        {field("button", "Button text", textInput("button"), "Optional; e.g. 'Get Tickets', 'Past Event', 'Private Event'")}
        <div className="sm:col-span-2">
          {/* Posted before the box: an unticked box sends nothing, so "off" is what arrives then. */}
          <input type="hidden" name="reservations" value="off" />
          {/* The seats this form shows: a number left over when the box is unticked, not one typed. */}
          <input type="hidden" name="maxSeatsShown" value={props.values.maxSeats} />
          <label className="flex min-h-11 items-center gap-3 text-sand">
            <input
              id="event-reservations"
              type="checkbox"
              name="reservations"
              value="on"
              defaultChecked={props.values.reservations}
              onChange={keepSeatsInStep}
              aria-describedby="event-reservations-hint"
              className="size-5 accent-amber"
            />
            Takes reservations on this site
          </label>
          <p id="event-reservations-hint" className="text-xs text-mist">
            Guests reserve here, up to Max seats. Untick it for an event sold through a tickets link, or not open yet.
          </p>
        </div>
        {field(
          "maxSeats",
          "Max seats",
          textInput("maxSeats", "number", { min: 1, inputMode: "numeric", onChange: tickWhenSeatsTyped }),
          "Seats guests may reserve here; a number typed here means the event takes reservations",
        )}
        {field("placement", "Placement", (describedBy) => (
          <select id="event-placement" name="placement" defaultValue={props.values.placement} aria-describedby={describedBy} className="input-field mt-1.5">
            <option value="">None</option>
            <option value="rsvp">RSVP main card</option>
            <option value="vip">VIP</option>
          </select>
        ), "One event per page: choosing one takes it from the event that had it")}
        <label className="flex min-h-11 items-center gap-3 text-sand sm:col-span-2">
          <input type="checkbox" name="soldOut" defaultChecked={props.values.soldOut} className="size-5 accent-amber" />
          Sold out (guest list full)
        </label>
        <div className="flex flex-wrap gap-3 sm:col-span-2">
          <button type="submit" name="intent" value={props.mode} className="button-primary" disabled={fetcher.state !== "idle"}>
            {props.mode === "create" ? "Create event" : "Save changes"}
          </button>
          <Link to={props.cancelHref} className="button-secondary">
            Cancel
          </Link>
        </div>
      </fetcher.Form>
    </section>
  );
}
