// The module's front door for server code: what other modules, routes and components may use. Everything else is private to the module (docs/decisions/049).
// Check-in: the door list (asks the policy with the event).
export { loadCheckIn } from "./arrivals.server";
// Cancelling from a guest link.
export { cancelReservation, showCancellation } from "./cancel-reservation.server";
// Check-in: a tap.
export { checkInGuest } from "./check-in-guest.server";
// Staff: deleting an event with its reservations.
export { deleteEventWithReservations } from "./delete-event-with-reservations.server";
// Staff: deleting a reservation.
export { deleteReservation } from "./delete-reservation.server";
// The door event: where event staff land after signing in.
export { findDoorEvent } from "./door-event.server";
// Staff: the guest list's CSV (logged).
export { exportGuestList } from "./export-guest-list.server";
// Renderers at delivery for guests' e-mails.
export { reservationRenderers } from "./guest-emails.server";
// Staff: guests by hand (add, edit).
export { answerGuestForm } from "./guest-forms-action.server";
// Reservations made outside the form (demo content, tests).
export { insertReservations } from "./insert-reservations.server";
// The jobs: waiting-list offers and expiries, reminders.
export { reservationJobs } from "./jobs.server";
// Joining a full event's waiting list.
export { joinWaitingList } from "./join-waiting-list.server";
// The reservations page's events and guests.
export { type AdminEvent, listReservationsAdmin } from "./list-reservations-admin.server";
// Staff: offering seats to an entry.
export { offerManually } from "./offer-manually.server";
// The confirmation, rendered when sent.
export { reservationConfirmationRenderer } from "./reservation-confirmation.server";
// The reservation form's use case.
export { phoneToTextProblem, reserveSeatsForVisitor } from "./reserve-seats-for-visitor.server";
// The spec's sendReservationEmail endpoint.
export { reservationEmailMessages, reservationEmailRequestSchema, sendReservationEmail } from "./send-reservation-email.server";
// Staff: max seats.
export { setMaxSeats } from "./set-max-seats.server";
// Staff: reminders on or off.
export { setRemindersEnabled } from "./set-reminders-enabled.server";
// Check-in: undoing a tap.
export { undoCheckIn } from "./undo-check-in.server";
// Waiting-list links: see one's place, claim an offer, leave.
export { claimOffer, leaveWaitingList, showWaitingListLink } from "./waiting-list-links.server";
// What mailings read of reservations: an event's guests to reach, the events that have guests (a subquery).
export { eventGuestContacts, eventIdsWithGuests, type GuestContact } from "./guests-for-mailings.server";
