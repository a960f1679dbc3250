import { TextField } from "#app/components/ui/text-field";
import { formatDollars } from "#app/modules/payments";
import { disclosureSummaryButton, useDisclosedStaffForm } from "../disclosed-staff-form";
import type { StaffOutcome } from "../staff-outcome";

/**
 * 'Record payment' (cash or other, by staff who record contributions) and 'Refund' (admins) on a
 * guest of the reservations page. As the guest forms: a <details> disclosure holding a plain form
 * posted to the page's action, so it works before hydration and without JavaScript (the page then
 * answers with the outcome, given here as `answered`); with JavaScript its own fetcher answers, the
 * errors show under the fields and in the form's summary, and it closes once done.
 */

/** Cents as the amount field shows them: "40", or "40.50". */
const dollarsField = (cents: number) => (cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2));

/** 'Record payment': cash or other, the amount preset to what the guest is expected to give. */
export function RecordPaymentForm(props: { eventId: string; guest: { reservationId: string; name: string }; expectedCents: number; answered?: StaffOutcome }) {
  const { guest } = props;
  const idPrefix = `record-payment-${guest.reservationId}`;
  const { fetcher, details, form, refusal, saving, summary, action } = useDisclosedStaffForm(idPrefix, props.answered, idPrefix, ["amount", "method"]);
  const values = refusal?.values ?? {};
  const errors = refusal?.fieldErrors ?? {};
  const method = values.method === "other" ? "other" : "cash";
  return (
    <details ref={details} open={refusal ? true : undefined}>
      <summary className={disclosureSummaryButton} aria-label={`Record a payment for ${guest.name}`}>
        Record payment
      </summary>
      <fetcher.Form ref={form} method="post" action={action} noValidate className="mt-3 space-y-3 rounded-xl border border-sand/20 bg-night/40 p-3">
        {summary}
        <input type="hidden" name="intent" value="record-contribution" />
        <input type="hidden" name="eventId" value={props.eventId} />
        <input type="hidden" name="reservationId" value={guest.reservationId} />
        <fieldset>
          <legend className="text-sm text-sand">Paid</legend>
          <div id={`${idPrefix}-method`} className="mt-1 flex flex-wrap gap-4">
            {(["cash", "other"] as const).map((choice) => (
              <label key={choice} className="flex min-h-11 items-center gap-2 text-ivory">
                <input type="radio" name="method" value={choice} defaultChecked={method === choice} className="size-5 accent-amber" />
                {choice === "cash" ? "In cash" : "Other (a transfer, a cheque…)"}
              </label>
            ))}
          </div>
          {errors.method ? <p className="mt-1 text-sm text-danger">{errors.method}</p> : null}
        </fieldset>
        <TextField
          id={`${idPrefix}-amount`}
          name="amount"
          label="Amount in dollars"
          inputMode="decimal"
          autoComplete="off"
          required
          defaultValue={values.amount || dollarsField(props.expectedCents)}
          error={errors.amount}
          labelAside={<span className="text-xs text-mist">{formatDollars(props.expectedCents)} expected</span>}
        />
        <button type="submit" className="button-primary min-h-12 w-full sm:w-auto" disabled={saving}>
          {saving ? "Recording…" : "Record payment"}
        </button>
      </fetcher.Form>
    </details>
  );
}

/** 'Refund' (admins): all that is refundable, or a part, with a reason the log keeps. */
export function RefundForm(props: { eventId: string; guest: { reservationId: string; name: string }; refundableCents: number; byCard: boolean; answered?: StaffOutcome }) {
  const { guest } = props;
  const idPrefix = `refund-${guest.reservationId}`;
  const { fetcher, details, form, refusal, saving, summary, action } = useDisclosedStaffForm(idPrefix, props.answered, idPrefix, ["amount", "reason"]);
  const values = refusal?.values ?? {};
  const errors = refusal?.fieldErrors ?? {};
  return (
    <details ref={details} open={refusal ? true : undefined}>
      <summary className={disclosureSummaryButton} aria-label={`Refund ${guest.name}'s contribution`}>
        Refund
      </summary>
      <fetcher.Form ref={form} method="post" action={action} noValidate className="mt-3 space-y-3 rounded-xl border border-danger/40 bg-night/40 p-3">
        {summary}
        <input type="hidden" name="intent" value="refund-contribution" />
        <input type="hidden" name="eventId" value={props.eventId} />
        <input type="hidden" name="reservationId" value={guest.reservationId} />
        <p className="text-sm text-sand">
          {props.byCard ? "Given back to the guest's card through Stripe." : "Paid by hand: give the money back yourself; this marks it refunded."} Up to {formatDollars(props.refundableCents)}.
        </p>
        <TextField
          id={`${idPrefix}-amount`}
          name="amount"
          label="Amount to refund, in dollars"
          inputMode="decimal"
          autoComplete="off"
          required
          defaultValue={values.amount || dollarsField(props.refundableCents)}
          error={errors.amount}
        />
        <TextField id={`${idPrefix}-reason`} name="reason" label="Reason" autoComplete="off" required maxLength={300} defaultValue={values.reason} error={errors.reason} />
        <button type="submit" className="inline-flex min-h-12 w-full items-center justify-center rounded-full border border-danger/60 px-5 text-danger hover:bg-danger/10 sm:w-auto" disabled={saving}>
          {saving ? "Refunding…" : "Refund"}
        </button>
      </fetcher.Form>
    </details>
  );
}
