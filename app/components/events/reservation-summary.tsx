import { contributionLabel } from "#app/modules/payments";
import type { ReservationResult } from "#app/modules/reservations";

export type ConfirmedReservation = Extract<ReservationResult, { ok: true }>["reservation"];

/** What was reserved, that the confirmation e-mail is on its way, and the contribution to pay now or later. */
export function ReservationSummary(props: { reservation: ConfirmedReservation }) {
  const { reservation } = props;
  return (
    <>
      <Summary reservation={reservation} />
      {reservation.contribution ? <PayContribution reservation={reservation} contribution={reservation.contribution} /> : null}
    </>
  );
}

/**
 * "Pay my contribution": a plain form post (no JavaScript needed, nothing to hydrate) to the guest's
 * contribution page, which opens Stripe's hosted checkout for the amount the server computes.
 * Without Stripe configured, the amount and the e-mail's link.
 */
function PayContribution(props: { reservation: ConfirmedReservation; contribution: NonNullable<ConfirmedReservation["contribution"]> }) {
  const label = contributionLabel(props.contribution.totalCents, props.reservation.seats);
  if (!props.contribution.payPath) {
    return <p className="mt-4 text-sm text-sand">Your contribution: {label}, paid through the link in your confirmation e-mail.</p>;
  }
  return (
    <form method="post" action={props.contribution.payPath} className="mt-5 space-y-2">
      <input type="hidden" name="intent" value="pay" />
      <button type="submit" className="button-primary w-full">
        {`Pay my contribution (${label})`}
      </button>
      <span className="block text-xs text-sand">Paid securely on Stripe&rsquo;s page. You can also pay later from the link in your e-mail.</span>
    </form>
  );
}

function Summary(props: { reservation: ConfirmedReservation }) {
  const { reservation } = props;
  return (
    <p className="text-sand">
      {reservation.seats === 1 ? "One seat is" : `${reservation.seats} seats are`} reserved for you at{" "}
      <strong className="text-ivory">{reservation.eventTitle}</strong> on {reservation.dateLabel} at {reservation.timeLabel}. A
      confirmation e-mail with the details and the contribution link is on its way to{" "}
      <strong className="break-words text-amber">{reservation.email}</strong>.
      {reservation.cancelPath ? (
        <>
          {" "}
          Plans changed?{" "}
          <a href={reservation.cancelPath} className="text-amber underline underline-offset-4 hover:text-ivory">
            Cancel or change this reservation
          </a>
          .
        </>
      ) : null}
      {reservation.mailWarning ? (
        <strong className="mt-3 block text-rose-200" data-testid="reservation-mail-warning">
          {reservation.mailWarning}
        </strong>
      ) : null}
    </p>
  );
}
