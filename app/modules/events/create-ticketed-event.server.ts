import { eq } from "drizzle-orm";
import type { Database } from "~/lib/db.server";
import { firstErrorPerField } from "~/lib/form-errors";
import { siteConfig } from "~/lib/site-config";
import { recordActivity } from "~/modules/activity/record-activity.server";
import { can } from "~/modules/members/policy";
import { events, type EventRow } from "../../../db/schema";
import { EVENT_IMAGES } from "./event-images";
import { eventFailures, eventToasts, withReason } from "./event-management-messages";
import { databaseErrorCode, failure, loggedFields, type EventActor, type EventFailure, type EventOutcome } from "./event-management.server";
import { lockEventOrdering, nextDisplayOrder, renumberEvents } from "./event-ordering.server";
import { slugForEvent } from "./event-slug";
import { ticketedEventSchema, ticketedEventValues, type TicketedEventFields } from "./ticketed-event-form";
import { venueDateTimeToInstant } from "./event-venue-time";

const slugTaken = "An event with this name already starts at this date and time";

function invalid(input: TicketedEventFields, fieldErrors: Record<string, string>): EventFailure {
  return failure("invalid", withReason(eventFailures.create, Object.values(fieldErrors)[0]), {
    fieldErrors,
    values: ticketedEventValues(input) as Record<string, string>,
  });
}

/**
 * The reservations page's create-event form (policy `change-seat-limits`: admins only, since
 * what the public can book is theirs to decide): a published, active event that takes reservations
 * at once, with the spec's slug. The public page needs an image and a description, so it gets the picker's first image and an empty
 * description; admins complete it on the event management page. Placed last in the display order
 * under the ordering lock (decision 021), logged in the same transaction.
 */
export async function createTicketedEvent(db: Database, actor: EventActor, input: TicketedEventFields): Promise<EventOutcome<{ event: EventRow }>> {
  if (!can(actor, "change-seat-limits")) return failure("forbidden", `${eventFailures.create}: only an admin may create events`);
  const parsed = ticketedEventSchema.safeParse(input);
  if (!parsed.success) return invalid(input, firstErrorPerField(parsed.error.issues));
  const { name, date, time, maxSeats } = parsed.data;
  const startsAt = venueDateTimeToInstant(date, time, siteConfig.venue.timeZone);
  const slug = slugForEvent(name, startsAt);
  try {
    return await db.transaction(async (tx) => {
      const [taken] = await tx.select({ id: events.id }).from(events).where(eq(events.slug, slug));
      if (taken) return invalid(input, { name: slugTaken });
      await lockEventOrdering(tx);
      await renumberEvents(tx);
      const [event] = await tx
        .insert(events)
        .values({
          title: name,
          slug,
          startsAt,
          description: "",
          image: EVENT_IMAGES[0].path,
          maxSeats,
          status: "published",
          isActive: true,
          featured: false,
          displayOrder: await nextDisplayOrder(tx),
        })
        .returning();
      await recordActivity(tx, actor, { kind: "event.created", subjectType: "event", subjectId: event!.id, subjectLabel: event!.title, after: loggedFields(event!) });
      return { ok: true as const, message: eventToasts.created, event: event! };
    });
  } catch (error) {
    if (databaseErrorCode(error) === "23505") return invalid(input, { name: slugTaken });
    throw error;
  }
}
