// The module's front door for server code: what other modules, routes and components may use. Everything else is private to the module (docs/decisions/049).
export { loadCheckIn } from "./arrivals.server";
export { cancelReservation, showCancellation } from "./cancel-reservation.server";
export { checkInGuest } from "./check-in-guest.server";
export { deleteEventWithReservations } from "./delete-event-with-reservations.server";
export { deleteReservation } from "./delete-reservation.server";
export { findDoorEvent } from "./door-event.server";
export { exportGuestList } from "./export-guest-list.server";
export { reservationRenderers } from "./guest-emails.server";
export { answerGuestForm } from "./guest-forms-action.server";
export { insertReservations } from "./insert-reservations.server";
export { reservationJobs } from "./jobs.server";
export { joinWaitingList } from "./join-waiting-list.server";
export { type AdminEvent, listReservationsAdmin } from "./list-reservations-admin.server";
export { offerManually } from "./offer-manually.server";
export { reservationConfirmationRenderer } from "./reservation-confirmation.server";
export { phoneToTextProblem, reserveSeatsForVisitor } from "./reserve-seats-for-visitor.server";
export { reservationEmailMessages, reservationEmailRequestSchema, sendReservationEmail } from "./send-reservation-email.server";
export { setMaxSeats } from "./set-max-seats.server";
export { setRemindersEnabled } from "./set-reminders-enabled.server";
export { undoCheckIn } from "./undo-check-in.server";
export { claimOffer, leaveWaitingList, showWaitingListLink } from "./waiting-list-links.server";
// What mailings read of reservations: an event's guests to reach, the events that have guests (a subquery).
export { eventGuestContacts, eventIdsWithGuests, type GuestContact } from "./guests-for-mailings.server";
