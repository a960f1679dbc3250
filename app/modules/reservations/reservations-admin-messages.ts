/**
 * The reservations page's texts (/admin/eventreservations). The spec fixes the failures' words
 * ('Failed to delete reservation: …' and the others, members-and-staff §8); the reason follows the
 * colon. Browser-safe.
 */
export const reservationsAdminMessages = {
  loadFailed: "Failed to load events",
  deleteReservationFailed: "Failed to delete reservation",
  reservationDeleted: "Reservation deleted; its seats are free again.",
  deleteEventFailed: "Failed to delete event",
  eventDeleted: (reservations: number) => `Event deleted with its ${reservations} reservation${reservations === 1 ? "" : "s"}.`,
  seatsFailed: "Failed to update max seats",
  seatsSaved: (maxSeats: number) => `Max seats set to ${maxSeats}.`,
  /** Walk-ins let in at the door after the event filled (docs/decisions/067). */
  overCapacity: (seatsTaken: number, maxSeats: number) => `Over capacity: ${seatsTaken} seats for ${maxSeats}`,
  seatsBelowTaken: (taken: number) => `${taken} seats are already taken: max seats cannot be lower than that`,
  eventGone: "the event no longer exists",
  reservationGone: "the reservation no longer exists",
  notAllowed: "you may not manage reservations",
  seatLimitsNotAllowed: "only an admin may change an event's seats",
  notTakingReservations: "this event does not take reservations here",
  /** Event staff on an event outside their scope (a draft, an archived or a ticket-link event). */
  notInScope: "event staff act only on published events taking reservations",
  deleteNotAllowed: "only an admin may delete events",
  remindersOn: "Reminders switched on for this event.",
  remindersOff: "Reminders switched off for this event.",
  offered: (email: string) => `Seats offered to ${email}.`,
  offerFailed: "Failed to offer seats",
  remindersFailed: "Failed to switch reminders",
  noRecipients: "No recipients for this event.",
  announcementFailed: (reason: string) => `Failed to send announcement: ${reason}`,
  announcementQueued: (count: number, skipped: number) =>
    `Announcement queued for ${count} guest${count === 1 ? "" : "s"}${skipped ? ` (${skipped} unsubscribed, skipped)` : ""}.`,
} as const;

/** 'Failed to delete reservation: the reservation no longer exists' */
export function failedWith(failure: string, reason?: string): string {
  return reason ? `${failure}: ${reason}` : failure;
}
