import { TextField } from "#app/components/ui/text-field";
import { MAX_SEATS_PER_RESERVATION, MIN_SEATS } from "#app/modules/reservations";
import { disclosureSummaryButton, useDisclosedStaffForm } from "../disclosed-staff-form";
import type { StaffOutcome } from "../staff-outcome";

/** The fields a guest form's error summary may lead to. */
const GUEST_FIELDS = ["name", "email", "phone", "seats"] as const;

/**
 * Staff add and edit guests by hand (docs/decisions/043): a phone booking on the reservations
 * page, a walk-in at check-in, and fixing a guest's details from either. Each form is a
 * <details> disclosure holding a plain form that posts to the page's action, so it works before
 * hydration and without JavaScript (the page then answers with the outcome, shown here as
 * `answered`); with JavaScript it goes through its own fetcher, shows its errors under the fields
 * and in the form's summary with focus on the first (decision 055), with everything typed kept,
 * and closes once saved.
 */

function GuestFields(props: {
  idPrefix: string;
  values: { name?: string; email?: string; phone?: string; seats?: string };
  errors: Record<string, string>;
  minSeats?: number;
  seatsHint?: string;
}) {
  const { idPrefix, values, errors } = props;
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <TextField id={`${idPrefix}-name`} name="name" label="Name" autoComplete="off" required defaultValue={values.name} error={errors.name} />
      <TextField id={`${idPrefix}-email`} name="email" label="E-mail (optional)" type="email" autoComplete="off" defaultValue={values.email} error={errors.email} />
      <TextField id={`${idPrefix}-phone`} name="phone" label="Phone (optional)" type="tel" autoComplete="off" defaultValue={values.phone} error={errors.phone} />
      <TextField
        id={`${idPrefix}-seats`}
        name="seats"
        label="Seats"
        type="number"
        inputMode="numeric"
        min={props.minSeats ?? MIN_SEATS}
        max={MAX_SEATS_PER_RESERVATION}
        step={1}
        required
        defaultValue={values.seats ?? "1"}
        error={errors.seats}
        labelAside={props.seatsHint ? <span className="text-xs text-mist">{props.seatsHint}</span> : undefined}
      />
    </div>
  );
}

/**
 * 'Add a guest' (a phone booking) or, at the door, 'Add a walk-in' (added with every seat
 * arrived). The confirmation e-mail box is ticked by default and acts only when an e-mail is given.
 */
export function AddGuestForm(props: {
  eventId: string;
  eventTitle: string;
  walkIn?: boolean;
  action?: string;
  answered?: StaffOutcome;
  seatsLeft?: number | null;
  /**
   * At the door with no signal: takes the form instead of posting it and says whether it did (the
   * door phone queues the walk-in). Not given, or answering false, the form posts as usual.
   */
  takeOffline?: (form: HTMLFormElement) => boolean;
}) {
  const idPrefix = `add-guest-${props.eventId}`;
  const { fetcher, details, form, refusal, saving, summary, action } = useDisclosedStaffForm(`add-guest-${props.eventId}`, props.answered, idPrefix, GUEST_FIELDS, props.action);
  const values = refusal?.values ?? {};
  const errors = refusal?.fieldErrors ?? {};
  const label = props.walkIn ? "Add a walk-in" : "Add a guest";
  const sendChecked = refusal?.values ? refusal.values.sendConfirmation === "on" : true;
  return (
    <details ref={details} open={refusal ? true : undefined} className="group">
      <summary className={disclosureSummaryButton} aria-label={`${label} to ${props.eventTitle}`}>
        {label}
      </summary>
      <fetcher.Form
        ref={form}
        method="post"
        action={action}
        noValidate
        onSubmit={(event) => {
          if (props.takeOffline?.(event.currentTarget)) {
            event.preventDefault();
            details.current?.removeAttribute("open");
            details.current?.querySelector("summary")?.focus();
          }
        }}
        className="mt-3 space-y-3 rounded-xl border border-sand/20 bg-night/40 p-3"
      >
        {summary}
        <input type="hidden" name="intent" value="add-guest" />
        <input type="hidden" name="eventId" value={props.eventId} />
        {props.walkIn ? <input type="hidden" name="walkIn" value="on" /> : null}
        <p className="text-sm text-sand">
          {props.walkIn ? "A guest at the door: added with every seat arrived." : "A phone booking, or anyone you add yourself."}
          {props.seatsLeft !== undefined && props.seatsLeft !== null ? ` ${props.seatsLeft} ${props.seatsLeft === 1 ? "seat" : "seats"} left.` : ""}
        </p>
        <GuestFields idPrefix={idPrefix} values={values} errors={errors} />
        <div className="flex items-start gap-2">
          <input id={`${idPrefix}-send`} name="sendConfirmation" type="checkbox" defaultChecked={sendChecked} className="mt-1 size-5 accent-amber" />
          <label htmlFor={`${idPrefix}-send`} className="text-sm text-sand">
            Send the confirmation e-mail <span className="text-mist">(only when an e-mail is given)</span>
          </label>
        </div>
        <button type="submit" className="button-primary min-h-12 w-full sm:w-auto" disabled={saving}>
          {saving ? "Adding…" : label}
        </button>
      </fetcher.Form>
    </details>
  );
}

/** 'Edit' on a guest: name, e-mail, phone and seats (never fewer than the seats already arrived). */
export function EditGuestForm(props: {
  eventId: string;
  guest: { reservationId: string; name: string; email: string | null; phone: string | null; seats: number; arrivedSeats: number };
  action?: string;
  answered?: StaffOutcome;
}) {
  const { guest } = props;
  const idPrefix = `edit-guest-${guest.reservationId}`;
  const { fetcher, details, form, refusal, saving, summary, action } = useDisclosedStaffForm(`edit-guest-${guest.reservationId}`, props.answered, idPrefix, GUEST_FIELDS, props.action);
  const values = refusal?.values ?? { name: guest.name, email: guest.email ?? "", phone: guest.phone ?? "", seats: String(guest.seats) };
  return (
    <details ref={details} open={refusal ? true : undefined}>
      <summary className={disclosureSummaryButton} aria-label={`Edit ${guest.name}'s reservation`}>
        Edit
      </summary>
      {/* Keyed by the stored details: another device's change shows here instead of a stale copy. */}
      <fetcher.Form
        key={`${guest.name}|${guest.email}|${guest.phone}|${guest.seats}`}
        ref={form}
        method="post"
        action={action}
        noValidate
        className="mt-3 space-y-3 rounded-xl border border-sand/20 bg-night/40 p-3"
      >
        {summary}
        <input type="hidden" name="intent" value="edit-guest" />
        <input type="hidden" name="eventId" value={props.eventId} />
        <input type="hidden" name="reservationId" value={guest.reservationId} />
        <GuestFields
          idPrefix={idPrefix}
          values={values}
          errors={refusal?.fieldErrors ?? {}}
          minSeats={Math.max(guest.arrivedSeats, MIN_SEATS)}
          seatsHint={guest.arrivedSeats > 0 ? `${guest.arrivedSeats} arrived` : undefined}
        />
        <button type="submit" className="button-primary min-h-12 w-full sm:w-auto" disabled={saving}>
          {saving ? "Saving…" : "Save changes"}
        </button>
      </fetcher.Form>
    </details>
  );
}
