import { useRef } from "react";
import { useNavigate } from "react-router";
import { ShownDialog } from "#app/components/ui/modal";
import { ReservationSummary, type ConfirmedReservation } from "./reservation-summary";

/** Opens when the card's reservation succeeded; closing it goes home (public-site.md section 2). */
export default function ReservationConfirmed({ reservation }: { reservation: ConfirmedReservation }) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const navigate = useNavigate();
  return (
    <ShownDialog
      dialogRef={dialogRef}
      openCount={1}
      title="Reservation Confirmed!"
      onClose={() => void navigate("/")}
      className="fixed inset-0 m-auto h-fit max-h-[92svh] w-[min(30rem,calc(100vw-2rem))] rounded-3xl"
    >
      <div className="mt-4 space-y-6">
        <ReservationSummary reservation={reservation} />
        <button type="button" className="button-primary w-full" onClick={() => dialogRef.current?.close()}>
          Back to Home
        </button>
      </div>
    </ShownDialog>
  );
}
