// Check-in's door for server code, re-exported by the reservations module's index.server.ts (outside code imports that one).
export { type CheckInActor, type CheckInEvent, type CheckInListGuest, type CheckInListOutcome, type CheckInOutcome, loadCheckIn } from "./arrivals.server";
export { checkInGuest, checkInSeats } from "./check-in-guest.server";
export { findDoorEvent } from "./door-event.server";
export { undoCheckIn } from "./undo-check-in.server";
