import { eq } from "drizzle-orm";
import type { Database } from "#app/lib/db.server";
import { firstErrorPerField } from "#app/lib/form-errors";
import { siteConfig } from "#app/lib/site-config";
import type { ActivityKind } from "#app/modules/activity";
import { recordActivity, type StaffActor } from "#app/modules/activity/index.server";
import { events, type EventRow } from "#db/schema";
import { disabledLabel, PAST_EVENT } from "./event-card-action";
import { formatVenueDateTime } from "#app/lib/event-dates";
import { eventFailures, eventToasts, withReason } from "./event-management-messages";
import { databaseErrorCode, failure, isEventId, loggedFields, refuseUnlessManager, type EventActor, type EventFailure, type EventOutcome } from "./event-management.server";
import { duplicateEventSchema, duplicateEventValues, type DuplicateEventFields } from "./duplicate-event-form";
import { slugForEvent } from "./event-slug";
import { venueDateTimeToInstant } from "./event-venue-time";

/**
 * An event's one lifecycle (docs/decisions/041):
 *
 *   draft ──Publish──▶ published ──Unpublish──▶ draft
 *   draft, published ──Archive──▶ archived ──Restore──▶ draft
 *   draft, archived ──Delete for good──▶ (gone, with its reservations)
 *
 * The public pages show exactly the published events. Every move is an admin's (`manage-events`),
 * checked here, and logged in the transaction of its change, before → after.
 */
export type EventStatus = EventRow["status"];

/** The event locked for this transaction, or the action's not-found failure. */
async function lockedEvent(tx: Database, id: string, failed: string): Promise<EventRow | EventFailure> {
  const [event] = isEventId(id) ? await tx.select().from(events).where(eq(events.id, id)).for("update") : [];
  return event ?? failure("not-found", withReason(failed, "the event no longer exists"));
}

const isFailure = (value: EventRow | EventFailure): value is EventFailure => "ok" in value;

interface Move {
  /** The states the move starts from; any other is refused with the reason `refusal` gives. */
  from: readonly EventStatus[];
  to: EventStatus;
  kind: ActivityKind;
  failed: string;
  succeeded: string;
  refusal: (status: EventStatus) => string;
}

/** One lifecycle move of one event, under its row lock. */
async function moveEvent(db: Database, actor: EventActor, id: string, move: Move): Promise<EventOutcome<{ event: EventRow }>> {
  const refused = refuseUnlessManager(actor, move.failed);
  if (refused) return refused;
  return db.transaction(async (tx) => {
    const before = await lockedEvent(tx, id, move.failed);
    if (isFailure(before)) return before;
    if (!move.from.includes(before.status)) return failure("conflict", withReason(move.failed, move.refusal(before.status)));
    const [after] = await tx.update(events).set({ status: move.to, updatedAt: new Date() }).where(eq(events.id, before.id)).returning();
    await recordActivity(tx, actor, {
      kind: move.kind,
      subjectType: "event",
      subjectId: before.id,
      subjectLabel: before.title,
      before: { status: before.status },
      after: { status: move.to },
    });
    return { ok: true as const, message: move.succeeded, event: after! };
  });
}

/** Draft → published: on every public page at once. */
export function publishEvent(db: Database, actor: EventActor, input: { id: string }) {
  return moveEvent(db, actor, input.id, {
    from: ["draft"],
    to: "published",
    kind: "event.published",
    failed: eventFailures.publish,
    succeeded: eventToasts.published,
    refusal: (status) => (status === "published" ? "it is already published" : "it is archived: restore it first"),
  });
}

/** Published → draft: off the public pages, still on the staff pages, reservations kept. */
export function unpublishEvent(db: Database, actor: EventActor, input: { id: string }) {
  return moveEvent(db, actor, input.id, {
    from: ["published"],
    to: "draft",
    kind: "event.unpublished",
    failed: eventFailures.unpublish,
    succeeded: eventToasts.unpublished,
    refusal: (status) => (status === "draft" ? "it is already a draft" : "it is archived"),
  });
}

/** Draft or published → archived: put away, off the site, its reservations kept. */
export function archiveEvent(db: Database, actor: EventActor, input: { id: string }) {
  return moveEvent(db, actor, input.id, {
    from: ["draft", "published"],
    to: "archived",
    kind: "event.archived",
    failed: eventFailures.archive,
    succeeded: eventToasts.archived,
    refusal: () => "it is already archived",
  });
}

/** Archived → draft: back among the drafts, to be checked and published again. */
export function restoreEvent(db: Database, actor: EventActor, input: { id: string }) {
  return moveEvent(db, actor, input.id, {
    from: ["archived"],
    to: "draft",
    kind: "event.restored",
    failed: eventFailures.restore,
    succeeded: eventToasts.restored,
    refusal: () => "it is not archived",
  });
}

/** The pin: a featured event comes first on every listing while it is upcoming. */
export async function toggleFeatured(db: Database, actor: EventActor, input: { id: string }): Promise<EventOutcome<{ event: EventRow }>> {
  const failed = eventFailures.featured;
  const refused = refuseUnlessManager(actor, failed);
  if (refused) return refused;
  return db.transaction(async (tx) => {
    const before = await lockedEvent(tx, input.id, failed);
    if (isFailure(before)) return before;
    const [after] = await tx.update(events).set({ featured: !before.featured, updatedAt: new Date() }).where(eq(events.id, before.id)).returning();
    await recordActivity(tx, actor, {
      kind: "event.featured-changed",
      subjectType: "event",
      subjectId: before.id,
      subjectLabel: before.title,
      before: { featured: before.featured },
      after: { featured: !before.featured },
    });
    return { ok: true as const, message: eventToasts.featured, event: after! };
  });
}

/**
 * What other modules keep pointing at an event, which goes with it when it is deleted for good:
 * the reservations module's `eventReservations` (its reservations, waiting list and guest links).
 * Passed in by the caller, so this module never touches those tables itself and never imports the
 * module that reads events (docs/decisions/064).
 */
export interface EventDependents {
  /** Locks them before the event's row is locked (the order their own writers take: no deadlock). */
  lock(tx: Database, eventId: string): Promise<void>;
  /** Removes them inside the transaction that holds the locks; answers how many reservations went. */
  remove(tx: Database, eventId: string): Promise<number>;
}

/**
 * Removes a draft or archived event for good, with its reservations (the warning names how many).
 * A published event must be unpublished or archived first, so nothing public vanishes by one click.
 */
export async function deleteEventForGood(
  db: Database,
  actor: EventActor,
  input: { id: string },
  dependents: EventDependents,
): Promise<EventOutcome<{ reservationsDeleted: number }>> {
  const failed = eventFailures.deleteForGood;
  const refused = refuseUnlessManager(actor, failed);
  if (refused) return refused;
  return db.transaction(async (tx) => {
    // No event has another id: nothing to lock (and the lookup answers not found).
    if (isEventId(input.id)) await dependents.lock(tx, input.id);
    const event = await lockedEvent(tx, input.id, failed);
    if (isFailure(event)) return event;
    if (event.status === "published") return failure("conflict", withReason(failed, "it is published: unpublish or archive it first"));
    const reservationsDeleted = await removeEventForGood(tx, actor, event, dependents);
    return { ok: true as const, message: eventToasts.deletedForGood, reservationsDeleted };
  });
}

/**
 * Removes a locked event and what points at it for good and logs it: the one way an event leaves
 * the database, from the events page or the reservations page. Runs inside the caller's
 * transaction, which holds the dependents' locks and the event's row.
 */
export async function removeEventForGood(tx: Database, actor: StaffActor, event: EventRow, dependents: EventDependents): Promise<number> {
  const removed = await dependents.remove(tx, event.id);
  await tx.delete(events).where(eq(events.id, event.id));
  await recordActivity(tx, actor, {
    kind: "event.deleted-permanently",
    subjectType: "event",
    subjectId: event.id,
    subjectLabel: event.title,
    before: { ...loggedFields(event), status: event.status, reservations: removed },
  });
  return removed;
}

const slugTaken = "An event with this title already starts at this date and time";

/**
 * A copy of an event for a new date and time (asked for: a duplicate on the same evening is never
 * what is meant), as a draft with no reservations, featuring or placement, not sold out; it keeps
 * the title unless another is typed (its start time alone gives it its own address). A 'Past Event'
 * label is not copied: the new date decides.
 */
export async function duplicateEvent(
  db: Database,
  actor: EventActor,
  input: DuplicateEventFields & { id: string },
): Promise<EventOutcome<{ event: EventRow }>> {
  const failed = eventFailures.duplicate;
  const refused = refuseUnlessManager(actor, failed);
  if (refused) return refused;
  const values = duplicateEventValues(input);
  const invalid = (fieldErrors: Record<string, string>) =>
    failure("invalid", withReason(failed, Object.values(fieldErrors)[0]), { fieldErrors, values: values as Record<string, string> });
  const parsed = duplicateEventSchema.safeParse(values);
  if (!parsed.success) return invalid(firstErrorPerField(parsed.error.issues));
  const { title, date, time } = parsed.data;
  const timeZone = siteConfig.venue.timeZone;
  const startsAt = venueDateTimeToInstant(date, time, timeZone);
  const slug = slugForEvent(title, startsAt);
  try {
    return await db.transaction(async (tx) => {
      const [original] = isEventId(input.id) ? await tx.select().from(events).where(eq(events.id, input.id)) : [];
      if (!original) return failure("not-found", withReason(failed, "the event no longer exists"));
      const [taken] = await tx.select({ id: events.id }).from(events).where(eq(events.slug, slug));
      if (taken) return invalid({ title: slugTaken });
      const { id: _id, createdAt: _created, updatedAt: _updated, ...fields } = original;
      const [copy] = await tx
        .insert(events)
        .values({
          ...fields,
          title,
          slug,
          startsAt,
          status: "draft",
          featured: false,
          placement: null,
          soldOut: false,
          seatsTaken: 0,
          doorExtraSeats: 0,
          button: disabledLabel(original.button) === PAST_EVENT ? null : original.button,
        })
        .returning();
      await recordActivity(tx, actor, {
        kind: "event.duplicated",
        subjectType: "event",
        subjectId: copy!.id,
        subjectLabel: copy!.title,
        before: { from: original.title, fromId: original.id, startsAt: original.startsAt.toISOString() },
        after: { startsAt: copy!.startsAt.toISOString(), status: copy!.status },
      });
      return { ok: true as const, message: eventToasts.duplicated(formatVenueDateTime(copy!.startsAt, timeZone)), event: copy! };
    });
  } catch (error) {
    if (databaseErrorCode(error) === "23505") return invalid({ title: slugTaken });
    throw error;
  }
}
