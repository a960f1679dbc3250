import { memo, useEffect } from "react";
import { EditGuestForm } from "#app/components/admin/guests/guest-forms";
import { useFetcher } from "react-router";
import { toast } from "sonner";
import { formatDollars } from "#app/modules/payments";
import { contributionWords, mayRecordPayment, tapLabels, type CheckInGuest, type CheckInIntent } from "#app/modules/reservations";
import type { StaffOutcome } from "../staff-outcome";
import { DOOR_TAP_FORM } from "./use-forms-after-taps";

/**
 * One guest at the door, with large buttons. Without JavaScript (and before hydration) each
 * button is a plain form post and the page answers. With it, a tap goes to the door phone's store
 * (useDoor): it shows at once, waits in the phone's queue and is sent when there is signal, so a
 * quick second tap, or a tap with no signal, is never lost. The row says while its taps wait.
 */
export const GuestRow = memo(function GuestRow(props: {
  eventId: string;
  guest: CheckInGuest & { waiting?: number; onlyOnThisPhone?: boolean };
  action: string;
  hidden: boolean;
  /** The door store's tap, once the page is hydrated (one function for every row, so a tap re-renders only its row). */
  onTap?: (reservationId: string, seats: number, intent: CheckInIntent) => void;
  /** Whether this person may record payments (the policy): 'Paid in cash' shows then, with signal. */
  mayRecordPayments: boolean;
  online: boolean;
  /** The edit form's refusal for this guest, to show again with what was typed. */
  editAnswered?: StaffOutcome;
}) {
  const { guest, action, onTap } = props;
  const arrived = guest.arrivedSeats;
  const waiting = guest.waiting ?? 0;
  const labels = tapLabels(guest.name, guest.seats);
  const allIn = arrived >= guest.seats;
  const tap = (intent: CheckInIntent, blocked: boolean) => (event: React.FormEvent<HTMLFormElement>) => {
    if (!onTap) return;
    event.preventDefault();
    if (!blocked) onTap(guest.reservationId, guest.seats, intent);
  };

  const nameId = `guest-${guest.reservationId}`;
  return (
    // Busy while taps wait on the phone: the counts shown include them, the server does not yet.
    <li aria-labelledby={nameId} aria-busy={waiting > 0 || undefined} hidden={props.hidden} className={`rounded-2xl border p-4 ${allIn ? "border-sage/60 bg-sage/10" : "border-sand/20 bg-umber/60"}`}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <p id={nameId} className="text-lg font-semibold break-words text-ivory">
          {guest.name}
        </p>
        <p className="text-sm text-sand tabular-nums">
          <span className={allIn ? "font-semibold text-sage" : undefined}>
            {arrived} of {guest.seats} {guest.seats === 1 ? "seat" : "seats"} arrived
          </span>
          {waiting > 0 ? <span className="ml-2 text-mist">Not yet saved</span> : null}
        </p>
      </div>
      <p className="text-sm break-all text-mist">{[guest.email, guest.phone].filter(Boolean).join(" · ") || "No e-mail or phone"}</p>
      <p data-testid="door-contribution" className={`mt-1 text-sm ${guest.contribution.kind === "paid" ? "text-sage" : "text-sand"}`}>
        {guest.onlyOnThisPhone ? "Walk-in: saved to the guest list when this phone has signal" : contributionWords(guest.contribution)}
      </p>
      <div className="mt-3 grid grid-cols-1 gap-2 min-[420px]:grid-cols-2 sm:flex sm:flex-wrap">
        <TapButton intent="arrive-one" reservationId={guest.reservationId} action={action} blocked={allIn} onSubmit={tap("arrive-one", allIn)} primary>
          {labels.arriveOne.visible}
          <span className="sr-only">{labels.arriveOne.forWhom}</span>
        </TapButton>
        {guest.seats > 1 ? (
          <TapButton intent="arrive-all" reservationId={guest.reservationId} action={action} blocked={allIn} onSubmit={tap("arrive-all", allIn)}>
            {labels.arriveAll.visible}
            <span className="sr-only">{labels.arriveAll.forWhom}</span>
          </TapButton>
        ) : null}
        <TapButton intent="undo" reservationId={guest.reservationId} action={action} blocked={arrived === 0} onSubmit={tap("undo", arrived === 0)}>
          {labels.undo.visible}
          <span className="sr-only">{labels.undo.forWhom}</span>
        </TapButton>
        {/* Recording money needs the server's answer there and then: only with signal, never for a walk-in not yet saved. */}
        {props.mayRecordPayments && props.online && !guest.onlyOnThisPhone && mayRecordPayment(guest.contribution) ? <PaidInCash guest={guest} action={action} /> : null}
      </div>
      {/* A walk-in made offline is edited once the server has it. */}
      {guest.onlyOnThisPhone ? null : (
        <div className="mt-3">
          <EditGuestForm eventId={props.eventId} guest={guest} action={action} answered={props.editAnswered} />
        </div>
      )}
    </li>
  );
});

/**
 * 'Paid in cash': one tap records the expected amount in cash (logged). A plain form without
 * JavaScript, as the taps; with it, its own fetcher, and a second tap while the first is on its way
 * (or once it is recorded) does nothing. The server records one payment however many taps arrive,
 * from this phone or another, and says so to the later ones.
 */
function PaidInCash(props: { guest: CheckInGuest; action: string }) {
  const { guest, action } = props;
  const fetcher = useFetcher<StaffOutcome>();
  const recorded = fetcher.state === "idle" && fetcher.data?.ok === true;
  const blocked = fetcher.state !== "idle" || recorded;
  useEffect(() => {
    if (!fetcher.data) return;
    if (fetcher.data.ok) toast.success(fetcher.data.message);
    else toast.error(fetcher.data.message);
  }, [fetcher.data]);
  const submit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!blocked) void fetcher.submit({ intent: "paid-in-cash", reservationId: guest.reservationId }, { method: "post", action, preventScrollReset: true });
  };
  return (
    <form method="post" action={action} onSubmit={submit} className="contents">
      <input type="hidden" name="intent" value="paid-in-cash" />
      <input type="hidden" name="reservationId" value={guest.reservationId} />
      <button
        type="submit"
        aria-disabled={blocked || undefined}
        className="button-secondary min-h-12 w-full touch-manipulation aria-disabled:cursor-not-allowed aria-disabled:opacity-50 sm:w-auto"
      >
        {fetcher.state !== "idle" ? "Recording…" : "Paid in cash"}
        <span className="sr-only">
          {" "}
          for {guest.name}: {formatDollars(guest.contribution.expectedCents)}
        </span>
      </button>
    </form>
  );
}

/**
 * A tap as a form of its own. A button that cannot act is aria-disabled rather than disabled, so
 * the keyboard focus stays on it when the last seat arrives instead of falling back to the page.
 */
function TapButton(props: { intent: CheckInIntent; reservationId: string; action: string; blocked: boolean; primary?: boolean; onSubmit: (event: React.FormEvent<HTMLFormElement>) => void; children: React.ReactNode }) {
  return (
    <form method="post" action={props.action} onSubmit={props.onSubmit} className="contents" {...{ [DOOR_TAP_FORM]: "" }}>
      <input type="hidden" name="intent" value={props.intent} />
      <input type="hidden" name="reservationId" value={props.reservationId} />
      <button
        type="submit"
        aria-disabled={props.blocked || undefined}
        className={`min-h-12 w-full touch-manipulation sm:w-auto ${props.primary ? "button-primary" : "button-secondary"} aria-disabled:cursor-not-allowed aria-disabled:opacity-50`}
      >
        {props.children}
      </button>
    </form>
  );
}
