import { and, asc, gte, isNotNull, ne } from "drizzle-orm";
import type { Database } from "~/lib/db.server";
import { can, type Actor } from "~/modules/access";
import { instantToVenueDateTime, venueDateTimeToInstant } from "~/modules/events";
import { events } from "../../../db/schema";

/**
 * The event the door works tonight: the first event taking reservations that starts today (in
 * the venue's time zone) or later, archived ones aside, and one the person may run (the policy,
 * asked with each event: event staff's are the published ones); null when none is coming. Event
 * staff land on its check-in after signing in.
 */
export async function findDoorEvent(db: Database, actor: Actor, options: { timeZone: string; now?: Date }): Promise<{ id: string } | null> {
  const today = instantToVenueDateTime(options.now ?? new Date(), options.timeZone).date;
  const startOfToday = venueDateTimeToInstant(today, "00:00", options.timeZone);
  const coming = await db
    .select({ id: events.id, status: events.status, maxSeats: events.maxSeats })
    .from(events)
    .where(and(isNotNull(events.maxSeats), ne(events.status, "archived"), gte(events.startsAt, startOfToday)))
    .orderBy(asc(events.startsAt), asc(events.id));
  const event = coming.find((candidate) => can(actor, "manage-reservations", { event: candidate }));
  return event ? { id: event.id } : null;
}
