import { asc, eq } from "drizzle-orm";
import type { CsvColumn } from "#app/lib/csv.server";
import type { Database } from "#app/lib/db.server";
import { exportList } from "#app/modules/activity/index.server";
import { formatVenueDateTime } from "#app/lib/event-dates";
import { can } from "#app/modules/access";
import { reservations, type ReservationRow } from "#db/schema";
import { findEvent } from "#app/modules/events/index.server";
import { formatDollars } from "#app/modules/payments";
import type { GuestContribution } from "#app/modules/payments/index.server";
import { contributionWords } from "./contribution-words";
import { guestContributions } from "./contributions.server";
import type { ReservationsActor } from "./staff-outcome.server";

type GuestLine = ReservationRow & { contribution: GuestContribution };

/** What was paid and not given back, and given back, of a contribution (nothing when unpaid). */
const held = (state: GuestContribution) => (state.kind === "paid" || state.kind === "refunded" ? state : undefined);

/** The columns, with the time of each reservation at the venue, written as every staff page writes it. */
const guestColumns = (timeZone: string): readonly CsvColumn<GuestLine>[] => [
  { header: "Name", value: (row) => row.visitorName },
  { header: "Email", value: (row) => row.visitorEmail },
  { header: "Phone", value: (row) => row.phone },
  { header: "Seats", value: (row) => row.seats },
  { header: "Arrived", value: (row) => row.arrivedSeats },
  { header: "Reserved at", value: (row) => formatVenueDateTime(row.createdAt, timeZone) },
  { header: "Contribution", value: (row) => contributionWords(row.contribution) },
  { header: "Expected", value: (row) => formatDollars(row.contribution.expectedCents) },
  { header: "Paid", value: (row) => formatDollars(held(row.contribution)?.paidCents ?? 0) },
  { header: "Refunded", value: (row) => formatDollars(held(row.contribution)?.refundedCents ?? 0) },
  { header: "Method", value: (row) => held(row.contribution)?.method ?? "" },
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
    read: async (tx) => {
      const rows = await tx.select().from(reservations).where(eq(reservations.eventId, event.id)).orderBy(asc(reservations.createdAt), asc(reservations.id));
      const states = await guestContributions(tx, rows);
      return rows.map((row) => ({ ...row, contribution: states.get(row.id)! }));
    },
    columns: guestColumns(options.timeZone),
  });
  return { ok: true, csv, rows, slug: event.slug };
}
