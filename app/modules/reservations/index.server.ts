// The module's front door for server code: what other modules, routes and components may use. Everything else is private to the module (docs/decisions/049).
export { cancelReservation, showCancellation } from "./cancel-reservation.server";
export { checkInGuest, findDoorEvent, loadCheckIn, undoCheckIn } from "./check-in/index.server";
export { deleteEventWithReservations } from "./delete-event-with-reservations.server";
export { deleteReservation } from "./delete-reservation.server";
export { countReservationsByEvent, type EventGuest, eventReservations, listGuestsOfEvent } from "./event-reservations.server";
export { exportGuestList } from "./export-guest-list.server";
export { reservationRenderers } from "./guest-emails.server";
export { answerGuestForm } from "./guest-forms-action.server";
export { insertReservations } from "./insert-reservations.server";
export { reservationJobs } from "./jobs.server";
export { type AdminEvent, listReservationsAdmin } from "./list-reservations-admin.server";
export { reservationConfirmationRenderer } from "./reservation-confirmation.server";
export { phoneToTextProblem, reserveSeatsForVisitor } from "./reserve-seats-for-visitor.server";
export { reservationEmailMessages, reservationEmailRequestSchema, sendReservationEmail } from "./send-reservation-email.server";
export { setMaxSeats } from "./set-max-seats.server";
export { setRemindersEnabled } from "./set-reminders-enabled.server";
export { claimOffer, joinWaitingList, leaveWaitingList, offerManually, showWaitingListLink } from "./waiting-list/index.server";
