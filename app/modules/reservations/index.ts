// The module's front door for code that may also run in the browser: what other modules, routes and components may use. Everything else is private to the module (docs/decisions/049).
export { type ArrivalCounts, arrivalSummary, arrivedWithPending, type CheckInGuest, type CheckInIntent, checkInMessages, countArrivals, guestMatches, tapLabels } from "./check-in/index";
export { MAX_SEATS_PER_RESERVATION, MIN_SEATS, newSubmissionKey, type ReservationField, reservationMessages, type ReservationResult, reservationSchema, seatBudgetContact, typedReservationValues } from "./reservation-form";
export { failedWith, reservationsAdminMessages } from "./reservations-admin-messages";
