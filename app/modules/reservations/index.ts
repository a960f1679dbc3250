// The module's front door for code that may also run in the browser: what other modules, routes and components may use. Everything else is private to the module (docs/decisions/049).
// Check-in: counts, matching, tap labels and texts.
export {
  type ArrivalCounts,
  arrivalMessage,
  arrivalSummary,
  arrivedWithPending,
  type CheckInGuest,
  type CheckInIntent,
  checkInMessages,
  countArrivals,
  guestMatches,
  tapLabels,
  type DoorGuest,
  type DoorList,
  type DoorSyncAnswer,
  type DoorTap,
  type DoorTapKind,
  DOOR_SYNC_MAX_TAPS,
  type TicketLookup,
  applyQueuedTaps,
  doorGuestViews,
  withQueuedTaps,
  arrivedAfterTap,
  type DoorConnection,
  type DoorGuestView,
  doorStatusWords,
  isExpired,
  readOfflineWalkIn,
  describeScan,
  type ScanResult,
  type ScanTone,
  type ScanWords,
} from "./check-in/index";
export { hashTicketCodeInBrowser, normaliseTicketCode } from "./tickets/ticket-code";

// The reservation form: schema, limits, submission key, texts.
export { MAX_SEATS_PER_RESERVATION, MIN_SEATS, newSubmissionKey, type ReservationField, reservationMessages, type ReservationResult, reservationSchema, seatBudgetContact, typedReservationValues } from "./reservation-form";
// The reservations page's texts.
export { failedWith, reservationsAdminMessages } from "./reservations-admin-messages";
// A guest's contribution in words (the guest list, the door).
export { contributionWords, type GuestContributionView, mayRecordPayment } from "./contribution-words";
// Tickets: a code's QR image as pages draw it, and what it is read out as.
export { ticketImageLabel, type TicketQr, ticketQrPath, ticketQrViewBox, type TicketView } from "./tickets/ticket-qr";
