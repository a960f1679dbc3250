import { and, eq, ne, sql } from "drizzle-orm";
import type { Database } from "#app/lib/db.server";
import { siteConfig } from "#app/lib/site-config";
import { firstErrorPerField } from "#app/lib/form-errors";
import { changedFields } from "#app/modules/activity";
import { recordActivity } from "#app/modules/activity/index.server";
import { events, type EventRow } from "#db/schema";
import { eventFormSchema, eventFormValues, type EventFormData, type EventFormFields } from "./event-form";
import { eventFailures, eventToasts, withReason } from "./event-management-messages";
import { databaseErrorCode, failure, isEventId, loggedFields, refuseUnlessManager, type EventActor, type EventFailure, type EventOutcome } from "./event-management.server";
import { slugForEvent } from "./event-slug";
import { venueDateTimeToInstant } from "./event-venue-time";

/** Serialises changes of a placement so two staff giving it to two events leave one holder. */
const EVENT_PLACEMENT_LOCK = 4_201_922;

const slugTaken = "An event with this title already starts at this date and time";

function invalid(failed: string, input: EventFormFields, fieldErrors: Record<string, string>): EventFailure {
  const first = Object.values(fieldErrors)[0];
  return failure("invalid", withReason(failed, first), { fieldErrors, values: eventFormValues(input) as Record<string, string> });
}

function parse(failed: string, input: EventFormFields): { data: EventFormData; startsAt: Date } | EventFailure {
  const parsed = eventFormSchema.safeParse(input);
  if (!parsed.success) return invalid(failed, input, firstErrorPerField(parsed.error.issues));
  return { data: parsed.data, startsAt: venueDateTimeToInstant(parsed.data.date, parsed.data.time, siteConfig.venue.timeZone) };
}

function columns(data: EventFormData, startsAt: Date) {
  return {
    title: data.title,
    slug: slugForEvent(data.title, startsAt),
    startsAt,
    description: data.description,
    image: data.image,
    location: data.location,
    address: data.address,
    getTicketsLink: data.ticketsLink,
    button: data.button,
    maxSeats: data.maxSeats,
    placement: data.placement,
    soldOut: data.soldOut,
  };
}

async function slugInUse(tx: Database, slug: string, exceptId?: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: events.id })
    .from(events)
    .where(exceptId ? and(eq(events.slug, slug), ne(events.id, exceptId)) : eq(events.slug, slug));
  return Boolean(row);
}

/** Takes a placement away from every other event (one holder per page), logging each change. */
async function clearPlacementElsewhere(tx: Database, actor: EventActor, placement: "rsvp" | "vip", keepId: string): Promise<void> {
  const cleared = await tx
    .update(events)
    .set({ placement: null, updatedAt: new Date() })
    .where(and(eq(events.placement, placement), ne(events.id, keepId)))
    .returning({ id: events.id, title: events.title });
  for (const event of cleared) {
    await recordActivity(tx, actor, {
      kind: "event.updated",
      subjectType: "event",
      subjectId: event.id,
      subjectLabel: event.title,
      before: { placement },
      after: { placement: null },
    });
  }
}

/**
 * A new event: always a draft (off the public pages until published), placed by its date like
 * every event (docs/decisions/041). The one way an event is created.
 */
export async function createEvent(db: Database, actor: EventActor, input: EventFormFields): Promise<EventOutcome<{ event: EventRow }>> {
  const failed = eventFailures.create;
  const refused = refuseUnlessManager(actor, failed);
  if (refused) return refused;
  const parsed = parse(failed, input);
  if ("ok" in parsed) return parsed;
  const values = columns(parsed.data, parsed.startsAt);
  try {
    return await db.transaction(async (tx) => {
      if (await slugInUse(tx, values.slug)) return invalid(failed, input, { title: slugTaken });
      if (values.placement) await tx.execute(sql.raw(`SELECT pg_advisory_xact_lock(${EVENT_PLACEMENT_LOCK})`));
      const [event] = await tx
        .insert(events)
        .values({ ...values, status: "draft", featured: false })
        .returning();
      if (values.placement) await clearPlacementElsewhere(tx, actor, values.placement, event!.id);
      await recordActivity(tx, actor, { kind: "event.created", subjectType: "event", subjectId: event!.id, subjectLabel: event!.title, after: loggedFields(event!) });
      return { ok: true as const, message: eventToasts.created, event: event! };
    });
  } catch (error) {
    if (databaseErrorCode(error) === "23505") return invalid(failed, input, { title: slugTaken });
    throw error;
  }
}

/** Saves the form over an event; max seats never drop below the seats already reserved. */
export async function updateEvent(db: Database, actor: EventActor, input: EventFormFields & { id: string }): Promise<EventOutcome<{ event: EventRow }>> {
  const failed = eventFailures.update;
  const refused = refuseUnlessManager(actor, failed);
  if (refused) return refused;
  const parsed = parse(failed, input);
  if ("ok" in parsed) return parsed;
  if (!isEventId(input.id)) return failure("not-found", withReason(failed, "the event no longer exists"));
  const values = columns(parsed.data, parsed.startsAt);
  try {
    return await db.transaction(async (tx) => {
      if (values.placement) await tx.execute(sql.raw(`SELECT pg_advisory_xact_lock(${EVENT_PLACEMENT_LOCK})`));
      // The row lock makes a reservation arriving meanwhile wait, so the seat check below holds.
      const [before] = await tx.select().from(events).where(eq(events.id, input.id)).for("update");
      if (!before) return failure("not-found", withReason(failed, "the event no longer exists"));
      if (values.maxSeats !== null && values.maxSeats < before.seatsTaken) {
        return invalid(failed, input, {
          maxSeats: `${before.seatsTaken} seats are already reserved: max seats cannot be lower than that`,
        });
      }
      if (values.slug !== before.slug && (await slugInUse(tx, values.slug, before.id))) return invalid(failed, input, { title: slugTaken });
      const [after] = await tx
        .update(events)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(events.id, before.id))
        .returning();
      if (values.placement && values.placement !== before.placement) await clearPlacementElsewhere(tx, actor, values.placement, before.id);
      const changes = changedFields(loggedFields(before), loggedFields(after!));
      if (changes) {
        await recordActivity(tx, actor, { kind: "event.updated", subjectType: "event", subjectId: before.id, subjectLabel: after!.title, ...changes });
      }
      return { ok: true as const, message: eventToasts.updated, event: after! };
    });
  } catch (error) {
    const code = databaseErrorCode(error);
    if (code === "23505") return invalid(failed, input, { title: slugTaken });
    if (code === "23514") return invalid(failed, input, { maxSeats: "More seats are reserved than this: max seats cannot be lower than that" });
    throw error;
  }
}
