import type { ReservationResult } from "#app/modules/reservations";

export type ConfirmedReservation = Extract<ReservationResult, { ok: true }>["reservation"];

/** What was reserved, and that the confirmation e-mail is on its way. */
export function ReservationSummary(props: { reservation: ConfirmedReservation }) {
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
