// Check-in's door for code that may also run in the browser, re-exported by the reservations module's index.ts (outside code imports that one).
export { type ArrivalCounts, arrivalSummary, arrivedWithPending, type CheckInGuest, type CheckInIntent, checkInMessages, countArrivals, guestMatches, tapLabels } from "./check-in";
// The door scanner: what a scanned code turned out to be, in words.
export { describeScan, type ScanResult, type ScanTone, type ScanWords } from "./scan-result";
