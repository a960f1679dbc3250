import { asc, eq } from "drizzle-orm";
import type { CsvColumn } from "#app/lib/csv.server";
import type { Database } from "#app/lib/db.server";
import { exportList } from "#app/modules/activity/index.server";
import { formatVenueDateTime } from "#app/lib/event-dates";
import { can } from "#app/modules/access";
import { reservations, type ReservationRow } from "#db/schema";
import { findEvent } from "#app/modules/events/index.server";
import type { ReservationsActor } from "./staff-outcome.server";

/** The columns, with the time of each reservation at the venue, written as every staff page writes it. */
const guestColumns = (timeZone: string): readonly CsvColumn<ReservationRow>[] => [
  { header: "Name", value: (row) => row.visitorName },
  { header: "Email", value: (row) => row.visitorEmail },
  { header: "Phone", value: (row) => row.phone },
  { header: "Seats", value: (row) => row.seats },
  { header: "Arrived", value: (row) => row.arrivedSeats },
  { header: "Reserved at", value: (row) => formatVenueDateTime(row.createdAt, timeZone) },
];

export type GuestListExport =
  | { ok: true; csv: string; rows: number; slug: string }
  | { ok: false; reason: "forbidden" | "not-found"; message: string };

/**
 * One event's guest list as CSV (formula-safe), logged like the dashboard's exports: the read and
 * its activity entry share a transaction (exportList), so every answered export is in the log.
 * Event staff export only the lists of events in their scope.
 */
export async function exportGuestList(db: Database, actor: ReservationsActor, eventId: string, options: { timeZone: string }): Promise<GuestListExport> {
  if (!can(actor, "manage-reservations")) return { ok: false, reason: "forbidden", message: "You may not export guest lists." };
  const event = await findEvent(db, { eventId });
  if (!event) return { ok: false, reason: "not-found", message: "There is no such event." };
  if (!can(actor, "manage-reservations", { event })) return { ok: false, reason: "forbidden", message: "Event staff export the guest lists of published events taking reservations only." };
  const { csv, rows } = await exportList(db, actor, {
    name: `guests of ${event.slug}`,
    read: (tx) => tx.select().from(reservations).where(eq(reservations.eventId, event.id)).orderBy(asc(reservations.createdAt), asc(reservations.id)),
    columns: guestColumns(options.timeZone),
  });
  return { ok: true, csv, rows, slug: event.slug };
}
