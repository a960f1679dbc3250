// The module's front door for code that may also run in the browser: what other modules, routes and components may use. Everything else is private to the module (docs/decisions/049).
// Check-in: counts, matching, tap labels and texts.
export { type ArrivalCounts, arrivalSummary, arrivedWithPending, type CheckInGuest, type CheckInIntent, checkInMessages, countArrivals, guestMatches, tapLabels } from "./check-in/index";
// The door scanner: a scanned code's result in words; ticket codes as the phone reads and hashes them.
export { describeScan, type ScanResult, type ScanTone, type ScanWords } from "./check-in/index";
export { hashTicketCodeInBrowser, normaliseTicketCode } from "./tickets/ticket-code";
// The reservation form: schema, limits, submission key, texts.
export { MAX_SEATS_PER_RESERVATION, MIN_SEATS, newSubmissionKey, type ReservationField, reservationMessages, type ReservationResult, reservationSchema, seatBudgetContact, typedReservationValues } from "./reservation-form";
// The reservations page's texts.
export { failedWith, reservationsAdminMessages } from "./reservations-admin-messages";
// A guest's contribution in words (the guest list, the door).
export { contributionWords, type GuestContributionView, mayRecordPayment } from "./contribution-words";
