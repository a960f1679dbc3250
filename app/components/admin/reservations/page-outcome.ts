import type { StaffOutcome } from "#app/components/admin/staff-outcome";

/** What the reservations page's action answers: a staff outcome, and the event row it concerns (its failure shows under that row). */
export type ReservationsPageOutcome = StaffOutcome & { target?: string };

/** The fetcher key of an event row's forms, so each row shows its own answers. */
export const rowFetcherKey = (eventId: string) => `reservations-row-${eventId}`;

/**
 * The fetcher key of 'Delete event': its answer arrives as the event's row leaves the page, so the
 * table, which stays, shows it (a row's own fetcher would be gone before it could).
 */
export const eventDeletionFetcherKey = "reservations-delete-event";
