// The module's front door for server code: what other modules, routes and components may use. Everything else is private to the module (docs/decisions/049).
// Cancelling from a guest link.
export { cancelReservation, showCancellation } from "./cancel-reservation.server";
// Check-in (its sub-folder): the door list, a tap, undoing it, the door event where event staff land.
export { checkInGuest, type DoorOptions, doorSyncMessages, findDoorEvent, loadCheckIn, loadDoorList, lookUpTicket, syncDoorTaps, ticketLookupMessages, undoCheckIn } from "./check-in/index.server";
// Ticket codes (docs/decisions/067): a reservation's signed code, and the hash a door list gives phones.
export { ticketCode, ticketHash } from "./tickets/ticket-code.server";
// Staff: deleting an event with its reservations.
export { deleteEventWithReservations } from "./delete-event-with-reservations.server";
// Staff: deleting a reservation.
export { deleteReservation } from "./delete-reservation.server";
// An event's reservations for the events module (deleting for good) and other modules: counts and guests.
export { countReservationsByEvent, type EventGuest, eventReservations, listGuestsOfEvent } from "./event-reservations.server";
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
// The reservations page's events and guests.
export { type AdminEvent, listReservationsAdmin } from "./list-reservations-admin.server";
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
// The waiting list (its sub-folder): joining, offers by hand, the links to see one's place, claim an offer, leave.
export { claimOffer, joinWaitingList, leaveWaitingList, offerManually, showWaitingListLink } from "./waiting-list/index.server";
// What mailings read of reservations: an event's guests to reach, the events that have guests (a subquery).
export { eventGuestContacts, eventIdsWithGuests, type GuestContact } from "./guests-for-mailings.server";
// For the declared bulk loaders (the legacy import, the demo seed; docs/decisions/063): batch writers and reads.
export { bulkInsertReservations, recountSeatsTaken, type ReservationBulkRow, reservationIdsPresent } from "./bulk-load.server";
// The seat-taking use case and the confirmation alone, for bench:reservations (routes use reserveSeatsForVisitor).
export { reservationConfirmation } from "./reservation-confirmation.server";
export { reserveSeats } from "./reserve-seats.server";
// Each reservation's contribution (the payments module's states, with what the reservation expects).
export { expectedContributionCents, guestContributions } from "./contributions.server";
// A guest's contribution link: the page, and opening Stripe's checkout from it.
export { type ContributionView, payContribution, type PayContributionOutcome, showContribution } from "./contribution-page.server";
// Staff: a guest's contribution recorded by hand (the guest list, the door) or refunded (admins).
export { type ContributionActionOutcome, recordGuestContribution, refundGuestContribution } from "./guest-contribution-actions.server";
// The dashboard's contributions per event (the next upcoming and the latest past events with guests).
export { contributionsOfRecentEvents, type EventContributions } from "./event-contributions.server";
// Tickets: a reservation's signed code and its QR code, as a page shows them.
export { ticketView } from "./tickets/ticket-image.server";
