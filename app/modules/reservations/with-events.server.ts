import type { Database } from "#app/lib/db.server";
import { findEventsByIds } from "#app/modules/events/index.server";
import type { EventRow } from "#db/schema";

/**
 * Rows of this module (reservations, waiting-list entries) each with its event, read through the
 * events module in one more statement (docs/decisions/064). A row whose event is gone is left out,
 * as an inner join would.
 */
export async function withTheirEvents<Row extends { eventId: string }>(db: Database, rows: readonly Row[]): Promise<Array<{ row: Row; event: EventRow }>> {
  const byId = await findEventsByIds(
    db,
    rows.map((row) => row.eventId),
  );
  return rows.flatMap((row) => {
    const event = byId.get(row.eventId);
    return event ? [{ row, event }] : [];
  });
}
