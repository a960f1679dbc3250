// Check-in's door for code that may also run in the browser, re-exported by the reservations module's index.ts (outside code imports that one).
export { type ArrivalCounts, arrivalMessage, arrivalSummary, arrivedWithPending, type CheckInGuest, type CheckInIntent, checkInMessages, countArrivals, guestMatches, tapLabels } from "./check-in";
export { type DoorGuest, type DoorList, type DoorSyncAnswer, type DoorTap, type DoorTapKind, DOOR_SYNC_MAX_TAPS, type TicketLookup } from "./door-sync";
export { applyQueuedTaps, arrivedAfterTap, doorGuestViews, withQueuedTaps, type DoorConnection, type DoorGuestView, doorStatusWords, isExpired, readOfflineWalkIn } from "./door-state";
// The door scanner: what a scanned code turned out to be, in words.
export { describeScan, type ScanResult, type ScanTone, type ScanWords } from "./scan-result";
